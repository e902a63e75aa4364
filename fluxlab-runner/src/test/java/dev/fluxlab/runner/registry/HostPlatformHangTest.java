package dev.fluxlab.runner.registry;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JVM-flags check ({@code java FLAGS -version}) is bounded: a flag that keeps that JVM alive is named in one
 * refusal, and nothing of the check is left running (issue 38, finding 1).
 */
class HostPlatformHangTest {

    private static final Duration LIMIT = Duration.ofSeconds(3);

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    @Test
    void aDebuggerWaitingForItsDebuggerIsNamedAndStopped() {
        String marker = "-Dfluxlab.hangtest=" + UUID.randomUUID();
        String jdwp = "-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0";
        HostPlatform platform = new HostPlatform(java(), "", LIMIT);
        Optional<String> p = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> platform.jvmFlagsProblem(List.of(marker, jdwp)));
        assertTrue(p.isPresent());
        assertTrue(p.get().contains("did not exit within 3 s: " + jdwp + " waits for a debugger (suspend=y?)"), p.get());
        assertEquals(List.of(), running(marker), "the checking JVM was left running");
    }

    @Test
    void aChildInheritingTheOutputNeitherHangsTheCheckNorOutlivesIt(@TempDir Path dir) throws Exception {
        // a 'java' that starts a child holding its stdout and then exits at once, as an agent forking a helper would
        Path pidFile = dir.resolve("child.pid");
        Path fake = dir.resolve("java");
        Files.writeString(fake, "#!/bin/sh\nsleep 300 &\necho $! > " + pidFile + "\nsleep 0.5\nexit 0\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
        HostPlatform platform = new HostPlatform(fake.toString(), "", LIMIT);
        Optional<String> p = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> platform.jvmFlagsProblem(List.of("-javaagent:forks.jar")));
        assertEquals(Optional.empty(), p);
        long child = Long.parseLong(Files.readString(pidFile).strip());
        assertFalse(running(child), "the check's child " + child + " was left running");
    }

    @Test
    void anAgentThatNeverLetsTheJvmExitIsNamed(@TempDir Path dir) throws Exception {
        Path fake = dir.resolve("java");
        Files.writeString(fake, "#!/bin/sh\ntrap '' TERM\nwhile :; do sleep 1; done\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
        HostPlatform platform = new HostPlatform(fake.toString(), "", LIMIT);
        Optional<String> p = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> platform.jvmFlagsProblem(List.of("-Xmx64m", "-javaagent:hook.jar")));
        assertTrue(p.isPresent());
        assertTrue(p.get().contains("did not exit within 3 s: does -javaagent:hook.jar keep the JVM alive"), p.get());
    }

    /** Whether {@code pid} still runs after a moment (a killed process not yet reaped, a zombie, does not). */
    private static boolean running(long pid) throws Exception {
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        for (int i = 0; i < 20; i++) {
            if (!Files.exists(stat)) {
                return false;
            }
            String s = Files.readString(stat);
            if (s.substring(s.lastIndexOf(')') + 2).startsWith("Z")) {
                return false;
            }
            Thread.sleep(100);
        }
        return true;
    }

    private static List<Long> running(String marker) {
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .filter(h -> h.info().commandLine().map(c -> c.contains(marker)).orElse(false))
                .map(ProcessHandle::pid).toList();
    }
}
