package dev.fluxlab.runner.process;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A suite's command stopped with its own signal, as a process tree, and its watchdog ended with it. */
class CommandStopTest {

    @Test
    void theCommandRunsInItsOwnGroupAndItsTreeStopsOnItsSignal(@TempDir Path tmp) throws Exception {
        // a shell that forks a child, traps INT (the stop signal) and says so, then exits
        String script = "trap 'echo got-INT; kill $c; exit 0' INT; sleep 300 & c=$!; echo started; wait $c";
        Supervisor supervisor = new Supervisor();
        ChildProcess c = ChildProcess.startCommand("target", "t", List.of("sh", "-c", script), tmp, Map.of("A", "1"),
                tmp.resolve("t.log"), null, supervisor, "INT", Duration.ofSeconds(5));
        assertTrue(c.awaitLine(l -> l.equals("started"), Duration.ofSeconds(10)).isPresent());
        assertEquals(c.pid(), CommandStop.pgid(c.pid()).orElseThrow(), "the command leads its own process group");
        List<Long> tree = c.treePids();
        assertEquals(2, tree.size(), "the shell and its child: " + tree);
        assertTrue(c.isCommand());
        assertTrue(c.jvmPid().isEmpty(), "a shell is no HotSpot JVM");
        supervisor.stop(List.of(c), Duration.ofSeconds(1));
        for (long pid : tree) {
            // gone, or a zombie of the shell's child that init has not reaped yet (it runs nothing any more)
            assertTrue(ProcessHandle.of(pid).map(Ended::ended).orElse(true), pid + " is gone");
        }
        assertTrue(Files.readString(tmp.resolve("t.log")).contains("got-INT"), "it was asked with its own signal");
        assertEquals(0, c.exitCode(), "and exited by itself within its grace");
    }

    @Test
    void aCommandIgnoringItsSignalIsKilledAfterItsGrace(@TempDir Path tmp) throws Exception {
        Supervisor supervisor = new Supervisor();
        ChildProcess c = ChildProcess.startCommand("target", "t", List.of("sh", "-c",
                        "trap '' TERM; echo started; while :; do sleep 1; done"), tmp, Map.of(), tmp.resolve("t.log"),
                null, supervisor, "TERM", Duration.ofMillis(300));
        assertTrue(c.awaitLine(l -> l.equals("started"), Duration.ofSeconds(10)).isPresent());
        supervisor.stop(List.of(c), Duration.ofSeconds(1));
        assertFalse(c.isAlive());
        assertEquals(137, c.exitCode(), "SIGKILL");
    }
}
