package dev.fluxlab.loadgen;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The I/O transport of the injector's event loops. {@code native} prefers epoll (the most proven native
 * transport for a client), then io_uring, then NIO; an explicitly requested native transport that is not
 * available is an error rather than a silent fallback.
 *
 * @param name         the transport actually used: {@code epoll}, {@code io_uring} or {@code nio}
 * @param factory      the Netty I/O handler factory
 * @param channelClass the client socket channel class
 */
public record Transport(String name, IoHandlerFactory factory, Class<? extends SocketChannel> channelClass) {

    /** Picks the transport for {@code wanted} ({@code native}, {@code epoll}, {@code io_uring}, {@code nio}). */
    public static Transport select(String wanted) {
        switch (wanted) {
            case "nio":
                return nio();
            case "epoll":
                if (!Epoll.isAvailable()) {
                    throw new IllegalArgumentException("--transport epoll is not available here: " + Epoll.unavailabilityCause());
                }
                return epoll();
            case "io_uring":
                if (!IoUring.isAvailable()) {
                    throw new IllegalArgumentException("--transport io_uring is not available here: " + IoUring.unavailabilityCause());
                }
                return ioUring();
            default:
                if (Epoll.isAvailable()) {
                    return epoll();
                }
                if (IoUring.isAvailable()) {
                    return ioUring();
                }
                return nio();
        }
    }

    private static Transport epoll() {
        return new Transport("epoll", EpollIoHandler.newFactory(), EpollSocketChannel.class);
    }

    private static Transport ioUring() {
        return new Transport("io_uring", IoUringIoHandler.newFactory(), IoUringSocketChannel.class);
    }

    private static Transport nio() {
        return new Transport("nio", NioIoHandler.newFactory(), NioSocketChannel.class);
    }

    /** A group of {@code threads} event loops on this transport (daemon threads named {@code fluxlab-load-N}). */
    public MultiThreadIoEventLoopGroup newGroup(int threads) {
        return new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("fluxlab-load", true), factory);
    }
}
