package dev.fluxlab.targets.reactor.transport;

import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.transport.EventLoops;
import dev.fluxlab.targets.common.transport.NettyLine;
import reactor.netty.resources.LoopResources;

/**
 * Event loops that really run epoll, on whichever Reactor Netty line the classpath carries (the lab's one piece of
 * Reactor Netty code whose way differs per line; the rest of this module's bytecode is the same on both):
 * <ul>
 *   <li>Reactor Netty 1.3 on Netty 4.2: its {@code DefaultLoopNativeDetector} always prefers io_uring when that is
 *       available and has no switch for epoll, so the loops are the lab's own {@code EpollIoHandler} groups behind
 *       {@link IoHandlerLoopResources};</li>
 *   <li>Reactor Netty 1.2 on Netty 4.1: without the io_uring incubator on the classpath, Reactor Netty's own resources
 *       with {@code preferNative=true} are epoll loops, so no loops of the lab's are needed (the server still checks
 *       the bound channel's class).</li>
 * </ul>
 * The Netty line decides ({@link NettyLine#ioHandlerGroups}): Reactor Netty 1.3 needs Netty 4.2, 1.2 runs on 4.1.
 * {@link IoHandlerLoopResources} is loaded only on the first path.
 */
public final class EpollLoops {

    private EpollLoops() {
    }

    /**
     * @param selectCount acceptor threads; below 1 the workers also accept
     * @param colocate    whether clients on these loops are colocated
     */
    public static LoopResources create(String threadPrefix, int selectCount, int workers, boolean colocate) {
        if (!NettyLine.current().ioHandlerGroups()) {
            return LoopResources.create(threadPrefix, selectCount, workers, true, colocate);
        }
        return new IoHandlerLoopResources(EventLoops.create(Transport.EPOLL, threadPrefix, selectCount, workers),
                colocate);
    }
}
