package dev.fluxlab.runner.target;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.Supervisor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

class TargetStarterTest {

    /**
     * A process whose output ends before it is reaped (here it closes stdout, then exits 0.5 s later) is reported
     * with its exit code, not as silent for the whole start-up timeout.
     */
    @Test
    void aTargetThatExitsAtOnceIsReportedWithItsExitCode(@TempDir Path tmp) throws Exception {
        Supervisor supervisor = new Supervisor();
        ChildProcess c = ChildProcess.start("target", "quick", List.of("sh", "-c",
                "echo starting; exec >/dev/null 2>&1; sleep 0.5; exit 3"), tmp.resolve("quick.log"), null, supervisor);
        try {
            assertTrue(c.awaitLine(l -> l.startsWith(Readiness.PREFIX), Duration.ofSeconds(20)).isEmpty());
            String problem = TargetStarter.notReady(c, Duration.ofSeconds(20));
            assertTrue(problem.startsWith("target quick exited with code 3 before it was ready"), problem);
            assertTrue(problem.contains("starting"), "the log tail: " + problem);
        } finally {
            supervisor.close(Duration.ofSeconds(1));
        }
    }

    @Test
    void aSilentTargetIsReportedAsSilent(@TempDir Path tmp) throws Exception {
        Supervisor supervisor = new Supervisor();
        // alive (and silent) for as long as a stalled test thread could take to look: it is stopped at the end
        ChildProcess c = ChildProcess.start("target", "silent", List.of("sh", "-c", "exec sleep 60"),
                tmp.resolve("silent.log"), null, supervisor);
        try {
            assertTrue(c.awaitLine(l -> l.startsWith(Readiness.PREFIX), Duration.ofMillis(300)).isEmpty());
            String problem = TargetStarter.notReady(c, Duration.ofSeconds(7));
            assertTrue(problem.startsWith("target silent did not print its readiness line within 7s"), problem);
            assertTrue(problem.contains("(the log is empty)"), problem);
        } finally {
            supervisor.close(Duration.ofSeconds(1));
        }
    }
}
