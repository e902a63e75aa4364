package dev.fluxlab.runner.host;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A host's agent whose session dies mid-run (issue 38, finding 3), with the agent running on this machine in place of
 * the ssh session: the runner starts it again (at most {@value HostAgent#MAX_RESTARTS} times a run), has it watch the
 * same processes, and a cell measured across the gap says what it lacks; past the bound the agent stays ended and
 * every later cell says so.
 */
class HostAgentRestartTest {

    private static List<String> localAgent() {
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx32m",
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                LocalAgentMain.class.getName());
    }

    @Test
    void anAgentWhoseSessionDiedIsStartedAgainWatchingTheSameProcessesWithinBounds() throws Exception {
        Process watched = new ProcessBuilder("sleep", "60").start();
        HostAgent agent = HostAgent.start("h1", localAgent(), "ssh h1 ...", new ClockOffset(0, 0));
        try {
            agent.watch(watched.pid());
            assertTrue(readAfter(agent, watched.pid(), System.nanoTime()), "watched before the drop");
            long cellStart = System.nanoTime();

            kill(agent);
            Optional<String> lost = agent.lost(cellStart, System.nanoTime());
            assertTrue(lost.isPresent() && lost.get().contains("has ended"), lost.toString());

            agent.refresh(); // the next phase boundary: the agent is started again
            assertFalse(agent.ended(), "restarted");
            long afterRestart = System.nanoTime();
            assertTrue(readAfter(agent, watched.pid(), afterRestart), "the new agent watches the same process");
            lost = agent.lost(cellStart, System.nanoTime());
            assertTrue(lost.isPresent() && lost.get().contains("was started again"),
                    "the cell measured across the gap says what it lacks: " + lost);
            assertEquals(Optional.empty(), agent.lost(afterRestart, System.nanoTime()),
                    "a cell measured after the restart is observed");

            for (int i = 1; i < HostAgent.MAX_RESTARTS; i++) {
                kill(agent);
                agent.refresh();
                assertFalse(agent.ended(), "restart " + (i + 1) + " of " + HostAgent.MAX_RESTARTS);
            }
            kill(agent);
            agent.refresh();
            assertTrue(agent.ended(), "no restart past the bound");
            lost = agent.lost(System.nanoTime(), System.nanoTime());
            assertTrue(lost.isPresent() && lost.get().contains("not started again after "
                    + HostAgent.MAX_RESTARTS + " restarts"), lost.toString());
        } finally {
            agent.close();
            watched.destroyForcibly().waitFor();
        }
    }

    /** Whether a reading of {@code pid} newer than {@code after} comes within 10 s (a loaded machine is slow). */
    private static boolean readAfter(HostAgent agent, long pid, long after) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            agent.refresh();
            if (agent.reading(pid).filter(r -> r.nanos() - after > 0).isPresent()) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }

    /** Kills the agent's session and waits (at most 10 s) until the runner's side sees it ended. */
    private static void kill(HostAgent agent) throws Exception {
        agent.session().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!agent.ended() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(agent.ended(), "the dropped session is seen");
    }
}
