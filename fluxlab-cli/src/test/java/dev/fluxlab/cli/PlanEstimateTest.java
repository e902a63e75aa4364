package dev.fluxlab.cli;

import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.Estimate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The time part of a run's plan: a request-bounded cell gives a least and a most, never one made-up figure. */
class PlanEstimateTest {

    /** {@code fluxlab run --dry-run} of two cells (HTTP/1.1 and h2c) with this load profile, warm-up 3 s. */
    private static RunCommandTest.Outcome dryRun(Path tmp, String load, String measure) throws Exception {
        Path suite = Files.writeString(tmp.resolve("s.yaml"), """
                targets:
                  reactor-netty: {knobs: {protocol: [http1.1, h2c], transport: nio}}
                scenarios: {plaintext: {path: /plaintext}}
                load: %s
                warmup: 3s
                measure: %s
                """.formatted(load, measure));
        RunCommandTest.Outcome o = RunCommandTest.execute("run", "--dry-run", suite.toString());
        assertEquals(0, o.code(), o.err());
        return o;
    }

    @Test
    void aDryRunOfRequestBoundedCellsSaysAtLeastAndAtMost(@TempDir Path tmp) throws Exception {
        RunCommandTest.Outcome o = dryRun(tmp, "{connections: 2, requests: 1000}", "40s");
        // per cell at least 2.5 + 1.5 + 3 + 0.7 = 7.7 s, at most 40 s more
        assertTrue(o.out().lines().anyMatch(l -> l.startsWith("    2  reactor-netty h2c ")
                && l.endsWith(" ≥8s  + measuring 1,000 requests (each at most 40s)")), o.out());
        assertTrue(o.out().contains("estimated wall time: at least 15s, at most 1m35s (per cell and repeat: start-up "
                + "2.5s per target + 1.5s injector, warm-up 3s, measure 1,000 requests (at most 40s), stop 0.7s)"), o.out());
        assertTrue(o.out().contains("  2 of 2 cells measure a request count, not a duration"), o.out());
    }

    @Test
    void aDurationBoundSuiteKeepsItsSingleFigure(@TempDir Path tmp) throws Exception {
        RunCommandTest.Outcome o = dryRun(tmp, "{connections: 2}", "4s");
        assertTrue(o.out().contains("estimated wall time: 23s (per cell"), o.out());
        assertFalse(o.out().contains("request count"), o.out());
    }

    @Test
    void everyShippedSuitePlansForHoursAtMostAndSaysWhenItCannotKnow() throws Exception {
        List<Path> suites;
        try (Stream<Path> files = Files.list(Path.of("..", "suites"))) {
            suites = files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertTrue(suites.size() >= 10, suites.toString());
        for (Path file : suites) {
            // h2-proxy-hosts names the lab's generated ssh config, which exists only while the lab is up
            Suite s = Suite.parse(file.toString(), Files.readString(file).replaceAll("(?m)^\\s*ssh_config: .*\n", ""));
            Duration least = Estimate.total(s, s.cells());
            assertTrue(least.compareTo(Duration.ofHours(3)) < 0, file + " plans " + least);
            assertTrue(least.compareTo(Estimate.bound(s, s.cells())) <= 0, file.toString());
            List<String> lines = PlanEstimate.lines(s, s.cells(), s.cells(), 20);
            String total = lines.stream().filter(l -> l.startsWith("estimated wall time: ")).findFirst().orElseThrow();
            boolean counted = s.cells().stream().anyMatch(Estimate::requestBounded);
            assertEquals(counted, total.startsWith("estimated wall time: at least "), total);
            assertEquals(s.sharedTargets(), total.contains("injector (with fork: shared once per group of cells)"),
                    "the injector's start-up is paid once per group exactly when its JVM is kept: " + total);
        }
    }
}
