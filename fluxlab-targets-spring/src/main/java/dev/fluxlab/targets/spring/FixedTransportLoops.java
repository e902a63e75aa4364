package dev.fluxlab.targets.spring;

import dev.fluxlab.targets.reactor.transport.TransportLoops;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import java.time.Duration;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;

/**
 * The lab's {@link TransportLoops} as {@link LoopResources} whose native choice is fixed. Spring Boot hands its
 * server the loops of the {@code ReactorResourceFactory} with {@code runOn(loops)}, that is with Reactor Netty's
 * default {@code preferNative=true}; this wrapper answers every {@code onServer/onClient(useNative)} with the flag
 * the requested transport needs (false for NIO), so {@code --transport nio} really runs NIO under Spring too.
 */
final class FixedTransportLoops implements LoopResources {

    private final LoopResources delegate;
    private final boolean preferNative;

    FixedTransportLoops(TransportLoops loops) {
        this.delegate = loops.loops();
        this.preferNative = loops.preferNative();
    }

    @Override
    public EventLoopGroup onServer(boolean useNative) {
        return delegate.onServer(preferNative);
    }

    @Override
    public EventLoopGroup onServerSelect(boolean useNative) {
        return delegate.onServerSelect(preferNative);
    }

    @Override
    public EventLoopGroup onClient(boolean useNative) {
        return delegate.onClient(preferNative);
    }

    @Override
    public <C extends Channel> C onChannel(Class<C> channelType, EventLoopGroup group) {
        return delegate.onChannel(channelType, group);
    }

    @Override
    public <C extends Channel> Class<? extends C> onChannelClass(Class<C> channelType, EventLoopGroup group) {
        return delegate.onChannelClass(channelType, group);
    }

    @Override
    public boolean daemon() {
        return delegate.daemon();
    }

    @Override
    public boolean isDisposed() {
        return delegate.isDisposed();
    }

    @Override
    public Mono<Void> disposeLater(Duration quietPeriod, Duration timeout) {
        return delegate.disposeLater(quietPeriod, timeout);
    }
}
