package dev.fluxlab.targets.reactor.fanout;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.common.transport.TransportSupport;
import dev.fluxlab.targets.reactor.http.EventLoopSend;
import dev.fluxlab.targets.reactor.transport.TransportLoops;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import reactor.core.publisher.Mono;
import reactor.netty.ByteBufFlux;
import reactor.netty.DisposableServer;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerResponse;
import reactor.netty.resources.ConnectionProvider;

/**
 * Seed 003's fan-out service on plain Reactor Netty: each request fetches {@code components} components from the
 * mock API with Reactor Netty's {@link HttpClient}, handles each (a CPU cost: microseconds of wall time, and/or a
 * share of a calibrated CPU time per request) and answers one JSON document; the ParallelFlux strategies add how
 * many rails ran, empty ones included. {@code GET /fanout} uses the configured {@link Strategy}; {@code GET /fanout/<strategy>} picks one by
 * path; {@code GET /stats} serves which threads ran the requests and components ({@link FanOutHandler#statsJson()}).
 * The client pool is sized for the load ({@code client-connections}, pending acquires unbounded) so that the
 * pool is not what limits the experiment.
 */
public final class FanOutServer {

    private FanOutServer() {
    }

    /**
     * The service's knobs.
     *
     * @param host              loopback address
     * @param port              port, 0 for any free one
     * @param transport         server event-loop transport
     * @param workers           server event-loop workers, null for Reactor Netty's default
     * @param backendUrl        the mock API, e.g. {@code http://127.0.0.1:8081}
     * @param components        components fetched per request (the seed: 3)
     * @param strategy          the default strategy ({@code /fanout})
     * @param workUs            CPU work per component, in microseconds
     * @param clientConnections max connections of the client pool
     * @param expectedDelay     the mock API's delay, announced for the theory column (may be null)
     * @param rails             rails of the {@code parallel} strategy (the seed: 2 x cores)
     * @param requestCpu        CPU time per request, spread evenly over its components' handling and calibrated
     *                          at start-up ({@link CpuBudget}); zero for none
     */
    public record Config(String host, int port, Transport transport, Integer workers, URI backendUrl, int components,
                         Strategy strategy, long workUs, int clientConnections, Duration expectedDelay, int rails,
                         Duration requestCpu) {

        /** The seed's rails: {@code 2 x cores}. */
        public static final int DEFAULT_RAILS = 2 * Runtime.getRuntime().availableProcessors();

        /** A configuration with the seed's rails and no calibrated CPU cost. */
        public Config(String host, int port, Transport transport, Integer workers, URI backendUrl, int components,
                      Strategy strategy, long workUs, int clientConnections, Duration expectedDelay) {
            this(host, port, transport, workers, backendUrl, components, strategy, workUs, clientConnections,
                    expectedDelay, DEFAULT_RAILS, Duration.ZERO);
        }

        public Config {
            if (rails < 1) {
                throw new IllegalArgumentException("rails must be at least 1, was " + rails);
            }
            if (requestCpu == null || requestCpu.isNegative()) {
                throw new IllegalArgumentException("request-cpu must be zero or a positive duration, was " + requestCpu);
            }
            if (components < 1) {
                throw new IllegalArgumentException("components must be at least 1, was " + components);
            }
            if (workUs < 0) {
                throw new IllegalArgumentException("work-us must be 0 or more, was " + workUs);
            }
            if (clientConnections < 1) {
                throw new IllegalArgumentException("client-connections must be at least 1, was " + clientConnections);
            }
            if (backendUrl == null || backendUrl.getHost() == null || !"http".equals(backendUrl.getScheme())) {
                throw new IllegalArgumentException("backend-url must be an http:// URL such as http://127.0.0.1:8081, "
                        + "was " + backendUrl);
            }
        }
    }

    /** Binds the service. */
    public static Running start(Config c) {
        TransportLoops loops = TransportLoops.create(c.transport(), "fluxlab-fanout",
                TransportLoops.DEFAULT_SELECT_COUNT, c.workers() == null ? TransportLoops.DEFAULT_WORKERS : c.workers());
        ConnectionProvider pool = ConnectionProvider.builder("fluxlab-fanout")
                .maxConnections(c.clientConnections())
                .pendingAcquireMaxCount(-1)
                .pendingAcquireTimeout(Duration.ofSeconds(60))
                .build();
        try {
            HttpClient client = HttpClient.create(pool)
                    .baseUrl(c.backendUrl().toString())
                    .runOn(loops.loops(), loops.preferNative())
                    .responseTimeout(Duration.ofSeconds(30));
            FanOutHandler handler = new FanOutHandler(i -> detached(client.get().uri("/component/" + i)
                    .response((head, body) -> head.status().code() == 200 ? text(body)
                            : Mono.<String>error(new IllegalStateException("mock API answered " + head.status())))
                    .single()), c);
            DisposableServer server = Servers.bind(HttpServer.create().host(c.host()).port(c.port())
                    .runOn(loops.loops(), loops.preferNative())
                    .route(r -> r
                            .get(FanOutHandler.STATS_PATH, (req, res) -> res
                                    .header(HttpHeaderNames.CONTENT_TYPE, "application/json")
                                    .sendByteArray(Mono.fromSupplier(handler::statsJson)))
                            .get("/fanout", (req, res) -> respond(res, handler.handle(c.strategy())))
                            .get("/fanout/{strategy}", (req, res) -> {
                                Strategy s;
                                try {
                                    s = Strategy.of(req.param("strategy"));
                                } catch (IllegalArgumentException e) {
                                    return res.status(HttpResponseStatus.NOT_FOUND).sendString(Mono.just(e.getMessage()));
                                }
                                return respond(res, handler.handle(s));
                            })), c.port());
            handler.prime("fluxlab fan-out");
            return new Running(server, loops, pool, TransportSupport.actual(server.channel()), loops.workerCount(),
                    handler);
        } catch (RuntimeException e) {
            pool.disposeLater().block(Duration.ofSeconds(10));
            loops.close();
            throw e;
        }
    }

    /**
     * A component fetch that runs to its end on its connection's event loop even when whoever waits for it cancels
     * (a client that resets while the fan-out waits). Cancelled from another thread (a ParallelFlux rail, a scheduler),
     * Reactor Netty 1.3.8's HttpClient can leave the response's last part unreleased when the cancel races its
     * delivery (1 leak in about 5 runs of {@code ResponseLeakTest}'s {@code /fanout/parallel-n} case; a similar leak
     * under many cancellations is reactor-netty issue 3683, open); a fetch never cancelled reads and releases its
     * whole body.
     * The price is a finished component call (the mock API's delay, bounded by the response timeout) for each request
     * whose client left: at a measurement's end, outside every window.
     */
    private static <T> Mono<T> detached(Mono<T> fetch) {
        return Mono.fromFuture(fetch::toFuture, true);
    }

    /**
     * A component's body as text, each chunk copied out while it is delivered (Reactor Netty releases it right after).
     * Not {@code responseSingle}'s aggregate: a client that resets while a ParallelFlux strategy waits cancels the
     * fetch from another thread, and when that cancel releases the aggregate's composite buffer while the event loop
     * adds the retained parts to it, Reactor Netty 1.3.8 leaves the parts unreleased (1 leak in 72 parallel
     * {@code ResponseLeakTest} cases under paranoid detection); the seed names no client API, and a chunk copied out
     * leaves nothing to release.
     */
    private static Mono<String> text(ByteBufFlux body) {
        return body.asByteArray().collect(ByteArrayOutputStream::new, ByteArrayOutputStream::writeBytes)
                .map(out -> out.toString(StandardCharsets.UTF_8));
    }

    /**
     * The assembled document arrives on a scheduler thread or on a client connection's event loop, rarely the server
     * channel's: it is sent from the latter ({@link EventLoopSend}), so a caller that leaves meanwhile orphans no buffer.
     */
    private static Mono<Void> respond(HttpServerResponse res, Mono<String> body) {
        return EventLoopSend.sendString(res.status(HttpResponseStatus.OK)
                .header(HttpHeaderNames.CONTENT_TYPE, "application/json"), body);
    }

    /** A bound fan-out service. */
    public record Running(DisposableServer server, TransportLoops loops, ConnectionProvider pool, String transport,
                          int workers, FanOutHandler handler) implements AutoCloseable {

        public int port() {
            return ((InetSocketAddress) server.address()).getPort();
        }

        /**
         * The readiness line: where it listens, then the fan-out's part ({@link FanOutHandler#readinessAttributes}).
         */
        public String readinessLine() {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put(Readiness.PORT, port());
            a.put(Readiness.PROTOCOL, ServerProtocol.HTTP11.label());
            a.put(Readiness.TRANSPORT, transport);
            a.put(Readiness.WORKERS, workers);
            a.putAll(handler.readinessAttributes());
            return Readiness.line(a);
        }

        @Override
        public void close() {
            try {
                server.disposeNow(Duration.ofSeconds(10));
                pool.disposeLater().block(Duration.ofSeconds(10));
            } finally {
                loops.close();
            }
        }
    }
}
