package dev.fluxlab.model;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonTest {

    /** A document written atomically gets the permissions any file the user writes gets (the umask), not 0600. */
    @Test
    void atomicWritesFollowTheUmask(@TempDir Path tmp) throws Exception {
        Path plain = Files.writeString(tmp.resolve("plain.json"), "{}");
        Path written = tmp.resolve("results.json");
        Json.writeAtomically(written, Map.of("schema", "x"));
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(written));
        Json.writeTextAtomically(written, "{\"again\":true}");
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(written));
        assertEquals("{\"again\":true}", Files.readString(written));
        try (var files = Files.list(tmp)) {
            assertTrue(files.noneMatch(p -> p.toString().endsWith(".tmp")), "no temp file is left behind");
        }
    }
}
