package dev.fluxlab.targets.reactor.transport;

import reactor.netty.resources.LoopResources;

/**
 * Event loops that really run epoll, for Reactor Netty 1.2 on Netty 4.1: without the io_uring incubator on the
 * classpath, Reactor Netty's own resources with {@code preferNative=true} are epoll loops, so no loops of the lab's
 * are needed (the server still checks the bound channel's class). The Reactor Netty 1.3 classpath has its own version
 * of this class.
 */
public final class EpollLoops {

    private EpollLoops() {
    }

    /**
     * @param selectCount acceptor threads; below 1 the workers also accept
     * @param colocate    whether clients on these loops are colocated
     */
    public static LoopResources create(String threadPrefix, int selectCount, int workers, boolean colocate) {
        return LoopResources.create(threadPrefix, selectCount, workers, true, colocate);
    }
}
