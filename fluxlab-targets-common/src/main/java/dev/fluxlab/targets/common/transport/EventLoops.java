package dev.fluxlab.targets.common.transport;

import dev.fluxlab.model.transport.Transport;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.MultithreadEventExecutorGroup;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * A server's event loops on one concrete transport, built on plain Netty: the workers and the acceptors (the same
 * group when no separate acceptor threads are asked for). Stacks that take a Netty group (raw Netty; Reactor Netty
 * through a {@code LoopResources} adapter) run on these, so an explicit transport really is the one they run.
 * Threads are daemons named {@code <prefix>-<transport>-...}. The groups are the kind the Netty line on the classpath
 * builds ({@link NettyLine}: Netty 4.2's {@code IoHandler} groups, Netty 4.1's per-transport ones), so this record
 * holds them by Netty's one type for both, {@link EventLoopGroup}.
 *
 * @param transport the concrete transport ({@link TransportSupport#resolve} of what was asked)
 * @param workers   the event loops serving connections
 * @param selectors the acceptor loops; {@code workers} itself when the workers also accept
 */
public record EventLoops(Transport transport, EventLoopGroup workers, EventLoopGroup selectors) {

    /**
     * Creates the loops for {@code requested}.
     *
     * @param selectCount acceptor threads; below 1 the workers also accept
     * @param workerCount event-loop worker threads, at least 1
     * @throws TransportUnavailableException when an explicit transport cannot run here
     */
    public static EventLoops create(Transport requested, String threadPrefix, int selectCount, int workerCount) {
        TransportSupport.checkLoops("workers", workerCount);
        Transport transport = TransportSupport.resolve(requested);
        String prefix = threadPrefix + "-" + transport.label();
        NettyLine line = NettyLine.current();
        EventLoopGroup workers = line.group(transport, workerCount, new DefaultThreadFactory(prefix, true));
        EventLoopGroup selectors = selectCount < 1 ? workers
                : line.group(transport, selectCount, new DefaultThreadFactory(prefix + "-select", true));
        return new EventLoops(transport, workers, selectors);
    }

    /** How many worker event loops serve connections (both lines' groups are multi-threaded executor groups). */
    public int workerCount() {
        return ((MultithreadEventExecutorGroup) workers).executorCount();
    }

    /** Shuts both groups down gracefully; completes when both have terminated (exceptionally if one failed). */
    public CompletableFuture<Void> shutdown(Duration quietPeriod, Duration timeout) {
        CompletableFuture<Void> w = GroupShutdown.of(workers, quietPeriod, timeout);
        return selectors == workers ? w
                : CompletableFuture.allOf(w, GroupShutdown.of(selectors, quietPeriod, timeout));
    }
}
