package dev.fluxlab.targets.reactor.transport;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.Future;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;

/**
 * {@link LoopResources} bound to one Netty {@link IoHandlerFactory}: used where Reactor Netty's own resources cannot
 * be told which native transport to use. Reactor Netty 1.3.8's {@code DefaultLoopNativeDetector} always prefers
 * io_uring when it is available and has no switch for epoll, so an explicit {@code --transport epoll} needs event
 * loops built on {@code EpollIoHandler}; Reactor Netty then picks the matching channel class from the group
 * ({@link LoopResources#onChannel}), so the whole server really runs on that transport.
 *
 * <p>Like Reactor Netty's defaults the threads are daemons, and a select count below 1 means the workers also
 * accept connections.
 */
final class IoHandlerLoopResources implements LoopResources {

    private final EventLoopGroup workers;
    private final EventLoopGroup selectors;
    private volatile boolean disposed;

    IoHandlerLoopResources(String threadPrefix, int selectCount, int workerCount, IoHandlerFactory factory) {
        this.workers = new MultiThreadIoEventLoopGroup(workerCount,
                new DefaultThreadFactory(threadPrefix, true), factory);
        this.selectors = selectCount < 1 ? workers : new MultiThreadIoEventLoopGroup(selectCount,
                new DefaultThreadFactory(threadPrefix + "-select", true), factory);
    }

    @Override
    public EventLoopGroup onServer(boolean useNative) {
        return workers;
    }

    @Override
    public EventLoopGroup onServerSelect(boolean useNative) {
        return selectors;
    }

    @Override
    public EventLoopGroup onClient(boolean useNative) {
        return workers;
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
            Mono<Void> w = shutdown(workers, quietPeriod, timeout);
            return selectors == workers ? w : Mono.whenDelayError(w, shutdown(selectors, quietPeriod, timeout));
        });
    }

    private static Mono<Void> shutdown(EventLoopGroup group, Duration quietPeriod, Duration timeout) {
        return Mono.create(sink -> {
            Future<?> f = group.shutdownGracefully(quietPeriod.toMillis(), timeout.toMillis(), TimeUnit.MILLISECONDS);
            f.addListener(done -> {
                if (done.isSuccess()) {
                    sink.success();
                } else {
                    sink.error(done.cause());
                }
            });
        });
    }
}
