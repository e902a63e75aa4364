package dev.fluxlab.targets.reactor.proxy;

import dev.fluxlab.model.LabAddresses;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.common.net.LeakDetection;
import dev.fluxlab.targets.reactor.client.BackendProtocol;
import dev.fluxlab.targets.reactor.client.ClientMode;
import dev.fluxlab.targets.reactor.client.PoolKnobs;
import dev.fluxlab.targets.common.transport.TransportSupport;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * The knobs of the proxy frontend (HTTP/2 inbound; HTTP/2 or HTTP/3 to the backend), immutable, built with
 * {@link #builder()}. A {@code null} knob leaves the choice to Reactor Netty, so the lab can tell a default from an
 * explicit setting.
 *
 * @param host                   loopback address to bind
 * @param port                   port to bind, 0 for any free one
 * @param protocol               inbound protocol(s): {@code h2} (TLS, ALPN h2 or HTTP/1.1) by default
 * @param transport              event-loop transport (native, io_uring, epoll or nio)
 * @param workers                frontend event-loop threads, {@code null} for Reactor Netty's default
 * @param backendUrl             {@code https://...} (h2 over TLS, or h3, trusting any certificate: the lab's
 *                               self-signed one) or {@code http://...} (h2c, prior knowledge); loopback only
 * @param backendProtocol        the wire to the backend; {@code null} in the builder = the URL's scheme's
 *                               ({@code https} = h2, {@code http} = h2c)
 * @param clientMode             how backend connections are placed on event loops and which pool a request uses
 * @param clientWorkers          {@code no-colocation}: the client's own loops, {@code null} = as many as the frontend
 * @param pool                   the backend pools' knobs (per pool), {@link PoolKnobs#DEFAULTS} = Reactor Netty's
 * @param backendTimeout         response timeout of one backend exchange
 * @param consumePermissionBody  {@code false} reproduces the seeds' mistake: Post2 reads the permission-check
 *                               status and never its body
 * @param leakDetection          Netty's {@code ResourceLeakDetector} level ({@link LeakDetection}), {@code null} =
 *                               Netty's default
 */
public record FrontendConfig(
        String host,
        int port,
        ServerProtocol protocol,
        Transport transport,
        Integer workers,
        URI backendUrl,
        BackendProtocol backendProtocol,
        ClientMode clientMode,
        Integer clientWorkers,
        PoolKnobs pool,
        Duration backendTimeout,
        boolean consumePermissionBody,
        String leakDetection) {

    public FrontendConfig {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(clientMode, "clientMode");
        Objects.requireNonNull(pool, "pool");
        Objects.requireNonNull(backendTimeout, "backendTimeout");
        if (protocol.quic()) {
            throw new IllegalArgumentException("--protocol h3 is not offered by the frontend (h2, h2c, http1.1 or "
                    + "http1.1+h2c); HTTP/3 is served by reactor-netty and netty");
        }
        if (backendUrl == null) {
            throw new IllegalArgumentException("--backend-url is required, e.g. https://127.0.0.1:8443");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, was " + port);
        }
        String scheme = backendUrl.getScheme() == null ? "" : backendUrl.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || backendUrl.getHost() == null
                || backendUrl.getPort() < 1) {
            throw new IllegalArgumentException("--backend-url must look like https://127.0.0.1:PORT (h2 over TLS, "
                    + "or h3 with --backend-protocol h3) or http://127.0.0.1:PORT (h2c), was '" + backendUrl + "'");
        }
        backendProtocol = BackendProtocol.resolve(backendProtocol, backendUrl);
        requireLoopback("host", host);
        requireLoopback("--backend-url host", backendUrl.getHost());
        if (workers != null) {
            TransportSupport.checkLoops("workers", workers);
        }
        if (clientWorkers != null) {
            TransportSupport.checkLoops("client-workers", clientWorkers);
        }
        leakDetection = LeakDetection.check(leakDetection);
    }

    /** Whether the backend is reached over TLS (h2, h3) rather than h2c. */
    public boolean backendSecure() {
        return backendProtocol.secure();
    }


    private static void requireLoopback(String what, String host) {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        try {
            if (LabAddresses.permits(InetAddress.getByName(h))) {
                return;
            }
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("unknown " + what + " '" + host + "'; use 127.0.0.1 or ::1");
        }
        throw new IllegalArgumentException(what + " '" + host + "' is not a loopback address; the lab stays on "
                + "loopback (127.0.0.1 or ::1)");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link FrontendConfig}; every setter returns the builder. */
    public static final class Builder {
        private String host = "127.0.0.1";
        private int port;
        private ServerProtocol protocol = ServerProtocol.H2;
        private Transport transport = Transport.NATIVE;
        private Integer workers;
        private URI backendUrl;
        private BackendProtocol backendProtocol;
        private ClientMode clientMode = ClientMode.COLOCATED;
        private Integer clientWorkers;
        private final PoolKnobs.Builder pool = PoolKnobs.builder();
        private PoolKnobs poolKnobs;
        private Duration backendTimeout = Duration.ofSeconds(10);
        private boolean consumePermissionBody = true;
        private String leakDetection;

        private Builder() {
        }

        public Builder host(String v) { host = v; return this; }
        public Builder port(int v) { port = v; return this; }
        public Builder protocol(ServerProtocol v) { protocol = v; return this; }
        public Builder transport(Transport v) { transport = v; return this; }
        public Builder workers(Integer v) { workers = v; return this; }
        public Builder backendUrl(URI v) { backendUrl = v; return this; }
        public Builder backendUrl(String v) { backendUrl = URI.create(v); return this; }
        /** {@code null} (the default) = the backend URL's scheme chooses: {@code https} = h2, {@code http} = h2c. */
        public Builder backendProtocol(BackendProtocol v) { backendProtocol = v; return this; }
        public Builder clientMode(ClientMode v) { clientMode = v; return this; }
        public Builder clientWorkers(Integer v) { clientWorkers = v; return this; }
        /** All pool knobs at once; replaces the single-knob setters. */
        public Builder pool(PoolKnobs v) { poolKnobs = v; return this; }
        public Builder maxConnections(Integer v) { pool.maxConnections(v); return this; }
        public Builder minConnections(Integer v) { pool.minConnections(v); return this; }
        public Builder maxConcurrentStreams(Long v) { pool.maxConcurrentStreams(v); return this; }
        public Builder strictConnectionReuse(Boolean v) { pool.strictConnectionReuse(v); return this; }
        public Builder streamBatchSize(Integer v) { pool.streamBatchSize(v); return this; }
        public Builder pendingAcquireMaxCount(Integer v) { pool.pendingAcquireMaxCount(v); return this; }
        public Builder pendingAcquireTimeout(Duration v) { pool.pendingAcquireTimeout(v); return this; }
        public Builder backendTimeout(Duration v) { backendTimeout = v; return this; }
        public Builder consumePermissionBody(boolean v) { consumePermissionBody = v; return this; }
        public Builder leakDetection(String v) { leakDetection = v; return this; }

        /**
         * Validates and builds.
         *
         * @throws IllegalArgumentException naming the bad knob
         */
        public FrontendConfig build() {
            return new FrontendConfig(host, port, protocol, transport, workers, backendUrl, backendProtocol, clientMode,
                    clientWorkers, poolKnobs != null ? poolKnobs : pool.build(), backendTimeout, consumePermissionBody,
                    leakDetection);
        }
    }
}
