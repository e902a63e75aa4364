package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.Estimate;
import dev.fluxlab.runner.registry.HostPlatform;
import dev.fluxlab.runner.registry.SuiteValidator;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shipped cold-burst suite is valid, and a short profile of its shape runs end to end (on plain Reactor Netty, which
 * starts in a second; the Spring targets' {@code --prime=false} is covered by their own tests): a fresh target hit by
 * every connection at once with no warm-up, with and without keep-alive (seed 002's connection per request); each
 * repeat carries the kernel's accept-queue evidence, the connection-per-request cell its connect times.
 */
class ColdBurstSuiteTest {

    private static final Path SUITE = Path.of("..", "suites", "cold-burst.yaml");

    @Test
    void theShippedSuiteIsValidAndPlansForAFewMinutes() {
        Suite s = Suite.load(SUITE);
        new SuiteValidator(TargetRegistry.builtIn(), new HostPlatform()).validate(s);
        assertEquals(10, s.cells().size());
        assertEquals(Duration.ZERO, s.warmup());
        Duration estimate = Estimate.total(s, s.cells());
        assertTrue(estimate.compareTo(Duration.ofMinutes(8)) < 0, estimate.toString());
    }

    @Test
    void aColdBurstAndAConnectionPerRequestRunValid(@TempDir Path tmp) throws Exception {
        Path suite = Files.writeString(tmp.resolve("cold-burst-test.yaml"), """
                name: cold-burst-test
                targets:
                  reactor-netty: {knobs: {workers: 2}, jvm: {heap: 128m}}
                scenarios:
                  stress-04: {path: /stress-benchmark-04, expect: {status: 200}}
                load: {connections: 32, keep_alive: [true, false]}
                warmup: 0
                measure: 4s
                repeats: 1
                startup_timeout: 60s
                """);
        Path out = tmp.resolve("out");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        assertEquals(0, o.code(), o.err() + o.out());
        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        assertEquals(2, r.cells().size());
        for (CellResult c : r.cells()) {
            // a cold JVM on a machine shared with other jobs may not answer its first burst within the window; that is
            // the cold start this shape measures, and the only reason such a cell may be invalid
            assertTrue(c.valid() || c.reasons().stream().filter(x -> !x.startsWith("warning: "))
                    .allMatch(x -> x.startsWith("zero throughput")), c.id() + ": " + c.reasons());
            RepeatResult rep = c.repeats().get(0);
            assertEquals(0, rep.load().errorCount(), c.id() + ": " + rep.load().errors());
            assertNotNull(rep.listen(), c.id() + ": no accept-queue evidence");
            assertTrue(rep.listen().port() > 0 && rep.listen().listenOverflows() >= 0, rep.listen().toString());
            assertTrue(rep.load().perSecond().stream().noneMatch(x -> x.phase().equals("warmup") && x.ok() > 0),
                    "a response before the measured burst: " + rep.load().perSecond());
            boolean perRequest = "false".equals(c.knobs().get("keep_alive"));
            assertEquals(perRequest, rep.load().connect() != null, c.id());
            if (perRequest) {
                assertEquals(rep.load().requestsOk(), rep.load().connect().connects());
            }
            assertTrue(r.cells().stream().anyMatch(CellResult::valid), "no cell answered in 4 s");
        }
    }
}
