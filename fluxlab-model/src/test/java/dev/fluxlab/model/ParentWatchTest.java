package dev.fluxlab.model;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParentWatchTest {

    @Test
    void readsOnlyPositivePids() {
        assertEquals(Optional.of(42L), ParentWatch.parentPid(" 42 "));
        assertEquals(Optional.empty(), ParentWatch.parentPid(null));
        assertEquals(Optional.empty(), ParentWatch.parentPid(""));
        assertEquals(Optional.empty(), ParentWatch.parentPid("0"));
        assertEquals(Optional.empty(), ParentWatch.parentPid("-7"));
        assertEquals(Optional.empty(), ParentWatch.parentPid("self"));
    }

    @Test
    void aLivingParentIsAliveAndAStrangerIsNot() {
        long parent = ProcessHandle.current().parent().orElseThrow().pid();
        assertTrue(ParentWatch.parentAlive(parent));
        // our own PID is alive but is not our parent: a reused PID must not count
        assertFalse(ParentWatch.parentAlive(ProcessHandle.current().pid()));
    }

    /**
     * A JVM started by an intermediate shell that is then SIGKILLed, as a runner killed with kill -9: the JVM sees
     * its parent gone and exits with {@link ParentWatch#EXIT_CODE} within a few seconds instead of living on.
     */
    @Test
    void childExitsWhenItsParentIsKilled() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        String cp = System.getProperty("java.class.path");
        // the shell exports its own PID, starts the JVM as its child and waits for it
        String script = "export " + ParentWatch.ENV + "=$$; \"$0\" -cp \"$1\" \"$2\" & echo child=$!; wait";
        Process shell = new ProcessBuilder(List.of("bash", "-c", script, java, cp, Orphan.class.getName())).redirectErrorStream(true).start();
        ProcessHandle child = null;
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(shell.getInputStream(), StandardCharsets.UTF_8));
            String line;
            boolean watching = false;
            StringBuilder seen = new StringBuilder();
            while ((line = out.readLine()) != null) {
                seen.append(line).append('\n');
                if (line.startsWith("child=")) {
                    child = ProcessHandle.of(Long.parseLong(line.substring(6))).orElseThrow();
                }
                if (line.startsWith("watching")) {
                    watching = true;
                    break;
                }
            }
            assertNotNull(child, "the shell did not report its child");
            assertTrue(watching, "the child did not start its watch:\n" + seen);
            shell.destroyForcibly();   // SIGKILL: no chance to stop its child
            assertTrue(shell.waitFor(10, TimeUnit.SECONDS));
            assertTrue(child.onExit().get(15, TimeUnit.SECONDS) != null && !child.isAlive(),
                    "the orphaned child is still running");
        } finally {
            if (child != null && child.isAlive()) {
                child.destroyForcibly();
            }
            shell.destroyForcibly();
        }
    }

    /** The orphan-to-be: starts the watch, says so, and would otherwise live for 60 s. */
    public static final class Orphan {
        public static void main(String[] args) throws InterruptedException {
            Optional<Long> pid = ParentWatch.startFromEnvironment();
            System.out.println("watching " + pid.orElseThrow());
            System.out.flush();
            Thread.sleep(60_000);
            System.exit(0);
        }
    }
}
