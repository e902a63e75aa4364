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

    /** A document that does not read is described in a person's words, with where, not in the parser's text. */
    @Test
    void whatDoesNotReadIsSaidPlainly() {
        assertEquals("the value at the top is not an object", problem("[1, 2]"));
        assertEquals("the value at /cells/0/index is not a number (a whole one, in range)",
                problem("{\"schema\": \"x\", \"cells\": [{\"index\": [1]}]}"));
        String nan = problem("{\"schema\": \"x\", \"noise\": NaN}");
        assertTrue(nan.startsWith("it holds a bare NaN or Infinity at line 1, column ")
                && nan.endsWith(", which JSON does not allow"), nan);
        assertTrue(problem("{\"schema\": ").startsWith("it is not valid JSON"), problem("{\"schema\": "));
        assertEquals("it nests lists and objects deeper than 1000 levels",
                problem("{\"x\": " + "[".repeat(1200) + "]".repeat(1200) + "}"));
    }

    private static String problem(String json) {
        try {
            Json.read(json, dev.fluxlab.model.run.RunResult.class);
            return "read";
        } catch (java.io.IOException e) {
            return Json.problem(e);
        }
    }
}
