package dev.fluxlab.targets.reactor.transport;

import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.transport.NettyLine;
import dev.fluxlab.targets.common.transport.TransportSupport;
import dev.fluxlab.targets.common.transport.TransportUnavailableException;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import reactor.netty.resources.LoopResources;

import java.time.Duration;

/**
 * The event loops for one transport choice, as the pair Reactor Netty's {@code runOn(loops, preferNative)} takes.
 *
 * <ul>
 *   <li>{@code native}: Reactor Netty's own {@link LoopResources#create} with {@code preferNative=true}, which
 *       takes io_uring, then epoll, then NIO;</li>
 *   <li>{@code io_uring}: the same, after checking io_uring is available (Reactor Netty would otherwise silently
 *       fall back);</li>
 *   <li>{@code nio}: Reactor Netty's own resources with {@code preferNative=false};</li>
 *   <li>{@code epoll}: {@link EpollLoops}, the loops that really run epoll on this Reactor Netty line (1.3.8 has no
 *       way to prefer epoll over an available io_uring, so there they are the lab's own epoll loops).</li>
 * </ul>
 * Clients running on these loops are colocated (a connection is registered on the loop of the thread that asks for
 * it) unless created with {@code colocate=false}, on every transport alike.
 *
 * @param requested    what was asked for
 * @param expected     the concrete transport these loops run ({@link TransportSupport#resolve})
 * @param loops        the resources to pass to {@code runOn}
 * @param preferNative the flag to pass to {@code runOn}
 */
public record TransportLoops(Transport requested, Transport expected, LoopResources loops, boolean preferNative) {

    /** Reactor Netty's default worker count: {@code max(cores, 4)} unless {@code -Dreactor.netty.ioWorkerCount}. */
    public static final int DEFAULT_WORKERS = LoopResources.DEFAULT_IO_WORKER_COUNT;

    /** Reactor Netty's default select count: -1, the workers also accept. */
    public static final int DEFAULT_SELECT_COUNT = LoopResources.DEFAULT_IO_SELECT_COUNT;

    /**
     * Creates the loops.
     *
     * @param threadPrefix name prefix of the event-loop threads
     * @param selectCount  acceptor threads; below 1 the workers also accept
     * @param workers      event-loop worker threads, at least 1
     * @throws TransportUnavailableException when an explicit transport cannot run here
     */
    public static TransportLoops create(Transport requested, String threadPrefix, int selectCount, int workers) {
        return create(requested, threadPrefix, selectCount, workers, true);
    }

    /**
     * {@link #create(Transport, String, int, int)} choosing whether clients on these loops are colocated.
     *
     * @param colocate {@code false}: a client connection goes to the group's next loop, whichever thread asks, in
     *                 turn over the loops ({@link ChooserSafeLoopResources} on Netty 4.2)
     */
    public static TransportLoops create(Transport requested, String threadPrefix, int selectCount, int workers,
                                        boolean colocate) {
        TransportSupport.checkLoops("workers", workers);
        Transport expected = TransportSupport.resolve(requested);
        int select = selectCount < 1 ? -1 : selectCount;
        TransportLoops made = switch (requested) {
            case EPOLL -> new TransportLoops(requested, expected,
                    EpollLoops.create(threadPrefix, select, workers, colocate), true);
            case NIO -> new TransportLoops(requested, expected,
                    LoopResources.create(threadPrefix, select, workers, true, colocate), false);
            case NATIVE, IO_URING -> new TransportLoops(requested, expected,
                    LoopResources.create(threadPrefix, select, workers, true, colocate), true);
        };
        if (colocate || !NettyLine.current().ioHandlerGroups()) {
            return made;
        }
        // not colocated: a client connection takes the group's next loop, which the channel-type detection must
        // not advance (ChooserSafeLoopResources says why), else the connections do not spread
        return new TransportLoops(made.requested(), made.expected(), new ChooserSafeLoopResources(made.loops()),
                made.preferNative());
    }

    /**
     * Stops the event loops, the one shutdown of every Reactor Netty target's loops: no quiet period (a target stops
     * when told to), at most 5 s for the tasks already running, and at most 10 s of waiting for it all.
     */
    public void close() {
        loops.disposeLater(Duration.ZERO, Duration.ofSeconds(5)).block(Duration.ofSeconds(10));
    }

    /** The number of worker event loops the server really runs on. */
    public int workerCount() {
        EventLoopGroup group = loops.onServer(preferNative);
        int n = 0;
        for (EventExecutor ignored : group) {
            n++;
        }
        return n;
    }
}
