package dev.fluxlab.targets.reactor.fanout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.contract.ThreadsSeen;
import dev.fluxlab.model.transport.Transport;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.netty.http.client.HttpClient;

/**
 * Seed 003's evidence from a running fan-out service: its stats document says on which threads each strategy's
 * requests arrived and its components were handled. The ParallelFlux strategies handle components on
 * {@code parallel-*}; the plain Mono and subscribeOn(parallel) on the event loop that delivered the last component
 * (subscribeOn moves only the subscription, as the seed's log showed: onNext on {@code reactor-http-nio-4}).
 */
class ThreadsSeenTest {

    private static final int REQUESTS = 4;
    private static MockApiServer.Running mock;
    private static FanOutServer.Running fanOut;

    @BeforeAll
    static void start() {
        mock = MockApiServer.start("127.0.0.1", 0, Transport.NIO, 2, Duration.ofMillis(5));
        fanOut = FanOutServer.start(new FanOutServer.Config("127.0.0.1", 0, Transport.NIO, 2,
                URI.create("http://127.0.0.1:" + mock.port()), 3, Strategy.MONO, 10, 16, Duration.ofMillis(5)));
    }

    @AfterAll
    static void stop() {
        if (fanOut != null) {
            fanOut.close();
        }
        if (mock != null) {
            mock.close();
        }
    }

    private static String get(String path) {
        return HttpClient.create().get().uri("http://127.0.0.1:" + fanOut.port() + path)
                .responseSingle((h, b) -> {
                    assertEquals(200, h.status().code(), path);
                    return b.asString();
                }).block(Duration.ofSeconds(10));
    }

    @Test
    void eachStrategyShowsWhereItsComponentsRan() throws Exception {
        assertEquals("/stats", Readiness.parse(fanOut.readinessLine()).orElseThrow().stats().orElseThrow());
        for (Strategy s : Strategy.values()) {
            for (int i = 0; i < REQUESTS; i++) {
                get("/fanout/" + s.label());
            }
        }
        ThreadsSeen seen = ThreadsSeen.from(Json.read(get("/stats"), Map.class)).orElseThrow();
        String loop = "fluxlab-fanout-nio-*";
        for (Strategy s : Strategy.values()) {
            assertEquals(Map.of(loop, (long) REQUESTS), seen.of(s.label(), ThreadsSeen.REQUEST),
                    s + ": every request arrives on a server event loop, priming not counted: " + seen);
            Map<String, Long> components = seen.of(s.label(), ThreadsSeen.COMPONENT);
            String expected = switch (s) {
                case PARALLEL, PARALLEL_N -> "parallel-*";
                case MONO, SUBSCRIBE_ON -> loop;
            };
            assertEquals(Map.of(expected, 3L * REQUESTS), components, s + ": " + seen);
        }
        assertTrue(seen.of("mono", ThreadsSeen.COMPONENT).keySet().stream().noneMatch(p -> p.startsWith("parallel")));
    }
}
