package dev.fluxlab.runner.process;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A stopped process's end as the runner reads it: a zombie has ended, a running process has not. */
class EndedTest {

    /**
     * A zombie (exited, not yet reaped by a parent that never waits) has ended, though it still has a PID, and a wait
     * for it returns at once rather than after its grace.
     */
    @Test
    void aZombieHasEnded() throws Exception {
        // the shell forks a child that exits at once, then becomes `sleep 5`, which never reaps it
        Process p = new ProcessBuilder("sh", "-c", "true & exec sleep 5").start();
        try {
            ProcessHandle zombie = null;
            long until = System.nanoTime() + 5_000_000_000L;
            while (zombie == null && System.nanoTime() < until) {
                zombie = p.descendants().filter(h -> state(h.pid()) == 'Z').findFirst().orElse(null);
                Thread.sleep(20);
            }
            assertTrue(zombie != null, "no zombie child seen under " + p.pid());
            assertTrue(Ended.ended(zombie));
            assertFalse(Ended.ended(p.toHandle()), "its parent still runs");
            long t0 = System.nanoTime();
            Ended.await(List.of(zombie), Duration.ofSeconds(5));
            assertTrue(System.nanoTime() - t0 < 4_000_000_000L, "a wait on a zombie ends before its grace");
        } finally {
            p.destroyForcibly();
            p.waitFor();
        }
    }

    private static char state(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2);
        } catch (java.io.IOException | RuntimeException e) {
            return '?';
        }
    }
}
