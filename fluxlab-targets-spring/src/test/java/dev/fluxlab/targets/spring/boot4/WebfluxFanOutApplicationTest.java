package dev.fluxlab.targets.spring.boot4;

import dev.fluxlab.targets.spring.WebfluxNettyApplication;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.contract.ThreadsSeen;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.reactor.fanout.MockApiServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code webflux-fan-out} serves seed 003's four strategies through WebFlux and WebClient against the mock API: each
 * answers the components it fetched (the parallel one with the rails it ran), an unknown strategy is a 404, and the
 * readiness line carries the fan-out's sizes for the theory column and its stats path, whose threads seen count
 * each request once.
 */
class WebfluxFanOutApplicationTest {

    @Test
    void everyStrategyAnswersTheComponentsItFetched() throws Exception {
        try (MockApiServer.Running mock = MockApiServer.start("127.0.0.1", 0, Transport.NIO, 1, Duration.ofMillis(5));
             HttpClient http = HttpClient.newHttpClient()) {
            FanOutKnobs.Parsed parsed = FanOutKnobs.parse(new String[]{"--transport=nio", "--workers=2",
                    "--backend-url=http://127.0.0.1:" + mock.port(), "--backend-delay=5ms", "--rails=5"});
            try (WebfluxNettyApplication.Started s = WebfluxFanOutApplication.start(parsed)) {
                for (String strategy : new String[]{"parallel", "parallel-n", "mono", "subscribe-on"}) {
                    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                            + s.port() + "/fanout/" + strategy)).build(), HttpResponse.BodyHandlers.ofString());
                    assertEquals(200, r.statusCode(), strategy + ": " + r.body());
                    assertTrue(r.body().startsWith("{\"strategy\":\"" + strategy + "\""), r.body());
                    assertEquals(3, r.body().split("\"component\":").length - 1, r.body());
                    if (strategy.equals("parallel")) {
                        assertTrue(r.body().contains("\"rails\":5"), r.body());
                    }
                }
                assertEquals(404, http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port()
                        + "/fanout/nope")).build(), HttpResponse.BodyHandlers.discarding()).statusCode());
                ReadinessAttributes ready = Readiness.parse(s.readinessLine()).orElseThrow();
                assertEquals("5", ready.get(Readiness.WAIT_MS));
                assertEquals("5", ready.get(Readiness.RAILS));
                assertEquals("3", ready.get(Readiness.COMPONENTS));
                // the threads seen, as the plain fan-out serves them: one request per strategy on the server's
                // event loop, the ParallelFlux components on parallel-*
                assertEquals("/stats", ready.stats().orElseThrow());
                HttpResponse<String> stats = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                        + s.port() + "/stats")).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, stats.statusCode(), stats.body());
                ThreadsSeen seen = ThreadsSeen.from(Json.read(stats.body(), Map.class)).orElseThrow();
                assertEquals(List.of("mono", "parallel", "parallel-n", "subscribe-on"), seen.strategies(), stats.body());
                for (String strategy : seen.strategies()) {
                    assertEquals(1L, seen.of(strategy, ThreadsSeen.REQUEST).values().stream()
                            .mapToLong(Long::longValue).sum(), strategy + ": " + stats.body());
                }
                assertEquals(Map.of("parallel-*", 3L), seen.of("parallel-n", ThreadsSeen.COMPONENT), stats.body());
            }
        }
    }
}
