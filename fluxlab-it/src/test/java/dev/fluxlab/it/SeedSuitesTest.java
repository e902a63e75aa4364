package dev.fluxlab.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.contract.ThreadsSeen;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.Estimate;
import dev.fluxlab.runner.registry.HostPlatform;
import dev.fluxlab.runner.registry.SuiteValidator;
import dev.fluxlab.runner.registry.TargetRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeds 002 and 003: the shipped suites validate and plan for under 10 minutes, and a tiny run of each shape (same
 * targets, scenarios and theory, a few connections for a second) yields valid cells with a theory figure; the fan-out
 * cells also record which threads ran their requests and components (seed 003's evidence).
 */
class SeedSuitesTest {

    @ParameterizedTest
    @ValueSource(strings = {"webflux-schedulers", "parallel-flux", "parallel-flux-work"})
    void shippedSeedSuiteIsValidAndFitsTenMinutes(String name) {
        Suite s = Suite.load(Path.of("..", "suites", name + ".yaml"));
        new SuiteValidator(TargetRegistry.builtIn(), new HostPlatform()).validate(s);
        Duration estimate = Estimate.total(s, s.cells());
        assertTrue(estimate.compareTo(Duration.ofMinutes(10)) < 0, name + " must plan for under 10 minutes: " + estimate);
    }

    /** Seed 003's expectation about more work per component: a sweep of work-us whose claims name its heaviest cells. */
    @Test
    void theWorkSweepStatesTheSeedsExpectationOnItsHeaviestCells() {
        Suite s = Suite.load(Path.of("..", "suites", "parallel-flux-work.yaml"));
        assertEquals(9, s.cells().size());
        assertEquals(List.of("50", "500", "2000"), s.cells().stream().map(c -> c.knobs().get("work-us")).distinct()
                .toList());
        assertEquals(2, s.claims().size());
        for (var claim : s.claims()) {
            assertEquals("003_b941d561fca135e3.txt", claim.source());
            assertTrue(claim.cells().stream().allMatch(c -> c.id().contains(",work-us=2000,")), claim.title());
            assertTrue(claim.cells().get(1).id().contains(",strategy=mono,"), claim.title());
        }
    }

    private static RunResult run(Path tmp, String yaml) throws Exception {
        Path suite = Files.writeString(tmp.resolve("s.yaml"), yaml);
        Path out = tmp.resolve("out");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        assertEquals(0, o.code(), o.out() + o.err());
        return Json.mapper().readValue(out.resolve("results.json").toFile(), RunResult.class);
    }

    @Test
    void tinySchedulersRunHasValidCellsAndTheory(@TempDir Path tmp) throws Exception {
        RunResult r = run(tmp, """
                name: tiny-schedulers
                targets:
                  reactor-netty: {knobs: {sleep: 20ms, transport: nio, workers: 2}, jvm: {heap: 128m}}
                scenarios:
                  02-elastic-blocking: {path: /stress-benchmark-02, theory: bounded-elastic, expect: {status: 200}}
                  05-event-loop-block: {path: /stress-benchmark-05, theory: event-loop, expect: {status: 200}}
                load: {connections: 4, timeout: 10s}
                warmup: 2s   # a cold target's first responses (class loading) must not fall into a 1 s window
                measure: 1s
                thresholds: {require_stable_warmup: false}
                """);
        assertEquals(2, r.cells().size());
        for (CellResult c : r.cells()) {
            assertTrue(c.valid(), c.id() + ": " + c.reasons());
            assertNotNull(c.theory(), c.id());
            assertNotNull(c.theory().ratio(), c.id());
        }
        // boundedElastic's cap (10 x cores) exceeds 4 connections: 4 / 20 ms; the event loop: 2 workers / 20 ms
        assertEquals(200.0, r.cells().get(0).theory().predictedRps(), 1e-9);
        assertEquals(100.0, r.cells().get(1).theory().predictedRps(), 1e-9);
    }

    @Test
    void tinyFanOutRunHasValidCellsAndTheory(@TempDir Path tmp) throws Exception {
        RunResult r = run(tmp, """
                name: tiny-fan-out
                targets:
                  fanout:
                    entry: service
                    processes:
                      backend: {target: mock-api, knobs: {delay: 20ms, transport: nio, workers: 1}, jvm: {heap: 128m}}
                      service:
                        target: fan-out
                        knobs:
                          backend-url: "http://127.0.0.1:${backend.port}"
                          backend-delay: "${backend.delay-ms}ms"
                          strategy: [parallel, mono, subscribe-on]
                          transport: nio
                          workers: 2
                        jvm: {heap: 128m}
                scenarios:
                  fanout: {path: /fanout, theory: non-blocking-wait, expect: {status: 200, content_type: application/json}}
                load: {connections: 4, timeout: 10s}
                warmup: 2s   # a cold target's first responses (class loading) must not fall into a 1 s window
                measure: 1s
                thresholds: {require_stable_warmup: false}
                """);
        assertEquals(3, r.cells().size());
        for (CellResult c : r.cells()) {
            assertTrue(c.valid(), c.id() + ": " + c.reasons());
            // ceiling: 4 users each waiting 20 ms
            assertEquals(200.0, c.theory().predictedRps(), 1e-9);
            assertTrue(c.theory().basis().contains("latency floor 20 ms"), c.theory().basis());
            // seed 003's evidence, recorded per cell: the requests arrive on the service's event loops; ParallelFlux
            // handles the components on parallel-*, the plain Mono and subscribeOn(parallel) on the event loop that
            // delivered them (subscribeOn moves only the subscription, as the seed's log showed)
            String strategy = c.knobs().get("strategy");
            ThreadsSeen seen = ThreadsSeen.from(c.repeats().get(0).targetStats().get("service")).orElseThrow(
                    () -> new AssertionError(c.id() + ": no threads seen in " + c.repeats().get(0).targetStats()));
            assertEquals(List.of(strategy), seen.strategies(), c.id() + ": only the cell's strategy, priming not counted");
            String loop = "fluxlab-fanout-nio-*";
            assertEquals(Set.of(loop), seen.of(strategy, ThreadsSeen.REQUEST).keySet(), c.id() + ": " + seen);
            assertEquals(Set.of(strategy.equals("parallel") ? "parallel-*" : loop),
                    seen.of(strategy, ThreadsSeen.COMPONENT).keySet(), c.id() + ": " + seen);
            assertEquals(3 * seen.of(strategy, ThreadsSeen.REQUEST).get(loop),
                    seen.of(strategy, ThreadsSeen.COMPONENT).values().stream().mapToLong(Long::longValue).sum(),
                    c.id() + ": 3 components a request");
        }
        String summary = Files.readString(tmp.resolve("out").resolve("summary.md"));
        assertTrue(summary.contains("## Threads seen"), summary);
        assertTrue(summary.contains("| subscribe-on | component | fluxlab-fanout-nio-\\* 100.0 %"), summary);
    }
}
