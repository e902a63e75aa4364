package dev.fluxlab.targets.common.transport;

import dev.fluxlab.model.transport.Transport;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;

/**
 * Netty 4.2: {@code MultiThreadIoEventLoopGroup}s of the transport's {@code IoHandler}; epoll and io_uring are both
 * part of Netty. Loaded only on a Netty 4.2 classpath ({@link NettyLine#current}): none of its types exists on 4.1.
 */
final class Netty42Line implements NettyLine {

    @Override
    public EventLoopGroup group(Transport transport, int threads, ThreadFactory threadFactory) {
        return new MultiThreadIoEventLoopGroup(threads, threadFactory, factory(transport));
    }

    /** Netty's I/O handler factory for a concrete transport. */
    private static IoHandlerFactory factory(Transport transport) {
        return switch (transport) {
            case IO_URING -> IoUringIoHandler.newFactory();
            case EPOLL -> EpollIoHandler.newFactory();
            case NIO -> NioIoHandler.newFactory();
            case NATIVE -> throw new IllegalArgumentException("resolve native to a concrete transport first");
        };
    }

    @Override
    public Optional<Throwable> unavailabilityCause(Transport transport) {
        return switch (transport) {
            case IO_URING -> IoUring.isAvailable() ? Optional.empty() : Optional.of(IoUring.unavailabilityCause());
            case EPOLL -> Epoll.isAvailable() ? Optional.empty() : Optional.of(Epoll.unavailabilityCause());
            case NIO, NATIVE -> Optional.empty();
        };
    }

    @Override
    public boolean ioHandlerGroups() {
        return true;
    }
}
