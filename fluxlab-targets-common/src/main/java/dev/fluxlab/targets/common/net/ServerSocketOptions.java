package dev.fluxlab.targets.common.net;

import dev.fluxlab.model.transport.Transport;
import io.netty.channel.ChannelOption;

/**
 * The socket knobs of a Netty-based lab server and where each one goes: {@code SO_BACKLOG} and {@code TCP_FASTOPEN}
 * on the listening socket; {@code TCP_NODELAY}, {@code SO_SNDBUF} and {@code SO_KEEPALIVE} on every accepted
 * connection; {@code SO_RCVBUF} and the allocator on both (the receive buffer on the listening socket too, so the
 * window scale of accepted connections is negotiated for it; one allocator instance for both). Written once for the
 * plain Reactor Netty target, the Spring {@code webflux-netty} one and the raw Netty one (a {@code ServerBootstrap}), on
 * every Netty line they build on:
 * {@link #applyTo} takes the server's own option setters, so no Reactor Netty type is needed here.
 *
 * @param backlog     {@code SO_BACKLOG}, {@code null} for Netty's default (from somaxconn)
 * @param tcpNoDelay  {@code TCP_NODELAY} on accepted connections
 * @param rcvbuf      {@code SO_RCVBUF} bytes, {@code null} for the OS's (autotuned)
 * @param sndbuf      {@code SO_SNDBUF} bytes, {@code null} for the OS's (autotuned)
 * @param tcpFastOpen {@code TCP_FASTOPEN} queue length (epoll and io_uring only), {@code null} for off
 * @param soKeepAlive {@code SO_KEEPALIVE} on accepted connections, {@code null} for the OS's default
 * @param allocator   {@code ByteBufAllocator} of the listening and accepted channels, {@code null} for Netty's
 */
public record ServerSocketOptions(
        Integer backlog,
        boolean tcpNoDelay,
        Integer rcvbuf,
        Integer sndbuf,
        Integer tcpFastOpen,
        Boolean soKeepAlive,
        ServerAllocator allocator) {

    /**
     * One of a server's option setters, e.g. Reactor Netty's {@code HttpServer::option} (listening socket) and
     * {@code HttpServer::childOption} (accepted connections); it returns the server to go on with.
     */
    @FunctionalInterface
    public interface Setter<S> {
        <T> S set(S server, ChannelOption<T> option, T value);
    }

    /**
     * Refuses a knob the transport cannot honour.
     *
     * @param transport the transport the server will run on, resolved ({@code native} already made concrete)
     * @throws IllegalArgumentException for {@code tcpFastOpen} on NIO
     */
    public void requireSupportedBy(Transport transport) {
        if (tcpFastOpen != null && transport == Transport.NIO) {
            throw new IllegalArgumentException("--tcp-fastopen needs the epoll or io_uring transport: Java's NIO "
                    + "sockets have no TCP_FASTOPEN option (transport here: nio)");
        }
    }

    /**
     * Sets these options on {@code server}; a {@code null} knob sets nothing. A new allocator is made for each call.
     *
     * @param listening the setter of the listening socket's options
     * @param accepted  the setter of the accepted connections' options
     * @return the server with the options set
     */
    public <S> S applyTo(S server, Setter<S> listening, Setter<S> accepted) {
        S s = accepted.set(server, ChannelOption.TCP_NODELAY, tcpNoDelay);
        if (backlog != null) {
            s = listening.set(s, ChannelOption.SO_BACKLOG, backlog);
        }
        if (rcvbuf != null) {
            s = accepted.set(listening.set(s, ChannelOption.SO_RCVBUF, rcvbuf), ChannelOption.SO_RCVBUF, rcvbuf);
        }
        if (sndbuf != null) {
            s = accepted.set(s, ChannelOption.SO_SNDBUF, sndbuf);
        }
        if (tcpFastOpen != null) {
            s = listening.set(s, ChannelOption.TCP_FASTOPEN, tcpFastOpen);
        }
        if (soKeepAlive != null) {
            s = accepted.set(s, ChannelOption.SO_KEEPALIVE, soKeepAlive);
        }
        if (allocator != null) {
            var created = allocator.create();
            s = accepted.set(listening.set(s, ChannelOption.ALLOCATOR, created), ChannelOption.ALLOCATOR, created);
        }
        return s;
    }
}
