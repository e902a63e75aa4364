package dev.fluxlab.targets.other.netty;

import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.common.transport.TransportSupport;

/**
 * Settings of the raw Netty target; immutable, built with {@link #builder()}. Protocols: {@code http1.1},
 * {@code h2c} (prior knowledge), {@code http1.1+h2c} (one port: HTTP/1.1, or h2c when the client opens with the
 * HTTP/2 preface; an {@code Upgrade: h2c} request is answered over HTTP/1.1), {@code h2} (TLS, ALPN h2 or http/1.1, the
 * lab's self-signed certificate) and {@code h3} (HTTP/3 on a UDP port,
 * the lab's self-signed certificate).
 */
public record NettyServerConfig(String host, int port, ServerProtocol protocol, Transport transport, int workers,
                                Integer backlog, boolean tcpNoDelay) {

    public static final String DEFAULT_HOST = "127.0.0.1";

    public NettyServerConfig {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not a port (0-65535)");
        }
        TransportSupport.checkLoops("--workers", workers);
        if (protocol.quic() && backlog != null) {
            throw new IllegalArgumentException("--backlog is a TCP setting; protocol h3 serves QUIC on one UDP "
                    + "socket, where it has nothing to apply to: leave it out");
        }
        if (backlog != null && backlog < 1) {
            throw new IllegalArgumentException("--backlog must be 1 or more, not " + backlog);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builder with Netty's defaults: workers = 2 x cores (Netty's default event-loop count). */
    public static final class Builder {
        private String host = DEFAULT_HOST;
        private int port;
        private ServerProtocol protocol = ServerProtocol.HTTP11;
        private Transport transport = Transport.NATIVE;
        private int workers = 2 * Runtime.getRuntime().availableProcessors();
        private Integer backlog;
        private boolean tcpNoDelay = true;

        public Builder host(String v) { host = v; return this; }
        public Builder port(int v) { port = v; return this; }
        public Builder protocol(ServerProtocol v) { protocol = v; return this; }
        public Builder transport(Transport v) { transport = v; return this; }
        public Builder workers(Integer v) { if (v != null) { workers = v; } return this; }
        public Builder backlog(Integer v) { backlog = v; return this; }
        public Builder tcpNoDelay(boolean v) { tcpNoDelay = v; return this; }

        public NettyServerConfig build() {
            return new NettyServerConfig(host, port, protocol, transport, workers, backlog, tcpNoDelay);
        }
    }
}
