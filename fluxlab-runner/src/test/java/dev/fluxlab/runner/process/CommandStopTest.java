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

    /**
     * A runner started in a script's background (nohup, a CI step) has INT ignored, and its children inherit that: a
     * shell cannot trap a signal ignored at its start, so a command whose stop signal is INT never heard it and was
     * killed after its grace (this test failed so under `nohup scripts/test.sh &`). The command starts with its stop
     * signal, INT and QUIT at their default handling; here a shell with INT ignored starts it, as such a runner would.
     */
    @Test
    void aCommandTrapsItsStopSignalEvenWhenTheRunnerIgnoresIt(@TempDir Path tmp) throws Exception {
        List<String> words = CommandStop.defaultSignals("SIGINT");
        org.junit.jupiter.api.Assumptions.assumeFalse(words.isEmpty(), "this machine's env has no --default-signal");
        assertEquals(List.of("env", "--default-signal=INT,QUIT"), words);
        assertEquals(List.of("env", "--default-signal=TERM,INT,QUIT"), CommandStop.defaultSignals("TERM"));
        assertEquals(List.of("env", "--default-signal=INT,QUIT"), CommandStop.defaultSignals("KILL"));
        // the command as startCommand words it, started from a shell that ignores INT: it still traps INT
        List<String> argv = new java.util.ArrayList<>(List.of("sh", "-c", "trap '' INT; exec \"$@\"", "ignoring"));
        argv.addAll(words);
        argv.addAll(List.of("sh", "-c", "trap 'echo got-INT; exit 0' INT; echo started; while :; do sleep 0.1; done"));
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        try (var out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()))) {
            assertEquals("started", out.readLine());
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS), "it ended on INT");
            assertEquals("got-INT", out.readLine());
        } finally {
            p.destroyForcibly();
        }
    }
}
