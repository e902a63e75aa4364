package dev.fluxlab.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.runner.inject.ExternalInjectors;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An h3 cell against each h3 target, driven by oha (the HTTP/3 peer) through {@code fluxlab run}: valid, no error,
 * throughput and latency recorded, the injector's and the target's CPU per request measured. Skipped, saying so, where
 * oha is not installed (scripts/test.sh builds it when cargo is there, else says in one line why not).
 */
class H3PeerRunTest {

    @Test
    void ohaDrivesAnH3CellOnEachH3Target(@TempDir Path tmp) throws Exception {
        assumeTrue(ExternalInjectors.locate("oha").isPresent(), "oha (the HTTP/3 peer) is not on the PATH: "
                + "scripts/test.sh builds it with 'cargo install oha --version 1.16.0 --features http3 --locked'");
        Path suite = Files.writeString(tmp.resolve("h3.yaml"), """
                name: h3-peer
                targets:
                  reactor-netty: {knobs: {protocol: h3}, jvm: {heap: 128m}}
                  netty: {knobs: {protocol: h3, workers: 1}, jvm: {heap: 128m}}
                scenarios:
                  plaintext: {path: /plaintext, expect: {status: 200, body: "Hello, World!"}}
                load: {connections: 2, in_flight: 4, threads: 1, injector: oha}
                warmup: 1s
                measure: 2s
                startup_timeout: 30s
                thresholds: {require_stable_warmup: false, injector_saturation: 1.0}
                """);
        for (CellResult c : ValidRun.of(suite, tmp.resolve("out"), 2).cells()) {
            assertEquals("oha", c.knobs().get("injector"), c.id());
            assertFalse(Double.isNaN(c.summary().latencyMs().get("p99").median()), c.id() + " p99");
            assertTrue(c.summary().cpuPerRequestUs().get("injector").median() > 0, c.id() + " injector CPU");
        }
    }
}
