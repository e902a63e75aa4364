package dev.fluxlab.it.hostile;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.Runner;
import dev.fluxlab.runner.registry.HostPlatform;
import dev.fluxlab.runner.registry.SuiteValidator;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A target that closes its listening socket mid-run (issue 38's hostile classes): fluxlab's injector against
 * {@link ClosingTarget}, which stops listening and drops its connections 2 s after the first request, 1 s into the 3 s measured phase;
 * then a cell whose target keeps listening. The first cell's errors are counted by class and the cell is invalid
 * saying so (never valid with silently fewer connections); the run goes on to the second cell, which is valid.
 */
class ClosingTargetRunTest {

    private static final String REGISTRY = """
            injector:
              main: dev.fluxlab.cli.Main
              jvm: [--enable-native-access=ALL-UNNAMED]
              args: [load]
              session_args: [load-session]
            targets:
              closing:
                main: dev.fluxlab.it.hostile.ClosingTarget
                jvm: [-XX:TieredStopAtLevel=1]
                knobs:
                  close-after: {type: int, min: 0, default: 0}
            """;

    @Test
    void aTargetThatStopsListeningMakesItsCellInvalidByErrorClassAndTheRunGoesOn(@TempDir Path tmp) throws Exception {
        TargetRegistry registry = TargetRegistry.parse(REGISTRY);
        Suite suite = Suite.parse("closing.yaml", """
                name: closing
                targets:
                  closing: {knobs: {close-after: [2, 0]}}
                scenarios:
                  plaintext: {path: /plaintext}
                load: {connections: 4, in_flight: 1}
                fork: per-cell
                warmup: 1s
                measure: 3s
                startup_timeout: 30s
                thresholds: {injector_saturation: 1.0}
                """);
        new SuiteValidator(registry, new HostPlatform()).validate(suite);
        Runner runner = Runner.builder(registry).grace(Duration.ofSeconds(2)).build();
        RunResult r = runner.run(suite, tmp.resolve("run"), null);

        assertEquals("complete", r.status());
        assertEquals(2, r.cells().size(), "the run went on to the next cell");
        CellResult closed = r.cells().stream().filter(c -> "2".equals(c.knobs().get("close-after"))).findFirst()
                .orElseThrow();
        RepeatResult rep = closed.repeats().getFirst();
        assertNotNull(rep.load(), closed.reasons().toString());
        System.out.println("closed listener: " + rep.load().requestsOk() + " ok, errors " + rep.load().errors()
                + ", reasons " + closed.reasons());
        assertTrue(rep.load().errorCount() > 0, "the refused and dropped connections are errors: " + rep.load().errors());
        assertFalse(rep.load().errors().isEmpty(), "counted by class");
        assertFalse(closed.valid(), "a cell whose target stopped listening is not valid: " + closed.reasons());
        assertTrue(closed.reasons().stream().anyMatch(s -> rep.load().errors().keySet().stream().anyMatch(s::contains)),
                "the reason names the error classes: " + closed.reasons());

        CellResult open = r.cells().stream().filter(c -> "0".equals(c.knobs().get("close-after"))).findFirst()
                .orElseThrow();
        assertTrue(open.valid(), "the next cell is measured as usual: " + open.reasons());
        assertEquals(0, open.repeats().getFirst().load().errorCount());
    }
}
