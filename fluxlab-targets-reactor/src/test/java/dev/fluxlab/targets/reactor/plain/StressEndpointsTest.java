package dev.fluxlab.targets.reactor.plain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.stress.StressConfig;
import dev.fluxlab.targets.common.stress.StressWork;
import dev.fluxlab.targets.common.stress.VirtualScheduler;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.netty.http.HttpProtocol;

/** Seed 002's stress endpoints on the plain target: a date string, computed on the thread each one claims. */
class StressEndpointsTest {

    private static ReactorNettyServer.Running server;

    @BeforeAll
    static void start() {
        server = ReactorNettyServer.start(ReactorNettyServerConfig.builder().workers(2).transport(Transport.NIO)
                .stress(new StressConfig(Duration.ofMillis(20), 3, 5, 7, true, VirtualScheduler.PER_TASK)).build());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest(name = "{0} runs on {1} (virtual={2})")
    @CsvSource({
        "/stress-benchmark-01, fluxlab-async-, false",
        "/stress-benchmark-02, boundedElastic-, false",
        "/stress-benchmark-03, boundedElastic-, false",
        "/stress-benchmark-04, fluxlab-rn-nio-, false",
        "/stress-benchmark-05, fluxlab-rn-nio-, false",
        "/stress-benchmark-06, ForkJoinPool.commonPool-worker-, false",
        "/stress-benchmark-01-vt, fluxlab-vt-async-, true",
        "/stress-benchmark-02-vt, fluxlab-vt-scheduler-, true",
        "/stress-benchmark-03-vt, fluxlab-vt-scheduler-, true"})
    void endpointAnswersADateOnTheThreadItClaims(String path, String threadPrefix, boolean virtual) {
        try (TestClient client = new TestClient(server.port(), null, HttpProtocol.HTTP11)) {
            TestClient.Reply r = client.get(path);
            assertEquals(200, r.status());
            assertTrue(r.body().matches("\\w{3} \\w{3} \\d{2} \\d{2}:\\d{2}:\\d{2} \\S+ \\d{4}"), r.body());
            String thread = r.headers().get(StressWork.THREAD_HEADER);
            assertTrue(thread.startsWith(threadPrefix), thread);
            assertTrue(thread.endsWith(";virtual=" + virtual), thread);
        }
    }

    @Test
    void unknownStressPathIs404() {
        try (TestClient client = new TestClient(server.port(), null, HttpProtocol.HTTP11)) {
            assertEquals(404, client.get("/stress-benchmark-99").status());
        }
    }

    @Test
    void readinessCarriesWhatExplainsTheBlockingEndpoints() {
        ReadinessAttributes a = Readiness.parse(server.readinessLine()).orElseThrow();
        assertEquals("20", a.get(Readiness.SLEEP_MS));
        assertEquals("3", a.get(Readiness.ASYNC_CORE));
        assertEquals("5", a.get(Readiness.ASYNC_MAX));
        assertEquals("7", a.get(Readiness.ASYNC_QUEUE));
        assertEquals("event-loop", a.get(Readiness.BLOCKING_EXECUTION));
        assertEquals("per-task", a.get(Readiness.VIRTUAL_SCHEDULER));
        assertTrue(Integer.parseInt(a.get(Readiness.ELASTIC_CAP)) >= 10, a.toString());
    }
}
