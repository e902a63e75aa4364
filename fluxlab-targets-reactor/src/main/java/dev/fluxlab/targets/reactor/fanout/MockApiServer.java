package dev.fluxlab.targets.reactor.fanout;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.common.net.PortInUseException;
import dev.fluxlab.targets.common.transport.TransportSupport;
import dev.fluxlab.targets.reactor.http.EventLoopSend;
import dev.fluxlab.targets.reactor.transport.TransportLoops;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * The mock API of seed 003: {@code GET /component/<id>} answers a small JSON component after a fixed delay, without
 * holding a thread ({@code Mono.delay} on Reactor's parallel scheduler), like the seed's {@code api-mock ...
 * delay/50ms}. Whatever the load, a request takes at least the delay, and never much more while the event loops
 * keep up: it is the fan-out service that is under test. The answer is sent from the connection's event loop
 * ({@link EventLoopSend}), so a client that leaves while its answer is due orphans no buffer.
 */
public final class MockApiServer {

    /** The seed's delay. */
    public static final Duration DEFAULT_DELAY = Duration.ofMillis(50);

    private MockApiServer() {
    }

    /**
     * Binds the mock API.
     *
     * @param host      loopback address
     * @param port      port, 0 for any free one
     * @param transport event-loop transport
     * @param workers   event-loop workers, null for Reactor Netty's default
     * @param delay     how long each answer waits
     * @throws PortInUseException when the port is taken
     */
    public static Running start(String host, int port, Transport transport, Integer workers, Duration delay) {
        if (delay == null || delay.isNegative()) {
            throw new IllegalArgumentException("delay must be zero or positive, was " + delay);
        }
        TransportLoops loops = TransportLoops.create(transport, "fluxlab-mock", TransportLoops.DEFAULT_SELECT_COUNT,
                workers == null ? TransportLoops.DEFAULT_WORKERS : workers);
        try {
            DisposableServer server = Servers.bind(HttpServer.create().host(host).port(port)
                    .runOn(loops.loops(), loops.preferNative())
                    .route(r -> r.get("/component/{id}", (req, res) -> {
                        String id = req.param("id");
                        String body = "{\"id\":\"" + jsonSafe(id) + "\",\"name\":\"component-" + jsonSafe(id)
                                + "\",\"price\":" + Math.abs(id.hashCode() % 1000) + ",\"tags\":[\"a\",\"b\",\"c\"]}";
                        Mono<String> answer = delay.isZero() ? Mono.just(body)
                                : Mono.delay(delay).thenReturn(body);
                        // the delay ends on a scheduler thread: the answer is sent from the channel's event loop
                        return EventLoopSend.sendString(res.status(HttpResponseStatus.OK)
                                .header(HttpHeaderNames.CONTENT_TYPE, "application/json"), answer);
                    })), port);
            return new Running(server, loops, TransportSupport.actual(server.channel()), loops.workerCount(), delay);
        } catch (RuntimeException e) {
            loops.close();
            throw e;
        }
    }

    private static String jsonSafe(String s) {
        return s.replaceAll("[^A-Za-z0-9_-]", "_");
    }

    /** A bound mock API. */
    public record Running(DisposableServer server, TransportLoops loops, String transport, int workers,
                          Duration delay) implements AutoCloseable {

        public int port() {
            return ((InetSocketAddress) server.address()).getPort();
        }

        /** {@code fluxlab-ready port=.. protocol=http1.1 transport=.. workers=.. delay-ms=..}. */
        public String readinessLine() {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put(Readiness.PORT, port());
            a.put(Readiness.PROTOCOL, ServerProtocol.HTTP11.label());
            a.put(Readiness.TRANSPORT, transport);
            a.put(Readiness.WORKERS, workers);
            a.put(Readiness.DELAY_MS, delay.toMillis());
            return Readiness.line(a);
        }

        @Override
        public void close() {
            try {
                server.disposeNow(Duration.ofSeconds(10));
            } finally {
                loops.close();
            }
        }
    }
}
