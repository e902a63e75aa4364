package dev.fluxlab.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.run.CellResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proxy frontend reaching its backend over HTTP/3 through {@code fluxlab run}: a plain Reactor Netty backend
 * serving h3 on its UDP port, the frontend's {@code backend-protocol: h3} (on epoll: its h3 client gets no answer on
 * io_uring), fluxlab's injector on h2c in front. Every cell is valid with verified bodies and no error, and the
 * frontend's stats show the backend reached over h3.
 */
class H3ProxyRunTest {

    @Test
    void theFrontendRelaysToAnH3BackendInARun(@TempDir Path tmp) throws Exception {
        Path suite = Files.writeString(tmp.resolve("h3-proxy.yaml"), """
                name: h3-proxy
                targets:
                  proxy:
                    entry: frontend
                    processes:
                      backend:
                        target: reactor-netty
                        knobs: {protocol: h3, workers: 1}
                        jvm: {heap: 128m}
                      frontend:
                        target: frontend
                        knobs:
                          backend-url: "https://127.0.0.1:${backend.port}"
                          backend-protocol: h3
                          protocol: h2c
                          transport: epoll
                          workers: 1
                        jvm: {heap: 128m}
                scenarios:
                  Get: {method: GET, path: /get, expect: {status: 200, body: "fluxlab get ok"}}
                  Post:
                    method: POST
                    path: /post
                    headers: {content-type: application/json}
                    body: '{"id":4711,"user":"fluxlab"}'
                    expect: {status: 200, body: '{"id":4711,"user":"fluxlab"}'}
                load: {connections: 1, in_flight: 4}
                warmup: 2s
                measure: 2s
                startup_timeout: 30s
                thresholds: {require_stable_warmup: false, injector_saturation: 1.0}
                """);
        for (CellResult c : ValidRun.of(suite, tmp.resolve("out"), 2).cells()) {
            assertEquals("h3", c.knobs().get("backend-protocol"), c.id());
            @SuppressWarnings("unchecked")
            Map<String, Object> stats = (Map<String, Object>) c.repeats().get(0).targetStats().get("frontend");
            assertEquals("h3", stats.get("backend_protocol"), c.id() + ": " + stats);
            @SuppressWarnings("unchecked")
            Map<String, Map<String, Number>> loops = (Map<String, Map<String, Number>>) stats.get("loops");
            long responses = loops.values().stream()
                    .mapToLong(l -> l.getOrDefault("backend_responses", 0).longValue()).sum();
            long errors = loops.values().stream()
                    .mapToLong(l -> l.getOrDefault("backend_errors", 0).longValue()).sum();
            assertTrue(responses > 0, c.id() + ": " + loops);
            assertEquals(0, errors, c.id() + ": " + loops);
        }
    }
}
