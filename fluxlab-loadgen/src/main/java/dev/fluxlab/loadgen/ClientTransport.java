package dev.fluxlab.loadgen;

import dev.fluxlab.model.transport.NativeOrder;
import dev.fluxlab.model.transport.Transport;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringDatagramChannel;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The injector's I/O transport as Netty classes: a {@link Transport} name mapped to its handler factory and client
 * socket channel. {@code native} takes the first available in {@link NativeOrder#INJECTOR} (epoll, io_uring, NIO:
 * why the injector's order differs from the targets' is written there); an explicitly requested native transport
 * that is not available is an error rather than a silent fallback.
 *
 * @param name         the transport actually used: {@code epoll}, {@code io_uring} or {@code nio}
 * @param factory      the Netty I/O handler factory
 * @param channelClass the client socket channel class
 */
public record ClientTransport(String name, IoHandlerFactory factory, Class<? extends SocketChannel> channelClass) {

    /** Picks the transport for {@code wanted} ({@code native}, {@code epoll}, {@code io_uring}, {@code nio}). */
    public static ClientTransport select(String wanted) {
        Transport t = Transport.of(wanted);
        if (t == Transport.NATIVE) {
            t = NativeOrder.INJECTOR.resolve(ClientTransport::available);
        } else if (!available(t)) {
            throw new IllegalArgumentException("--transport " + t.label() + " is not available here: "
                    + (t == Transport.EPOLL ? Epoll.unavailabilityCause() : IoUring.unavailabilityCause()));
        }
        return switch (t) {
            case EPOLL -> new ClientTransport(t.label(), EpollIoHandler.newFactory(), EpollSocketChannel.class);
            case IO_URING -> new ClientTransport(t.label(), IoUringIoHandler.newFactory(), IoUringSocketChannel.class);
            default -> new ClientTransport(Transport.NIO.label(), NioIoHandler.newFactory(), NioSocketChannel.class);
        };
    }

    private static boolean available(Transport t) {
        return switch (t) {
            case EPOLL -> Epoll.isAvailable();
            case IO_URING -> IoUring.isAvailable();
            default -> true;
        };
    }

    /**
     * The UDP channel class of this transport, for HTTP/3's QUIC connections: registered on the same event loops as
     * the TCP channels, so the injector's threads and their CPU accounting are the same for every protocol.
     */
    public Class<? extends DatagramChannel> datagramChannelClass() {
        return switch (name) {
            case "epoll" -> EpollDatagramChannel.class;
            case "io_uring" -> IoUringDatagramChannel.class;
            default -> NioDatagramChannel.class;
        };
    }

    /** A group of {@code threads} event loops on this transport (daemon threads named {@code fluxlab-load-N}). */
    public MultiThreadIoEventLoopGroup newGroup(int threads) {
        return new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("fluxlab-load", true), factory);
    }
}
