package dev.fluxlab.targets.reactor.transport;

import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.transport.EventLoops;
import reactor.netty.resources.LoopResources;

/**
 * Event loops that really run epoll, for Reactor Netty 1.3 on Netty 4.2: its {@code DefaultLoopNativeDetector} always
 * prefers io_uring when that is available and has no switch for epoll, so the loops are the lab's own
 * {@code EpollIoHandler} groups behind {@link IoHandlerLoopResources}. This is the one class of the Reactor Netty
 * targets whose source differs per Reactor Netty line (fluxlab-targets-reactor-1.2 has its own).
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
