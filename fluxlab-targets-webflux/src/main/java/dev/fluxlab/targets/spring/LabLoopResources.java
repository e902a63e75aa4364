package dev.fluxlab.targets.spring;

import dev.fluxlab.targets.common.transport.EventLoops;
import io.netty.channel.EventLoopGroup;
import java.time.Duration;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;

/**
 * The lab's {@link EventLoops} (transport and worker count) as Reactor Netty {@link LoopResources}. Spring Boot hands
 * its server the loops of the {@code ReactorResourceFactory} with {@code runOn(loops)}, Reactor Netty's default
 * {@code preferNative=true}; these resources answer every {@code onServer/onClient(useNative)} with the lab's groups
 * whatever the flag, and Reactor Netty takes the channel class from the group ({@link LoopResources#onChannel}), so
 * {@code --transport nio} or {@code epoll} really runs that transport under Spring too.
 */
public final class LabLoopResources implements LoopResources {

    private final EventLoops loops;
    private volatile boolean disposed;

    public LabLoopResources(EventLoops loops) {
        this.loops = loops;
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
        return loops.workers();
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
