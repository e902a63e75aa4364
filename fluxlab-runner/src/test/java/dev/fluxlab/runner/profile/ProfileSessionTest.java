package dev.fluxlab.runner.profile;

import dev.fluxlab.model.profile.ProfileMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which JVMs a profiled repeat loads the profiler into. */
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
}
