package dev.fluxlab.targets.common.transport;

import dev.fluxlab.model.transport.Transport;
import io.netty.channel.MultithreadEventLoopGroup;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * A server's event loops on one concrete transport, Netty 4.1's per-transport groups ({@code EpollEventLoopGroup},
 * {@code NioEventLoopGroup}): the workers and the acceptors (the same group when no separate acceptor threads are
 * asked for), daemon threads named {@code <prefix>-<transport>-...}. The Netty 4.2 classpath has its own version of
 * this record (Netty 4.2's {@code IoHandler} groups, and io_uring).
 *
 * @param transport the concrete transport ({@link TransportSupport#resolve} of what was asked)
 * @param workers   the event loops serving connections
 * @param selectors the acceptor loops; {@code workers} itself when the workers also accept
 */
public record EventLoops(Transport transport, MultithreadEventLoopGroup workers, MultithreadEventLoopGroup selectors) {

    /**
     * Creates the loops for {@code requested}.
     *
     * @param selectCount acceptor threads; below 1 the workers also accept
     * @param workerCount event-loop worker threads, at least 1
     * @throws TransportUnavailableException when an explicit transport cannot run here (io_uring never can)
     */
    public static EventLoops create(Transport requested, String threadPrefix, int selectCount, int workerCount) {
        TransportSupport.checkLoops("workers", workerCount);
        Transport transport = TransportSupport.resolve(requested);
        String prefix = threadPrefix + "-" + transport.label();
        MultithreadEventLoopGroup workers = group(transport, workerCount, new DefaultThreadFactory(prefix, true));
        MultithreadEventLoopGroup selectors = selectCount < 1 ? workers
                : group(transport, selectCount, new DefaultThreadFactory(prefix + "-select", true));
        return new EventLoops(transport, workers, selectors);
    }

    private static MultithreadEventLoopGroup group(Transport transport, int threads, DefaultThreadFactory factory) {
        return switch (transport) {
            case EPOLL -> new EpollEventLoopGroup(threads, factory);
            case NIO -> new NioEventLoopGroup(threads, factory);
            case IO_URING, NATIVE -> throw new IllegalArgumentException("no Netty 4.1 event loops for " + transport);
        };
    }

    /** Shuts both groups down gracefully; completes when both have terminated (exceptionally if one failed). */
    public CompletableFuture<Void> shutdown(Duration quietPeriod, Duration timeout) {
        CompletableFuture<Void> w = GroupShutdown.of(workers, quietPeriod, timeout);
        return selectors == workers ? w
                : CompletableFuture.allOf(w, GroupShutdown.of(selectors, quietPeriod, timeout));
    }
}
