package dev.fluxlab.targets.reactor.transport;

import dev.fluxlab.targets.common.transport.EventLoops;
import io.netty.channel.EventLoopGroup;
import java.time.Duration;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;

/**
 * {@link LoopResources} over the lab's own {@link EventLoops}: used where Reactor Netty's own resources cannot be told
 * which native transport to use. Reactor Netty 1.3.8's {@code DefaultLoopNativeDetector} always prefers io_uring
 * when it is available and has no switch for epoll, so an explicit {@code --transport epoll} needs event loops built
 * on {@code EpollIoHandler}; Reactor Netty then picks the matching channel class from the group
 * ({@link LoopResources#onChannel}), so the whole server really runs on that transport.
 *
 * <p>Like Reactor Netty's defaults the threads are daemons, a select count below 1 means the workers also
 * accept connections, and clients are colocated unless asked otherwise ({@link LoopResources#colocate}): a client
 * connection is registered on the loop of the thread that asks for it, as on Reactor Netty's own resources.
 */
public final class IoHandlerLoopResources implements LoopResources {

    private final EventLoops loops;
    private final EventLoopGroup clientGroup;
    private volatile boolean disposed;

    /** @param colocate whether clients on these loops are colocated */
    public IoHandlerLoopResources(EventLoops loops, boolean colocate) {
        this.loops = loops;
        this.clientGroup = colocate ? LoopResources.colocate(loops.workers()) : loops.workers();
    }

    @Override
    public EventLoopGroup onServer(boolean useNative) {
        return loops.workers();
    }

    @Override
    public EventLoopGroup onServerSelect(boolean useNative) {
        return loops.selectors();
    }

    @Override
    public EventLoopGroup onClient(boolean useNative) {
        return clientGroup;
    }

    @Override
    public boolean daemon() {
        return true;
    }

    @Override
    public boolean isDisposed() {
        return disposed;
    }

    @Override
    public Mono<Void> disposeLater(Duration quietPeriod, Duration timeout) {
        return Mono.defer(() -> {
            disposed = true;
            return Mono.fromFuture(loops.shutdown(quietPeriod, timeout));
        });
    }
}
