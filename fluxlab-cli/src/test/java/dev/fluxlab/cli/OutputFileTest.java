package dev.fluxlab.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OutputFileTest {

    /**
     * A named output replaces a regular file atomically, but never a device or a link: {@code --json /dev/null} (run as
     * root) had replaced /dev/null with a regular file, and a link with the file it should have written.
     */
    @Test
    void devicesAndLinksAreWrittenThroughNotReplaced(@TempDir Path dir) throws Exception {
        Path devNull = Path.of("/dev/null");
        OutputFile.writeAtomically(devNull, "{\"x\":1}");
        assertFalse(Files.isRegularFile(devNull), "/dev/null is still a device");
        assertTrue(Files.exists(devNull));

        Path real = Files.writeString(dir.resolve("real.json"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), Path.of("real.json"));
        OutputFile.writeAtomically(link, "new");
        assertTrue(Files.isSymbolicLink(link), "the link is kept");
        assertEquals("new", Files.readString(real), "the file it points to got the text");

        Path dangling = Files.createSymbolicLink(dir.resolve("dangling.json"), dir.resolve("sub-to-be.json"));
        OutputFile.writeAtomically(dangling, "made");
        assertEquals("made", Files.readString(dir.resolve("sub-to-be.json")));

        Path longName = dir.resolve("b".repeat(250) + ".json");
        OutputFile.writeAtomically(longName, "fits");
        assertEquals("fits", Files.readString(longName), "a name near the limit is written (its temp name is short)");
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temp file left");
        }
    }
}
