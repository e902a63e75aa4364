package dev.fluxlab.cli;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where {@code run --out} can write, judged before anything starts (the dry run too). A dangling link and an empty
 * folder on a read-only or full file system had passed, and the run then failed with exit 1 naming no cause.
 */
class OutFolderTest {

    @Test
    void aDanglingLinkIsNamedWithWhereItPoints(@TempDir Path tmp) throws Exception {
        Path link = Files.createSymbolicLink(tmp.resolve("dangling"), tmp.resolve("nowhere/deeper"));
        String problem = OutFolder.problem(link);
        assertNotNull(problem);
        assertTrue(problem.contains("symbolic link to " + tmp.resolve("nowhere/deeper") + ", which does not exist"),
                problem);
        String under = OutFolder.problem(link.resolve("sub"));
        assertNotNull(under, "a folder under the dangling link cannot be made either");
        assertTrue(under.contains(link + " is a symbolic link to"), under);
        IllegalArgumentException json = assertThrows(IllegalArgumentException.class,
                () -> OutputFile.checkWritable("--json", link.resolve("a.json")));
        assertTrue(json.getMessage().contains("which does not exist"), json.getMessage());
        assertNull(OutFolder.problem(tmp.resolve("new")), "a new folder that can be created is fine");
        assertNull(OutFolder.problem(Files.createDirectories(tmp.resolve("empty"))), "so is an empty writable one");
    }

    /** Root ignores permission bits, so a small tmpfs (mounted when this runs as root) stands for the real cases. */
    @Test
    void anEmptyFolderThatCannotBeWrittenOrAFullDiskIsRefused(@TempDir Path tmp) throws Exception {
        Path mnt = Files.createDirectories(tmp.resolve("small"));
        Assumptions.assumeTrue(sh("mount -t tmpfs -o size=64k tmpfs '" + mnt + "'") == 0, "needs root to mount a tmpfs");
        try {
            Path empty = Files.createDirectories(mnt.resolve("empty"));
            Path fill = mnt.resolve("fill");
            sh("dd if=/dev/zero of='" + fill + "' bs=4k count=100 2>/dev/null");
            String full = OutFolder.problem(empty);
            assertNotNull(full, "a full disk cannot take a run");
            assertTrue(full.contains("cannot be written") && full.contains("No space left"), full);
            IllegalArgumentException json = assertThrows(IllegalArgumentException.class,
                    () -> OutputFile.checkWritable("--json", mnt.resolve("out.json")));
            assertTrue(json.getMessage().contains("No space left"), json.getMessage());

            Files.delete(fill);
            assertNull(OutFolder.problem(empty));
            Assumptions.assumeTrue(sh("mount -o remount,ro '" + mnt + "'") == 0);
            String readOnly = OutFolder.problem(empty);
            assertNotNull(readOnly);
            assertTrue(readOnly.contains("Read-only file system"), readOnly);
        } finally {
            sh("umount '" + mnt + "'");
        }
    }

    private static int sh(String command) throws Exception {
        return new ProcessBuilder("sh", "-c", command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    }
}
