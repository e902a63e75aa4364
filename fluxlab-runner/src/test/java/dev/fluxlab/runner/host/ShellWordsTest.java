package dev.fluxlab.runner.host;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ShellWordsTest {

    /** A {@code .cmd} file's line, pasted into a shell, gives the child's words back; plain words stay unquoted. */
    @Test
    void aCommandLineReadsBackAsTheSameWords() throws Exception {
        List<String> words = List.of("printf", "%s|", "--header", "X-Trace: a b", "it's", "$HOME", "", "*",
                "--url=http://127.0.0.1:8080/json?x=1&y=2", "-Xlog:gc:file=/tmp/r/c=16/gc.log:uptime");
        String line = ShellWords.line(words);
        assertEquals("printf '%s|' --header 'X-Trace: a b' 'it'\\''s' '$HOME' '' '*' "
                + "'--url=http://127.0.0.1:8080/json?x=1&y=2' -Xlog:gc:file=/tmp/r/c=16/gc.log:uptime", line);
        Process p = new ProcessBuilder("sh", "-c", line).start();
        assertEquals("--header|X-Trace: a b|it's|$HOME||*|--url=http://127.0.0.1:8080/json?x=1&y=2|"
                + "-Xlog:gc:file=/tmp/r/c=16/gc.log:uptime|", new String(p.getInputStream().readAllBytes()));
        assertEquals(0, p.waitFor());
    }
}
