package dev.fluxlab.targets.reactor.fanout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.model.transport.Transport;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import reactor.netty.http.client.HttpClient;

/** Seed 003's mock API and fan-out service: every strategy returns every component, no faster than the delay. */
class FanOutTest {

    private static MockApiServer.Running mock;
    private static FanOutServer.Running fanOut;

    @BeforeAll
    static void start() {
        mock = MockApiServer.start("127.0.0.1", 0, Transport.NIO, 2, Duration.ofMillis(30));
        fanOut = FanOutServer.start(new FanOutServer.Config("127.0.0.1", 0, Transport.NIO, 2,
                URI.create("http://127.0.0.1:" + mock.port()), 3, Strategy.MONO, 50, 16, Duration.ofMillis(30)));
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

    private static String get(int port, String path) {
        return HttpClient.create().get().uri("http://127.0.0.1:" + port + path)
                .responseSingle((h, b) -> {
                    assertEquals(200, h.status().code(), path);
                    return b.asString();
                }).block(Duration.ofSeconds(10));
    }

    @Test
    void mockAnswersAfterItsDelay() {
        long t0 = System.nanoTime();
        String body = get(mock.port(), "/component/7");
        assertTrue(System.nanoTime() - t0 >= Duration.ofMillis(30).toNanos());
        assertTrue(body.contains("\"id\":\"7\""), body);
        assertEquals("30", Readiness.parse(mock.readinessLine()).orElseThrow().get(Readiness.DELAY_MS));
    }

    @ParameterizedTest
    @EnumSource(Strategy.class)
    void everyStrategyAssemblesEveryComponent(Strategy s) {
        long t0 = System.nanoTime();
        String body = get(fanOut.port(), "/fanout/" + s.label());
        assertTrue(System.nanoTime() - t0 >= Duration.ofMillis(30).toNanos(), "faster than the mock's delay");
        assertTrue(body.startsWith("{\"strategy\":\"" + s.label() + "\""), body);
        for (int i = 0; i < 3; i++) {
            assertTrue(body.contains("\"id\":\"" + i + "\""), body);
        }
        if (s == Strategy.PARALLEL || s == Strategy.PARALLEL_N) {
            assertTrue(body.contains("\"thread\":\"parallel-"), "handled on Schedulers.parallel(): " + body);
        } else {
            // subscribeOn only moves the subscription: the components arrive, and are handled, on the event loop
            assertTrue(body.contains("\"thread\":\"fluxlab-fanout-"), "handled on the event loop: " + body);
        }
    }

    @Test
    void defaultStrategyAndReadiness() {
        assertTrue(get(fanOut.port(), "/fanout").startsWith("{\"strategy\":\"mono\""));
        ReadinessAttributes a = Readiness.parse(fanOut.readinessLine()).orElseThrow();
        assertEquals("mono", a.get(Readiness.STRATEGY));
        assertEquals("30", a.get(Readiness.WAIT_MS));
        assertEquals("3", a.get(Readiness.COMPONENTS));
    }

    @Test
    void twelveRailsForThreeComponentsRunNineEmpty() {
        try (FanOutServer.Running twelve = FanOutServer.start(new FanOutServer.Config("127.0.0.1", 0, Transport.NIO,
                2, URI.create("http://127.0.0.1:" + mock.port()), 3, Strategy.PARALLEL, 0, 16, null, 12,
                Duration.ofMillis(1)))) {
            String body = get(twelve.port(), "/fanout");
            assertTrue(body.startsWith("{\"strategy\":\"parallel\",\"rails\":12,"), body);
            assertEquals(3, body.split("\"id\":").length - 1, body);
            assertTrue(get(twelve.port(), "/fanout/parallel-n").contains("\"rails\":3,"));
            ReadinessAttributes a = Readiness.parse(twelve.readinessLine()).orElseThrow();
            assertEquals("12", a.get(Readiness.RAILS));
            assertEquals("1000", a.get(Readiness.REQUEST_CPU_US));
            assertTrue(Long.parseLong(a.get(Readiness.CPU_ROUNDS)) > 0, a.toString());
        }
    }

    @Test
    void badKnobsAreNamed() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Strategy.of("fast")).getMessage()
                .contains("parallel-n"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FanOutServer.Config("127.0.0.1", 0,
                Transport.NIO, null, URI.create("http://127.0.0.1:1"), 0, Strategy.MONO, 0, 1, null))
                .getMessage().contains("components"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new FanOutServer.Config("127.0.0.1", 0,
                Transport.NIO, null, URI.create("http://127.0.0.1:1"), 3, Strategy.MONO, 0, 1, null, 0,
                Duration.ZERO)).getMessage().contains("rails"));
    }
}
