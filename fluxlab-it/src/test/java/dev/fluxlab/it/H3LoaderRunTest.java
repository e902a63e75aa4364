package dev.fluxlab.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.fluxlab.model.run.CellResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HttpClient loader driving a backend over HTTP/3 through {@code fluxlab run}: a plain Reactor Netty backend
 * serving h3 on its UDP port, the loader's {@code backend-protocol: h3} (its loops on epoll where native would pick
 * io_uring, on which Reactor Netty's h3 client gets no answer). Every cell is valid with verified bodies, no error,
 * some throughput, and h3 recorded as the load's protocol.
 */
class H3LoaderRunTest {

    @Test
    void theLoaderDrivesAnH3BackendInARun(@TempDir Path tmp) throws Exception {
        Path suite = Files.writeString(tmp.resolve("h3-loader.yaml"), """
                name: h3-loader
                targets:
                  loader:
                    entry: client
                    processes:
                      backend:
                        target: reactor-netty
                        knobs: {protocol: h3, workers: 1}
                        jvm: {heap: 128m}
                      client:
                        target: httpclient-loader
                        knobs:
                          backend-url: "https://127.0.0.1:${backend.port}"
                          backend-protocol: h3
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
            assertEquals("h3", c.repeats().get(0).load().protocol(), c.id());
            assertNotEquals("io_uring", c.repeats().get(0).load().transport(), c.id());
        }
    }
}
