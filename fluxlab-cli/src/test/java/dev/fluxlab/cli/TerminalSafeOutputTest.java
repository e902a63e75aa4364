package dev.fluxlab.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a command prints carries no character a terminal would act on; text, tabs and line ends pass as they are. */
class TerminalSafeOutputTest {

    private static String shown(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream p = new PrintStream(new TerminalSafeOutput(bytes), true, StandardCharsets.UTF_8)) {
            p.print(text);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void escapeSequencesControlsAndBidiOverridesAreShownAsQuestionMarks() throws IOException {
        assertEquals("?[2J?]0;PWNED?", shown("\u001b[2J\u001b]0;PWNED\u0007"));
        assertEquals("a?b?c", shown("a\u009bb\u007fc"), "a C1 CSI and DEL");
        assertEquals("?evil? ok", shown("\u202eevil\u2069 ok"));
    }

    @Test
    void ordinaryTextPassesUntouched() throws IOException {
        String text = "req/s\t±2 % — 60,645 µs\r\n16 cells · started ✓ – “quoted” ‘x’ …\n";
        assertEquals(text, shown(text));
    }
}
