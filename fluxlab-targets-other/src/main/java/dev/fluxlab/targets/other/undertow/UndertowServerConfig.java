package dev.fluxlab.targets.other.undertow;

import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.common.undertow.UndertowListener;
import java.util.Objects;

/**
 * Settings of the plain Undertow target, with light-4j's defaults for a hello-world service, which
 * {@link UndertowListener} holds: IO threads {@value UndertowListener#IO_THREADS_PER_CORE} x cores,
 * {@value UndertowListener#DEFAULT_WORKER_THREADS} worker threads (unused by these non-blocking handlers, kept for
 * parity), a {@value UndertowListener#DEFAULT_BACKLOG} backlog, {@value UndertowListener#DEFAULT_BUFFER_SIZE}-byte
 * buffers.
 * {@code protocol} {@code h2c} or {@code http1.1+h2c} enables Undertow's HTTP/2 support (cleartext h2c next to
 * HTTP/1.1 on the same port) and is announced as given; no TLS, so not {@code h2}. Immutable; see {@link #builder()}.
 */
public record UndertowServerConfig(String host, int port, int ioThreads, int workerThreads, int backlog,
                                   int bufferSize, boolean tcpNoDelay, ServerProtocol protocol) {

    public UndertowServerConfig {
        Objects.requireNonNull(protocol, "protocol");
        if (protocol.secure()) {
            throw new IllegalArgumentException("the undertow target serves " + ServerProtocol.cleartextNames("and")
                    + ", not " + protocol + " (TLS)");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not a port (0-65535)");
        }
        UndertowListener.checkSizes(ioThreads, workerThreads, bufferSize);
        UndertowListener.atLeast("--backlog", backlog, 1, "");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builder with light-4j's defaults. */
    public static final class Builder {
        private String host = "127.0.0.1";
        private int port;
        private int ioThreads = UndertowListener.defaultIoThreads();
        private int workerThreads = UndertowListener.DEFAULT_WORKER_THREADS;
        private int backlog = UndertowListener.DEFAULT_BACKLOG;
        private int bufferSize = UndertowListener.DEFAULT_BUFFER_SIZE;
        private boolean tcpNoDelay = true;
        private ServerProtocol protocol = ServerProtocol.HTTP11;

        public Builder host(String v) { host = v; return this; }
        public Builder port(int v) { port = v; return this; }
        public Builder ioThreads(Integer v) { if (v != null) { ioThreads = v; } return this; }
        public Builder workerThreads(Integer v) { if (v != null) { workerThreads = v; } return this; }
        public Builder backlog(Integer v) { if (v != null) { backlog = v; } return this; }
        public Builder bufferSize(Integer v) { if (v != null) { bufferSize = v; } return this; }
        public Builder tcpNoDelay(boolean v) { tcpNoDelay = v; return this; }
        public Builder protocol(ServerProtocol v) { protocol = v; return this; }

        public UndertowServerConfig build() {
            return new UndertowServerConfig(host, port, ioThreads, workerThreads, backlog, bufferSize, tcpNoDelay, protocol);
        }
    }
}
