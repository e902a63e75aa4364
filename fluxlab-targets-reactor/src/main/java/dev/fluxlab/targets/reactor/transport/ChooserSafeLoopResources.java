package dev.fluxlab.targets.reactor.transport;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import java.time.Duration;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;

/**
 * {@link LoopResources} whose channel-type detection does not move the round-robin of the group it inspects, so
 * that a client whose connections take "the group's next loop" ({@code colocate=false}) really spreads them.
 *
 * <p>Why: for each new pooled connection Reactor Netty 1.3.8 calls {@code group.next()} twice on the client group:
 * once in {@code TransportConnector.connect} to pick the connection's loop, and once while choosing the channel
 * class ({@link LoopResources#onChannel} -> {@code DefaultLoopNativeDetector.forGroup} -> {@code supportGroup} ->
 * {@code IoEventLoopGroup.isCompatible}, which in Netty 4.2.18 and earlier asks {@code next()}). With two loops every
 * connection therefore lands on the same loop, and with any even count on every other loop only. Netty 4.2.19 made
 * {@code isCompatible} side-effect free (netty/netty#17544); this class gives the same result on the lab's pinned
 * Netty by handing the detector one loop of the group (found by iterating, which leaves the chooser alone) instead
 * of the group: an {@code IoEventLoop} is itself a group that answers {@code isCompatible} for its own handler.
 *
 * <p>Everything else is the wrapped resources' own. Only for Netty 4.2 groups ({@code IoHandler} based); on Netty 4.1
 * Reactor Netty 1.2 detects by the group's class, which a single loop is not, and never calls {@code next()} there.
 */
public final class ChooserSafeLoopResources implements LoopResources {

    private final LoopResources delegate;

    /** @param delegate the resources whose loops and lifecycle these are */
    public ChooserSafeLoopResources(LoopResources delegate) {
        this.delegate = delegate;
    }

    /** One loop of {@code group} (the first by iteration) when it is a group itself, else {@code group}. */
    static EventLoopGroup probe(EventLoopGroup group) {
        for (EventExecutor e : group) {
            return e instanceof EventLoopGroup loop ? loop : group;
        }
        return group;
    }

    @Override
    public <C extends Channel> C onChannel(Class<C> channelType, EventLoopGroup group) {
        return delegate.onChannel(channelType, probe(group));
    }

    @Override
    public <C extends Channel> Class<? extends C> onChannelClass(Class<C> channelType, EventLoopGroup group) {
        return delegate.onChannelClass(channelType, probe(group));
    }

    @Override
    public EventLoopGroup onServer(boolean useNative) {
        return delegate.onServer(useNative);
    }

    @Override
    public EventLoopGroup onServerSelect(boolean useNative) {
        return delegate.onServerSelect(useNative);
    }

    @Override
    public EventLoopGroup onClient(boolean useNative) {
        return delegate.onClient(useNative);
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
    public void dispose() {
        delegate.dispose();
    }

    @Override
    public Mono<Void> disposeLater() {
        return delegate.disposeLater();
    }

    @Override
    public Mono<Void> disposeLater(Duration quietPeriod, Duration timeout) {
        return delegate.disposeLater(quietPeriod, timeout);
    }
}
