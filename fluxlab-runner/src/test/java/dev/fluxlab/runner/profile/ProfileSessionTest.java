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

    /** A suite's command on a suite host is in the profiles with why it was not profiled, never left out. */
    @Test
    void aCommandOnAHostIsNamedInTheProfilesWithWhy() throws Exception {
        Supervisor supervisor = new Supervisor();
        dev.fluxlab.runner.process.RemoteSide h1 = new dev.fluxlab.runner.process.RemoteSide() {
            public String host() { return "h1"; }
            public void line(String line) { }
            public long pid() { return 0; }
            public java.util.Optional<dev.fluxlab.runner.process.RemoteReading> reading() {
                return java.util.Optional.empty();
            }
            public java.util.Optional<dev.fluxlab.runner.process.RemoteSide.MachineAt> machine() {
                return java.util.Optional.empty();
            }
            public void refresh() { }
            public void send(Path local) { }
            public Armed arm(Path local) { throw new UnsupportedOperationException(); }
            public void collect() { }
        };
        // the "ssh" command stands in for the host: what the session reads is the process's kind, not its output
        ChildProcess c = ChildProcess.startRemoteCommand("target", "my-app", List.of("sh", "-c", "exec sleep 60"),
                tmp.resolve("my-app.log"), supervisor, h1);
        try {
            ProfileSession s = new ProfileSession(ProfileMode.CPU, new ProfilerLibrary(tmp.resolve("none.so"), "java"),
                    tmp, tmp, () -> List.of(c));
            s.opened();
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (s.results().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            s.finishWindow();
            List<ProcessProfile> profiles = s.results();
            assertEquals(1, profiles.size(), "the command is in the profiles: " + profiles);
            assertEquals(ProfileSession.remoteProblem("h1"), profiles.getFirst().problem());
            assertNull(profiles.getFirst().flameGraph());
        } finally {
            supervisor.stop(List.of(c), Duration.ofSeconds(1));
        }
    }
}
