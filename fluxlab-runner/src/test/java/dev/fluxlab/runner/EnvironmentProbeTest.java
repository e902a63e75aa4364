package dev.fluxlab.runner;

import dev.fluxlab.model.run.Environment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EnvironmentProbeTest {

    @Test
    void fingerprintOfThisMachine() {
        Environment e = EnvironmentProbe.probe();
        assertNotNull(e.cpuModel(), "x86 Linux names its CPU in /proc/cpuinfo");
        assertTrue(e.loadAverage1m() != null && e.loadAverage1m() >= 0, "load " + e.loadAverage1m());
        assertNotNull(e.speedBefore());
        assertTrue(e.speedBefore().opsPerSecond() > 0);
        assertEquals(e.treeDirty() == null, e.fluxlabCommit() == null, "commit and dirty flag come together");
    }

    @Test
    void sourceTreeOfAGitCheckout(@TempDir Path dir) throws Exception {
        assertTrue(SourceTree.of(dir).isEmpty(), "not a checkout");
        git(dir, "init", "-q");
        Files.writeString(dir.resolve("a.txt"), "a");
        git(dir, "add", "a.txt");
        git(dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "a");
        SourceTree clean = SourceTree.of(dir).orElseThrow();
        assertEquals(40, clean.commit().length());
        assertFalse(clean.dirty());
        assertEquals(clean.commit().substring(0, 12), clean.version());
        assertEquals(clean.version(), EnvironmentProbe.fluxlabVersion(Optional.of(clean)));
        Files.writeString(dir.resolve("a.txt"), "b");
        SourceTree dirty = SourceTree.of(dir).orElseThrow();
        assertTrue(dirty.dirty());
        assertTrue(dirty.version().endsWith("-dirty"));
        assertEquals("dev", EnvironmentProbe.fluxlabVersion(Optional.empty()));
    }

    private static void git(Path dir, String... args) throws Exception {
        String[] cmd = new String[args.length + 3];
        cmd[0] = "git";
        cmd[1] = "-C";
        cmd[2] = dir.toString();
        System.arraycopy(args, 0, cmd, 3, args.length);
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), String.join(" ", cmd));
    }
}
