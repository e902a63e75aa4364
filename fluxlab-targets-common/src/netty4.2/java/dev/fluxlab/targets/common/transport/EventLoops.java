package dev.fluxlab.targets.common.transport;

import dev.fluxlab.model.transport.Transport;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * A server's event loops on one concrete transport, built on plain Netty: the workers and the acceptors (the same
 * group when no separate acceptor threads are asked for). Stacks that take a Netty group (raw Netty; Reactor Netty
 * through a {@code LoopResources} adapter) run on these, so an explicit transport really is the one they run.
 * Threads are daemons named {@code <prefix>-<transport>-...}. Netty 4.2's {@code IoHandler} groups: the Netty 4.1
 * modules compile {@code src/netty4.1/java}'s version of this record instead.
 *
 * @param transport the concrete transport ({@link TransportSupport#resolve} of what was asked)
 * @param workers   the event loops serving connections
 * @param selectors the acceptor loops; {@code workers} itself when the workers also accept
 */
public record EventLoops(Transport transport, MultiThreadIoEventLoopGroup workers,
                         MultiThreadIoEventLoopGroup selectors) {

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
        MultiThreadIoEventLoopGroup workers = new MultiThreadIoEventLoopGroup(workerCount,
                new DefaultThreadFactory(prefix, true), factory(transport));
        MultiThreadIoEventLoopGroup selectors = selectCount < 1 ? workers : new MultiThreadIoEventLoopGroup(
                selectCount, new DefaultThreadFactory(prefix + "-select", true), factory(transport));
        return new EventLoops(transport, workers, selectors);
    }

    /** Netty's I/O handler factory for a concrete transport. */
    public static IoHandlerFactory factory(Transport transport) {
        return switch (transport) {
            case IO_URING -> IoUringIoHandler.newFactory();
            case EPOLL -> EpollIoHandler.newFactory();
            case NIO -> NioIoHandler.newFactory();
            case NATIVE -> throw new IllegalArgumentException("resolve native to a concrete transport first");
        };
    }

    /** Shuts both groups down gracefully; completes when both have terminated (exceptionally if one failed). */
    public CompletableFuture<Void> shutdown(Duration quietPeriod, Duration timeout) {
        CompletableFuture<Void> w = GroupShutdown.of(workers, quietPeriod, timeout);
        return selectors == workers ? w
                : CompletableFuture.allOf(w, GroupShutdown.of(selectors, quietPeriod, timeout));
    }
}
