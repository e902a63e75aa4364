package dev.fluxlab.targets.reactor.plain;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.targets.common.fault.FailEvery;
import dev.fluxlab.targets.common.fault.StallSchedule;
import dev.fluxlab.targets.common.http.DateHeader;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.common.net.LeakDetection;
import dev.fluxlab.targets.common.net.PortInUseException;
import dev.fluxlab.targets.common.quic.H3Settings;
import dev.fluxlab.targets.common.quic.QuicSupport;
import dev.fluxlab.targets.common.tls.SelfSignedCertificate;
import dev.fluxlab.targets.common.transport.TransportSupport;
import dev.fluxlab.targets.common.transport.TransportUnavailableException;
import dev.fluxlab.targets.reactor.http.ReactorHttp3;
import dev.fluxlab.targets.reactor.http.ReactorProtocols;
import dev.fluxlab.targets.reactor.stress.StressRoutes;
import dev.fluxlab.targets.reactor.transport.TransportLoops;
import dev.fluxlab.targets.reactor.version.LoadedVersions;
import java.net.InetSocketAddress;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import reactor.netty.DisposableServer;
import reactor.netty.http.Http2SslContextSpec;
import reactor.netty.http.server.HttpServer;

/**
 * The plain Reactor Netty system under test: {@link PlainRoutes} on an {@link HttpServer} configured from a
 * {@link ReactorNettyServerConfig}. {@link #start} binds and returns a {@link Running} server that knows what it
 * really runs on (port, transport read from the bound channel's class, worker count), which is what the readiness
 * line reports.
 */
public final class ReactorNettyServer {

    private ReactorNettyServer() {
    }

    /**
     * Binds a server.
     *
     * @throws PortInUseException            when the port is taken
     * @throws TransportUnavailableException when an explicit transport cannot run here, or did not take effect
     * @throws IllegalArgumentException      when a knob does not apply (e.g. {@code tcpFastOpen} on NIO)
     */
    public static Running start(ReactorNettyServerConfig config) {
        if (config.protocol().quic()) {
            // before any loop starts: the line a machine without QUIC prints, instead of a failure deep in the bind
            LoadedVersions.requireHttp3();
            QuicSupport.require();
        }
        int workers = config.workers() == null ? TransportLoops.DEFAULT_WORKERS : config.workers();
        int select = config.selectCount() == null ? TransportLoops.DEFAULT_SELECT_COUNT : config.selectCount();
        config.socketOptions().requireSupportedBy(TransportSupport.resolve(config.transport()));
        LeakDetection.apply(config.leakDetection());
        TransportLoops loops = TransportLoops.create(config.transport(), "fluxlab-rn", select, workers);
        StressRoutes stress = new StressRoutes(config.stress());
        try {
            SelfSignedCertificate tls = config.protocol().secure() ? SelfSignedCertificate.generate() : null;
            HttpServer server = configure(config, loops, tls, stress);
            DisposableServer bound;
            try {
                bound = server.bindNow(Duration.ofSeconds(30));
            } catch (RuntimeException e) {
                if (PortInUseException.isBindConflict(e)) {
                    throw new PortInUseException(config.port(), e);
                }
                throw e;
            }
            String actual = TransportSupport.actual(bound.channel());
            if (config.transport().isConcrete() && !actual.equals(config.transport().label())) {
                bound.disposeNow(Duration.ofSeconds(5));
                throw new TransportUnavailableException(config.transport(), new IllegalStateException(
                        "the server channel is a " + bound.channel().getClass().getSimpleName()));
            }
            return new Running(config, bound, loops, actual, loops.workerCount(),
                    tls == null ? null : tls.certificate(), stress);
        } catch (RuntimeException | Error e) {
            stress.close();
            loops.close();
            throw e;
        }
    }

    static HttpServer configure(ReactorNettyServerConfig config, TransportLoops loops, SelfSignedCertificate tls,
                                StressRoutes stress) {
        StallSchedule stall = config.stall() == null ? null : new StallSchedule(config.stall(), System.nanoTime());
        FailEvery failEvery = config.failEvery() == null ? null : new FailEvery(config.failEvery());
        RequestWork work = config.work() == 0 ? null : new RequestWork(config.work());
        ServerProtocol protocol = config.protocol();
        HttpServer server = HttpServer.create()
                .host(config.host())
                .port(config.port())
                .runOn(loops.loops(), loops.preferNative())
                .protocol(ReactorProtocols.of(protocol))
                .handle(new PlainRoutes(new DateHeader(), stall, failEvery, work, stress));
        if (protocol.quic()) {
            // one UDP socket: of the socket options only its buffers apply (the config refuses the TCP ones)
            return ReactorHttp3.configure(server, tls, config.rcvbuf(), config.sndbuf());
        }
        server = config.socketOptions().applyTo(server, HttpServer::option, HttpServer::childOption);
        if (protocol.http2() && (config.h2MaxConcurrentStreams() != null || config.h2InitialWindowSize() != null)) {
            server = server.http2Settings(s -> {
                if (config.h2MaxConcurrentStreams() != null) {
                    s.maxConcurrentStreams(config.h2MaxConcurrentStreams());
                }
                if (config.h2InitialWindowSize() != null) {
                    s.initialWindowSize(config.h2InitialWindowSize());
                }
            });
        }
        if (tls != null) {
            Http2SslContextSpec spec = Http2SslContextSpec.forServer(tls.privateKey(), tls.certificate());
            server = server.secure(s -> s.sslContext(spec));
        }
        return server;
    }

    /**
     * A bound server: what it really runs on, and how to stop it.
     */
    public static final class Running implements AutoCloseable {
        private final ReactorNettyServerConfig config;
        private final DisposableServer server;
        private final TransportLoops loops;
        private final String transport;
        private final int workers;
        private final X509Certificate certificate;
        private final StressRoutes stress;

        Running(ReactorNettyServerConfig config, DisposableServer server, TransportLoops loops, String transport,
                int workers, X509Certificate certificate, StressRoutes stress) {
            this.stress = stress;
            this.config = config;
            this.server = server;
            this.loops = loops;
            this.transport = transport;
            this.workers = workers;
            this.certificate = certificate;
        }

        /** The configuration it was started with. */
        public ReactorNettyServerConfig config() {
            return config;
        }

        /** The bound port (a UDP port for h3). */
        public int port() {
            return ((InetSocketAddress) server.address()).getPort();
        }

        /** The transport in use, read from the bound channel ({@code io_uring}, {@code epoll}, {@code nio}). */
        public String transport() {
            return transport;
        }

        /** Event-loop worker threads in use. */
        public int workers() {
            return workers;
        }

        /** The self-signed certificate when the protocol is TLS. */
        public Optional<X509Certificate> certificate() {
            return Optional.ofNullable(certificate);
        }

        /** The Reactor Netty server, e.g. to wait for its disposal. */
        public DisposableServer server() {
            return server;
        }

        /**
         * The readiness line, {@code fluxlab-ready port=... protocol=... transport=... workers=...}, what explains
         * the stress endpoints' throughput ({@link StressRoutes#readinessAttributes()}) and the Reactor Netty and Netty
         * releases loaded ({@link LoadedVersions}).
         */
        public String readinessLine() {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put(Readiness.PORT, port());
            a.put(Readiness.PROTOCOL, config.protocol().label());
            a.put(Readiness.TRANSPORT, transport);
            a.put(Readiness.WORKERS, workers);
            if (config.allocator() != null) {
                a.put(Readiness.ALLOCATOR, config.allocator().label());
            }
            if (config.protocol().quic()) {
                a.putAll(H3Settings.LAB.readinessAttributes());
            }
            a.putAll(stress.readinessAttributes());
            a.putAll(LoadedVersions.readinessAttributes());
            return Readiness.line(a);
        }

        /** Stops accepting, closes connections, and shuts the event loops down (no quiet period). */
        @Override
        public void close() {
            try {
                server.disposeNow(Duration.ofSeconds(10));
            } finally {
                try {
                    loops.close();
                } finally {
                    stress.close();
                }
            }
        }
    }
}
