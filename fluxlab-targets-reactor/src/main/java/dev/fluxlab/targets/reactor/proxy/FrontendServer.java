package dev.fluxlab.targets.reactor.proxy;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.targets.common.net.LeakDetection;
import dev.fluxlab.targets.common.net.PortInUseException;
import dev.fluxlab.targets.common.tls.SelfSignedCertificate;
import dev.fluxlab.targets.common.transport.TransportSupport;
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
 * forwarded to a backend by the {@link BackendClients} of the configured {@link ClientMode}, with per-loop
 * {@link EventLoopCounters} served on {@code GET /stats} and printed at shutdown.
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
     */
    public static Running start(FrontendConfig config) {
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
         * {@code fluxlab-ready port=.. protocol=.. transport=.. workers=.. client-mode=.. pools=.. stats=/stats} (with
         * {@code --protocol h2c}: {@code stats=http://127.0.0.1:<side port>/stats}).
         */
        public String readinessLine() {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put(Readiness.PORT, port());
            a.put(Readiness.PROTOCOL, config.protocol().label());
            a.put(Readiness.TRANSPORT, transport);
            a.put(Readiness.WORKERS, workers);
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
