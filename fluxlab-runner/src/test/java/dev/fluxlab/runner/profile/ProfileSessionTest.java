package dev.fluxlab.runner.profile;

import dev.fluxlab.model.profile.ProfileMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.fluxlab.model.run.ProcessProfile;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.Supervisor;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which JVMs a profiled repeat loads the profiler into, and what a command target's profile says. */
class ProfileSessionTest {

    @TempDir
    Path tmp;

    /**
     * A process on a suite host gets no option: the library path is this machine's, and the attach API would reach the
     * local ssh client, not the remote JVM (an audit saw "ssh ... is not ready to participate in attach handshake").
     */
    @Test
    void onlyThisMachinesJvmsGetTheProfiler() {
        ProfilerLibrary lib = new ProfilerLibrary(tmp.resolve("libasyncProfiler.so"), "java");
        ProfileSession s = new ProfileSession(ProfileMode.CPU, lib, tmp, tmp, List::of);
        assertEquals(List.of(), s.jvmOptions("backend", "back"));
        assertEquals(List.of("-agentpath:" + tmp.resolve("libasyncProfiler.so")), s.jvmOptions("frontend", null));
        ProfileSession jfr = new ProfileSession(ProfileMode.JFR, lib, tmp, tmp, List::of);
        assertEquals(List.of(), jfr.jvmOptions("injector", "inject"));
        assertTrue(jfr.jvmOptions("injector", null).size() > 1, "the library and the recorder");
    }

    /**
     * A suite's command gets no option (it starts its JVM itself) but a profile entry all the same: a tree without a
     * HotSpot JVM says so in it, never leaves the target out. (A command's JVM attached and sampled: fluxlab-it's
     * CommandTargetProfileTest.)
     */
    @Test
    void aCommandWithoutAJvmIsNamedInTheProfilesWithWhy() throws Exception {
        Supervisor supervisor = new Supervisor();
        ChildProcess c = ChildProcess.startCommand("target", "my-app", List.of("sh", "-c", "echo started; exec sleep 60"),
                tmp, Map.of(), tmp.resolve("my-app.log"), null, supervisor, "TERM", Duration.ofSeconds(2));
        try {
            assertTrue(c.awaitLine(l -> l.equals("started"), Duration.ofSeconds(10)).isPresent());
            ProfileSession s = new ProfileSession(ProfileMode.CPU, new ProfilerLibrary(tmp.resolve("none.so"), "java"),
                    tmp, tmp, () -> List.of(c));
            s.opened(); // the window opens on the session's own thread: its entry appears when it has looked
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (s.results().getFirst().problem().startsWith("the process was not running")
                    && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            s.finishWindow();
            List<ProcessProfile> profiles = s.results();
            assertEquals(1, profiles.size(), "the command is in the profiles: " + profiles);
            assertEquals("my-app", profiles.getFirst().process());
            assertEquals(ProfileSession.NO_JVM, profiles.getFirst().problem());
            assertNull(profiles.getFirst().flameGraph());
        } finally {
            supervisor.stop(List.of(c), Duration.ofSeconds(1));
        }
    }
}
