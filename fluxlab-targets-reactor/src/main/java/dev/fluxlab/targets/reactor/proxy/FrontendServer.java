package dev.fluxlab.targets.reactor.proxy;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.net.LeakDetection;
import dev.fluxlab.targets.common.net.PortInUseException;
import dev.fluxlab.targets.common.quic.QuicSupport;
import dev.fluxlab.targets.common.tls.SelfSignedCertificate;
import dev.fluxlab.targets.common.transport.TransportSupport;
import dev.fluxlab.targets.reactor.client.BackendWire;
import dev.fluxlab.targets.reactor.client.LoopClients;
import dev.fluxlab.targets.reactor.http.ReactorProtocols;
import dev.fluxlab.targets.reactor.transport.TransportLoops;
import io.netty.channel.ChannelOption;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.Http2SslContextSpec;
import reactor.netty.http.server.HttpServer;

/**
 * The HTTP/2 proxy frontend of the seeds' experiment: a Reactor Netty server ({@link ProxyRoutes}) whose requests are
 * forwarded to a backend by the {@link BackendClients} of the configured {@link ClientMode} (over h2, h2c or h3:
 * {@link dev.fluxlab.targets.reactor.client.BackendProtocol}), with per-loop {@link EventLoopCounters} served on {@code GET /stats} and printed at
 * shutdown.
 */
public final class FrontendServer {

    /** Path of the statistics endpoint, advertised in the readiness line as {@code stats=/stats}. */
    public static final String STATS_PATH = "/stats";

    private FrontendServer() {
    }

    /**
     * Binds the frontend. Nothing connects to the backend before the first request.
     *
     * @throws PortInUseException       when the port is taken
     * @throws IllegalArgumentException when a knob does not apply here
     * @throws dev.fluxlab.targets.common.quic.QuicUnavailableException with {@code --backend-protocol h3} where Netty's QUIC library does not load
     */
    public static Running start(FrontendConfig config) {
        if (config.backendProtocol().quic()) {
            // before any loop starts: one line on a machine without QUIC, instead of a failure at the first request
            BackendWire.requireQuic(QuicSupport.problem());
            requireQuicTransport(config.transport(), TransportSupport.resolve(config.transport()));
        }
        LeakDetection.apply(config.leakDetection());
        int workers = config.workers() == null ? TransportLoops.DEFAULT_WORKERS : config.workers();
        TransportLoops loops = TransportLoops.create(config.transport(), "fluxlab-fe",
                TransportLoops.DEFAULT_SELECT_COUNT, workers);
        EventLoopCounters stats = new EventLoopCounters();
        LoopClients clients = null;
        try {
            clients = BackendClients.create(config, loops, stats);
            clients.warmup();
            ProxyRoutes routes = new ProxyRoutes(config, clients, stats);
            SelfSignedCertificate tls = config.protocol().secure() ? SelfSignedCertificate.generate() : null;
            HttpServer server = HttpServer.create()
                    .host(config.host())
                    .port(config.port())
                    .runOn(loops.loops(), loops.preferNative())
                    .protocol(ReactorProtocols.of(config.protocol()))
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .handle(routes);
            if (tls != null) {
                Http2SslContextSpec spec = Http2SslContextSpec.forServer(tls.privateKey(), tls.certificate());
                server = server.secure(s -> s.sslContext(spec));
            }
            DisposableServer bound;
            try {
                bound = server.bindNow(Duration.ofSeconds(30));
            } catch (RuntimeException e) {
                if (PortInUseException.isBindConflict(e)) {
                    throw new PortInUseException(config.port(), e);
                }
                throw e;
            }
            DisposableServer statsServer = null;
            if (!config.protocol().secure() && !config.protocol().wires().contains(WireProtocol.HTTP11)) {
                // h2c by prior knowledge only: plain HTTP/1.1 clients (the runner) read the stats on a side port
                statsServer = HttpServer.create().host(config.host()).port(0)
                        .runOn(loops.loops(), loops.preferNative())
                        .handle((req, res) -> req.receive().then(Mono.defer(() -> Mono.from(res
                                .header("Content-Type", "application/json")
                                .sendByteArray(Mono.just(routes.statsJson()))))))
                        .bindNow(Duration.ofSeconds(30));
            }
            return new Running(config, bound, statsServer, loops, clients, routes, stats,
                    TransportSupport.actual(bound.channel()), loops.workerCount(),
                    tls == null ? null : tls.certificate());
        } catch (RuntimeException | Error e) {
            if (clients != null) {
                clients.close();
            }
            loops.close();
            throw e;
        }
    }


    /**
     * Refuses {@code --backend-protocol h3} on io_uring: Reactor Netty's HTTP/3 client over Netty's io_uring datagram
     * channel opened its QUIC connection and never got an answer here (Reactor Netty 1.3.8, Netty 4.2.18, loopback,
     * bound to 127.0.0.1 or the wildcard alike), while epoll and NIO answer at once. Every client mode runs the client
     * on the frontend's transport, so the frontend itself has to run on another.
     *
     * @param requested {@code --transport}
     * @param resolved  what it resolves to on this machine
     * @throws IllegalArgumentException on io_uring, naming the transports that work
     */
    static void requireQuicTransport(Transport requested, Transport resolved) {
        if (resolved == Transport.IO_URING) {
            throw new IllegalArgumentException("--backend-protocol h3 does not work on io_uring ("
                    + (requested == Transport.IO_URING ? "--transport io_uring" : "--transport " + requested.label()
                    + " picks io_uring on this machine") + "): Reactor Netty's HTTP/3 client on Netty's io_uring "
                    + "transport opens its QUIC connection and never gets an answer; use --transport epoll (or nio)");
        }
    }

    /** A bound frontend: where it listens, its statistics, and how to stop it. */
    public static final class Running implements AutoCloseable {
        private final FrontendConfig config;
        private final DisposableServer server;
        private final DisposableServer statsServer;
        private final TransportLoops loops;
        private final LoopClients clients;
        private final ProxyRoutes routes;
        private final EventLoopCounters stats;
        private final String transport;
        private final int workers;
        private final X509Certificate certificate;

        Running(FrontendConfig config, DisposableServer server, DisposableServer statsServer, TransportLoops loops,
                LoopClients clients,
                ProxyRoutes routes, EventLoopCounters stats, String transport, int workers, X509Certificate certificate) {
            this.config = config;
            this.server = server;
            this.statsServer = statsServer;
            this.loops = loops;
            this.clients = clients;
            this.routes = routes;
            this.stats = stats;
            this.transport = transport;
            this.workers = workers;
            this.certificate = certificate;
        }

        public int port() {
            return ((InetSocketAddress) server.address()).getPort();
        }

        public DisposableServer server() {
            return server;
        }

        public EventLoopCounters stats() {
            return stats;
        }

        /** The self-signed certificate when the inbound protocol is TLS. */
        public Optional<X509Certificate> certificate() {
            return Optional.ofNullable(certificate);
        }

        /** The {@code /stats} document. */
        public String statsJson() {
            return new String(routes.statsJson(), StandardCharsets.UTF_8);
        }

        /**
         * {@code fluxlab-ready port=.. protocol=.. transport=.. workers=.. backend-protocol=.. client-mode=.. pools=..
         * stats=/stats} (with
         * {@code --protocol h2c}: {@code stats=http://127.0.0.1:<side port>/stats}).
         */
        public String readinessLine() {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put(Readiness.PORT, port());
            a.put(Readiness.PROTOCOL, config.protocol().label());
            a.put(Readiness.TRANSPORT, transport);
            a.put(Readiness.WORKERS, workers);
            a.put(Readiness.BACKEND_PROTOCOL, config.backendProtocol().label());
            a.put(Readiness.CLIENT_MODE, config.clientMode().label());
            a.put(Readiness.POOLS, clients.pools());
            // a path on this port, or, for h2c by prior knowledge, the HTTP/1.1 side port serving the same document
            a.put(Readiness.STATS, statsServer == null ? STATS_PATH : "http://" + config.host() + ":"
                    + ((InetSocketAddress) statsServer.address()).getPort() + STATS_PATH);
            a.putAll(dev.fluxlab.targets.reactor.version.LoadedVersions.readinessAttributes());
            return Readiness.line(a);
        }

        /** Stops the server, the backend pools and the loops. */
        @Override
        public void close() {
            try {
                server.disposeNow(Duration.ofSeconds(10));
                if (statsServer != null) {
                    statsServer.disposeNow(Duration.ofSeconds(5));
                }
            } finally {
                try {
                    clients.close();
                } finally {
                    loops.close();
                }
            }
        }
    }
}
