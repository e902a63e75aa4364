package dev.fluxlab.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.InvalidPathException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A path Java cannot name (a non-ASCII file name under LANG=C) is bad input: one line naming the path and what to do,
 * exit 2. It was "unexpected error: InvalidPathException ... report the stack trace", exit 1.
 */
class UnnameablePathTest {

    @Test
    void anUnnameablePathIsBadInputWithAdvice() {
        CommandLine run = Main.commandLine().getSubcommands().get("run");
        StringWriter err = new StringWriter();
        run.setErr(new PrintWriter(err, true));
        int code = UnexpectedErrors.handle(new InvalidPathException("t\uFFFDny suite.yaml",
                "Malformed input or input contains unmappable characters"), run, null);
        assertEquals(2, code);
        String line = err.toString().strip();
        assertFalse(line.contains("\n"), line);
        assertTrue(line.startsWith("fluxlab run: the path 't\uFFFDny suite.yaml' cannot be used (Malformed input"), line);
        assertFalse(line.contains("unexpected error"), line);
    }

    /** The same through an option's conversion (picocli keeps only the text): one line, no usage pointer. */
    @Test
    void anUnnameableOptionValueIsOneLine() {
        CommandLine cl = Main.commandLine();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute("run", "--dry-run", "--out", "r\u0000s", "quick");
        assertEquals(2, code);
        String text = err.toString().strip();
        assertFalse(text.contains("\n"), text);
        assertTrue(text.startsWith("fluxlab run: --out: the path 'r"), text);
        assertTrue(text.contains("cannot be used (Nul character not allowed); give a plain file name"), text);
    }
}
