package dev.fluxlab.runner.decide;

import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.Supervisor;
import dev.fluxlab.runner.target.TargetSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A trial window that got no response ends the trial "the target stopped answering"; when a target's log holds a
 * fatal finding (webflux-schedulers' 4096-loop target ran out of heap in its trial), the reason says so and where.
 */
class ClaimTrialsStallTest {

    private static TargetSet setPrinting(Path dir, String line) throws Exception {
        Path log = dir.resolve("t.log");
        ChildProcess p = ChildProcess.start("target", "t", List.of("sh", "-c", "printf '" + line + "\\n'; exec sleep 30"),
                log, s -> { }, new Supervisor());
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!(java.nio.file.Files.exists(log) && java.nio.file.Files.readString(log).contains(line))
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        return new TargetSet(List.of(p), Map.of(), Map.of(), "test");
    }

    @Test
    void aStalledTargetsFatalLogFindingIsNamed(@TempDir Path dir) throws Exception {
        TargetSet set = setPrinting(dir, "Exception: java.lang.OutOfMemoryError thrown from the "
                + "UncaughtExceptionHandler in thread \"loop-1\"");
        try {
            String why = ClaimTrials.fatalInLogs(set);
            assertTrue(why.startsWith("; its log shows OutOfMemoryError: see ") && why.endsWith("t.log"), why);
        } finally {
            set.processes().forEach(p -> p.process().destroyForcibly());
        }
    }

    @Test
    void aQuietLogAddsNothing(@TempDir Path dir) throws Exception {
        TargetSet set = setPrinting(dir, "started on port 1234");
        try {
            assertEquals("", ClaimTrials.fatalInLogs(set));
        } finally {
            set.processes().forEach(p -> p.process().destroyForcibly());
        }
    }
}
