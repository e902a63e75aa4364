package dev.fluxlab.it.hostile;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bench/decide-power.sh} given bad arguments stops with one line and exit 2 before it creates its results
 * folder or starts a run. {@code N = 0} printed an empty summary with exit 0, {@code --method} after N was passed to
 * every {@code fluxlab run}, which failed N times, and {@code --method=} (empty) ran with the suite's own method.
 */
class BenchScriptArgumentsTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path SCRIPT = ROOT.resolve("bench/decide-power.sh");

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "--method                | decide-power.sh: --method takes alternate or duet",
            "--method duets          | decide-power.sh: --method takes alternate or duet, not 'duets'",
            "--method=               | decide-power.sh: --method takes alternate or duet, not ''",
            "0                       | decide-power.sh: N must be a whole number of tries, 1 or more, not '0'",
            "-1                      | decide-power.sh: N must be a whole number of tries, 1 or more, not '-1'",
            "2x                      | decide-power.sh: N must be a whole number of tries, 1 or more, not '2x'",
            "3 --method duet         | decide-power.sh: give --method first, before N (bench/decide-power.sh --method duet 3)",
            "3 --set a=1 --method=x  | decide-power.sh: give --method first, before N",
    })
    void badArgumentsAreOneLineAndStartNothing(String args, String expected) throws Exception {
        List<String> before = runs();
        List<String> cmd = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        cmd.addAll(List.of(args.strip().split("\\s+")));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the script stops at once");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.startsWith(expected) && !out.contains("\n"), out);
        assertEquals(before, runs(), "no results folder was created");
    }

    /** The script's results folders under results/. */
    private static List<String> runs() throws Exception {
        Path results = ROOT.resolve("results");
        if (!Files.isDirectory(results)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(results)) {
            return s.map(x -> x.getFileName().toString()).filter(n -> n.startsWith("decide-power")).sorted().toList();
        }
    }
}
