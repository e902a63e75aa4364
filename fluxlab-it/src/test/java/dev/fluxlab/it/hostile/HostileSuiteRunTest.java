package dev.fluxlab.it.hostile;

import dev.fluxlab.it.Fluxlab;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fluxlab run SUITE --out DIR} on suites the earlier hostile audit left accepted: each is refused before
 * anything starts, exit 2, with one line naming the key and the fix, and no results folder. Before, a fixed warm-up
 * ignored the file's {@code warmup_max}, a host no role named was never used nor checked, a NUL in a command's
 * {@code cwd} was a generic path error, and the chain cases started their backend and then failed the cell.
 */
class HostileSuiteRunTest {

    private static final String LOAD = "scenarios: {p: {path: /plaintext}}\nload: {connections: 2}\nmeasure: 1s\n";
    private static final String CHAIN = """
            targets:
              proxy:
                entry: frontend
                processes:
                  backend: {target: reactor-netty, knobs: {protocol: BACK, transport: nio}}
                  frontend: {target: frontend, knobs: {protocol: h2c, transport: nio, FRONT}}
            scenarios: {g: {path: /get}}
            load: {connections: 2}
            measure: 1s
            """;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "fixed warm-up beside warmup_max | targets: {reactor-netty: {knobs: {transport: nio}}}\\nwarmup: 5s\\nwarmup_max: 10s\\n"
                    + "| 'warmup_max' bounds only 'warmup: auto' (a fixed warm-up ignores it), and 'warmup' is a fixed 5s here; remove 'warmup_max' or write 'warmup: auto'",
            "a host no role runs on | hosts: {h1: {ssh: perf@10.1.0.12}}\\ntargets: {reactor-netty: {knobs: {transport: nio}}}\\n"
                    + "| host 'h1' is declared under 'hosts:' but no role runs on it; place one there with 'host: h1'",
            "a NUL in cwd | targets:\\n  my-app: {command: [java, S.java, '--port=${port}'], cwd: 'app\\0x'}\\n"
                    + "| 'cwd' of target 'my-app' holds a NUL character (\\u0000), which no file or folder path can carry",
            "an attribute the backend does not announce | " + "CHAIN:h2c:backend-url: 'http://127.0.0.1:${backend.port}/${backend.delay-ms}'"
                    + "| '${backend.delay-ms}' names no attribute process 'backend' announces",
            "h3 to the backend over http:// | CHAIN:h3:backend-protocol: h3, backend-url: 'http://127.0.0.1:${backend.port}'"
                    + "| 'backend-protocol: h3' of 'frontend' goes over TLS, so its 'backend-url' is an https:// URL",
            "h3 to a backend serving h2c | CHAIN:h2c:backend-protocol: h3, backend-url: 'https://127.0.0.1:${backend.port}'"
                    + "| needs a backend serving HTTP/3 on its UDP port, and 'backend' serves h2c",
            "a whole-number knob beyond an int | targets: {reactor-netty: {knobs: {transport: nio, backlog: 3000000000}}}\\n"
                    + "| knob 'backlog' is out of range: 3000000000",
            "a trial budget without a claim | targets: {reactor-netty: {knobs: {transport: nio}}}\\ndecide_max: 1m\\n"
                    + "| 'decide_max' has nothing to decide: it bounds the interleaved trial of each claim, and this "
                    + "suite has no claims and no 'ab' comparison; remove 'decide_max' or add a claim ('claims:' or 'ab:')",
            "interleave without a claim | targets: {reactor-netty: {knobs: {transport: nio}}}\\ninterleave: always\\n"
                    + "| 'interleave' has nothing to decide: it picks which claims get an interleaved trial",
            "decide_method without a claim | targets: {reactor-netty: {knobs: {transport: nio}}}\\ndecide_method: duet\\n"
                    + "| 'decide_method' has nothing to decide: it sets how a claim's interleaved trial loads its cells",
    })
    void aHostileSuiteIsOneLineExitTwoAndNothingStarted(String name, String body, String expected, @TempDir Path tmp)
            throws Exception {
        String yaml = suite(body);
        Path file = Files.writeString(tmp.resolve("s.yaml"), yaml);
        Path out = tmp.resolve("out");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), file.toString());
        assertEquals(2, o.code(), name + ": " + o.out() + o.err());
        String[] lines = o.err().strip().split("\n");
        assertEquals("fluxlab run: invalid suite, nothing was started:", lines[0], o.err());
        assertEquals(2, lines.length, "one line of refusal: " + o.err());
        assertTrue(lines[1].startsWith(file + ":") && lines[1].contains(expected), lines[1]);
        assertFalse(Files.exists(out), "no results folder");
    }

    /** The test's suite: {@code body} with its escapes, or the chain with its backend's protocol and frontend knobs. */
    private static String suite(String body) {
        String b = body.strip().replace("\\n", "\n").replace('\'', '"');
        if (b.startsWith("CHAIN:")) {
            String[] parts = b.split(":", 3);
            return CHAIN.replace("BACK", parts[1]).replace("FRONT", parts[2]);
        }
        return b + LOAD;
    }

    /** A trial key set on the command line over quick.yaml, which has no claim: refused naming the --set. */
    @Test
    void aTrialBudgetSetOverTheClaimlessQuickSuiteIsRefused(@TempDir Path tmp) {
        Path quick = Path.of("..", "suites", "quick.yaml");
        Path out = tmp.resolve("out");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), "--set", "decide_max=5m", quick.toString());
        assertEquals(2, o.code(), o.out() + o.err());
        String[] lines = o.err().strip().split("\n");
        assertEquals(2, lines.length, "one line of refusal: " + o.err());
        assertEquals(quick + ": --set decide_max=5m: 'decide_max' has nothing to decide: it bounds the interleaved "
                + "trial of each claim, and this suite has no claims and no 'ab' comparison; leave out this --set or "
                + "add a claim ('claims:' or 'ab:')", lines[1]);
        assertFalse(Files.exists(out), "no results folder");
    }

    /** A fixed warm-up set on the command line over quick.yaml's auto one: accepted, with one note, as before. */
    @Test
    void aFixedWarmupSetOverTheQuickSuiteRunsWithOneNote(@TempDir Path tmp) {
        Fluxlab.Outcome o = Fluxlab.execute("run", "--dry-run", "--out", tmp.resolve("out").toString(), "--set",
                "warmup=5s", Path.of("..", "suites", "quick.yaml").toString());
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("note: --set warmup=5s: a fixed warm-up, so the suite's warmup_max (40s) is not "
                + "used (they shape 'warmup: auto' only)"), o.out());
    }
}
