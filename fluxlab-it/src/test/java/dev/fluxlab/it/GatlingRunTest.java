package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.registry.HostPlatform;
import dev.fluxlab.runner.registry.SuiteValidator;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code injector: gatling} end to end: the Reactor Netty target over h2 (TLS, ALPN) measured by Gatling (a child JVM
 * on its own classpath running fluxlab's simulation) for a few seconds, after a priming step by h2load over TLS
 * ({@code h2load -n 100}); Gatling's report becomes a load document with its CPU sampled like every injector's. Then
 * a fixed request count ({@code requests: 200}) by h2load over TLS on the same target. (RealRunTest covers fluxlab's
 * own injector on a real target.)
 */
class GatlingRunTest {

    @Test
    void shippedGatlingSuiteIsValid() {
        Suite s = Suite.load(Path.of("..", "suites", "h2-proxy-gatling.yaml"));
        new SuiteValidator(TargetRegistry.builtIn(), new HostPlatform()).validate(s);
        assertTrue(s.cells().stream().anyMatch(c -> "gatling".equals(c.knobs().get("injector"))));
        assertTrue(s.cells().stream().allMatch(c -> c.load().prime() != null
                && "h2load".equals(c.load().prime().injector()) && c.load().prime().requests() == 100));
    }

    @Test
    void gatlingAfterAnH2loadPrimeThenH2loadByCount(@TempDir Path tmp) throws Exception {
        Path suite = Files.writeString(tmp.resolve("gatling.yaml"), """
                name: gatling-e2e
                fork: shared
                targets:
                  reactor-netty:
                    knobs: {protocol: h2, transport: nio}
                    jvm: {heap: 128m}
                scenarios:
                  plaintext: {path: /plaintext, expect: {status: 200, body: "Hello, World!"}}
                load:
                  - {connections: 2, in_flight: 4, injector: gatling,
                     prime: {injector: h2load, connections: 4, in_flight: 10, requests: 100}}
                  - {connections: 2, in_flight: 4, injector: h2load, requests: 200}
                warmup: 2s
                measure: 2s
                """);
        Path out = tmp.resolve("run");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        assertEquals(0, o.code(), o.out() + o.err());

        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        assertEquals("complete", r.status());
        CellResult gatling = r.cells().get(0);
        assertEquals("gatling", gatling.knobs().get("injector"));
        assertTrue(gatling.valid(), gatling.reasons().toString());
        LoadResult load = gatling.repeats().get(0).load();
        assertNotNull(load, gatling.reasons().toString());
        assertEquals("gatling", load.injector());
        assertEquals("h2", load.protocol());
        assertTrue(load.requestsOk() > 0, "gatling measured nothing");
        assertEquals(0, load.errorCount(), "every response had status 200 and the body: " + load.errors());
        assertEquals(load.requestsOk() / load.durationS(), load.throughputRps(), 0.01);
        assertTrue(load.durationS() > 1 && load.durationS() < 4, "the measured window, not the run: " + load.durationS());
        assertFalse(Double.isNaN(load.latencyMs().corrected().p99()), "Gatling's 99th percentile");
        // Gatling watches no target JVM: the runner recorded the target's JIT over the measured phase
        assertTrue(load.watchedJvms() != null && load.watchedJvms().stream().anyMatch(w ->
                dev.fluxlab.model.load.WatchedJvm.TARGET.equals(w.role()) && w.measured() != null),
                String.valueOf(load.watchedJvms()));
        ProcessStats inj = gatling.repeats().get(0).processes().stream().filter(p -> p.role().equals("injector"))
                .findFirst().orElseThrow();
        assertTrue(inj.cpuS() > 0, "Gatling's JVM was sampled in the measured window: " + inj);
        LoadResult prime = gatling.repeats().get(0).prime();
        assertNotNull(prime, "the priming step is recorded in the repeat");
        assertEquals("h2load", prime.injector());
        assertEquals(100, prime.requestsOk(), "h2load -n 100 over TLS primed the target");
        assertTrue(load.requestsOk() != prime.requestsOk() || load.durationS() != prime.durationS(),
                "the measured figures are Gatling's, not the priming step's");

        CellResult h2load = r.cells().get(1);
        assertTrue(h2load.valid(), h2load.reasons().toString());
        LoadResult counted = h2load.repeats().get(0).load();
        assertEquals("h2load", counted.injector());
        assertEquals("h2", counted.protocol());
        assertEquals(200, counted.requestsOk(), "requests: 200 is h2load -n 200, over TLS with ALPN h2");
        assertEquals(0, counted.errorCount());

        assertTrue(Files.isDirectory(out.resolve("cells").resolve(
                Files.list(out.resolve("cells")).filter(p -> p.getFileName().toString().startsWith("001"))
                        .findFirst().orElseThrow().getFileName()).resolve("gatling-1")), "Gatling's report is kept");
    }
}
