package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.StackVersions;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.Estimate;
import dev.fluxlab.runner.registry.HostPlatform;
import dev.fluxlab.runner.registry.SuiteValidator;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shipped stack A/B suite: valid, within its budget, the release a column; and a two-cell profile of it runs both
 * releases, each process recording the releases it really loaded.
 */
class StackAbSuiteTest {

    private static final Path SUITE = Path.of("..", "suites", "stack-ab.yaml");

    @Test
    void theShippedSuiteIsValidAndPlansForUnderSixMinutes() {
        Suite s = Suite.load(SUITE);
        new SuiteValidator(TargetRegistry.builtIn(), new HostPlatform()).validate(s);
        assertEquals(16, s.cells().size());
        assertEquals(List.of("reactor-netty-version"), s.tables().get(0).columns());
        assertEquals(List.of("http1.1 1.3.8", "http1.1 1.2.18", "h2c 1.3.8", "h2c 1.2.18"), s.cells().stream()
                .map(c -> c.knobs().get("protocol") + " " + c.knobs().get("reactor-netty-version")).distinct().toList(),
                "a protocol's two releases back to back");
        Duration estimate = Estimate.total(s, s.cells());
        assertTrue(estimate.compareTo(Duration.ofMinutes(6)) < 0, "plans for under 6 minutes: " + estimate);
    }

    /**
     * Two h2c cells, one per release. {@code decide_max=0s}: the suite's A/B claim is judged from the repeats instead
     * of an interleaved trial of up to 90 s (about 60 of this test's 75 s); its trial loads the same two target JVMs
     * this test already checks, and the trials have tests of their own (DecidedClaimRunTest, DuetClaimRunTest).
     */
    @Test
    void bothReleasesRunAndEachProcessRecordsWhatItLoaded(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), SUITE.toString(),
                "--set", "targets.reactor-netty.knobs.protocol=h2c", "--set", "exclude=[{scenario: json}]",
                "--set", "load.in_flight=4", "--set", "load.connections=2", "--set", "warmup=1s",
                "--set", "measure=1s", "--set", "decide_max=0s");
        assertEquals(0, o.code(), o.err() + o.out());
        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        assertEquals(2, r.cells().size());
        for (CellResult c : r.cells()) {
            String release = c.knobs().get("reactor-netty-version");
            assertEquals(release, c.versions().get("reactor-netty"), c.id() + ": the cell's classpath " + c.versions());
            for (ProcessStats p : c.repeats().get(0).processes()) {
                if (p.role().equals("target")) {
                    assertEquals(release, p.versions().get(StackVersions.REACTOR_NETTY), c.id() + ": " + p.versions());
                    assertTrue(p.versions().get(StackVersions.NETTY).startsWith(release.startsWith("1.2.") ? "4.1." : "4.2."),
                            c.id() + ": " + p.versions());
                } else {
                    assertNull(p.versions(), "the injector reports no stack");
                }
            }
        }
        assertTrue(o.out().contains("reactor-netty-version=1.2.18"), o.out());
    }
}
