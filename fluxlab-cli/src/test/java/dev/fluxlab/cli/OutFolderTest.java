package dev.fluxlab.cli;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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

    /**
     * A run's folder inside the checkout's sources or build output was accepted: results.json and cells/ under a
     * module's src/ (which also made ./fluxlab rebuild before every later command), under target/ (gone with the
     * next {@code mvn clean}) or in .git. The checkout's results/ and folders outside it stay fine.
     */
    @Test
    void aFolderInTheCheckoutsSourcesOrBuildIsRefused(@TempDir Path tmp) throws Exception {
        Path home = Files.createDirectories(tmp.resolve("checkout"));
        Files.writeString(home.resolve("fluxlab"), "#!/bin/sh\n");
        Files.writeString(home.resolve("pom.xml"), "<project/>\n");
        Path src = Files.createDirectories(home.resolve("fluxlab-model/src/main"));
        for (Path out : List.of(src.resolve("run1"), home.resolve("fluxlab-cli/target/run"), home.resolve(".git/x"),
                home.resolve(".fluxlab-build/run"), src)) {
            String problem = OutFolder.problem(out, home);
            assertNotNull(problem, out.toString());
            assertTrue(problem.contains("of fluxlab's checkout " + home.toRealPath()) && problem.contains("give a "
                    + "folder under " + home.toRealPath().resolve("results") + " or outside the checkout"), problem);
        }
        // through a link, too
        Path link = Files.createSymbolicLink(tmp.resolve("into-src"), src);
        assertNotNull(OutFolder.problem(link.resolve("run"), home));
        assertNull(OutFolder.problem(home.resolve("results/run1"), home));
        assertNull(OutFolder.problem(home.resolve("my-runs/a"), home));
        assertNull(OutFolder.problem(tmp.resolve("elsewhere"), home));
        assertNull(OutFolder.problem(src.resolve("run1"), null), "no checkout: nothing to protect");
    }

    /**
     * A folder whose path holds ':' was accepted, and every cell was invalid: its target JVM refused
     * {@code -Xlog:gc:file=<folder>/...:uptime,level,tags} ("Invalid decorator"). ',' ends the profiler's and JFR's
     * file options, '%' expands in a GC log name, and '"' cannot be quoted. Blanks, quotes ' and '=' are fine.
     */
    @Test
    void aFolderWhosePathNoJvmOptionCanCarryIsRefused(@TempDir Path tmp) {
        for (String name : List.of("a:b", "a,b", "run-%p", "say \"hi\"")) {
            String problem = OutFolder.problem(tmp.resolve(name).resolve("run"), null);
            assertNotNull(problem, name);
            assertTrue(problem.contains("which the JVM options a run writes its files with cannot carry")
                    && problem.contains("give a folder whose path has no ':', ',', '%' or '\"'"), problem);
        }
        assertNull(OutFolder.problem(tmp.resolve("it's a run=1"), null));
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
