package dev.fluxlab.targets.reactor.transport;

import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.transport.EventLoops;
import reactor.netty.resources.LoopResources;

/**
 * Event loops that really run epoll, for Reactor Netty 1.3 on Netty 4.2: its {@code DefaultLoopNativeDetector} always
 * prefers io_uring when that is available and has no switch for epoll, so the loops are the lab's own
 * {@code EpollIoHandler} groups behind {@link IoHandlerLoopResources}. Its source differs per Reactor Netty line: the
 * Reactor Netty 1.2 module compiles {@code src/reactor-netty1.2/java}'s version.
 */
public final class EpollLoops {

    private EpollLoops() {
    }

    /**
     * @param selectCount acceptor threads; below 1 the workers also accept
     * @param colocate    whether clients on these loops are colocated
     */
    public static LoopResources create(String threadPrefix, int selectCount, int workers, boolean colocate) {
        return new IoHandlerLoopResources(EventLoops.create(Transport.EPOLL, threadPrefix, selectCount, workers),
                colocate);
    }
}
