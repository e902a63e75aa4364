package dev.fluxlab.model.suite;

import dev.fluxlab.model.contract.LoadLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Suites written to break fluxlab (hostile, or just careless): each is refused as one {@link SuiteException} naming the
 * problem before anything starts, never with another exception, a hang or exhausted memory, and never accepted when
 * the injector would refuse the command line the runner builds from it after its targets started.
 */
class HostileSuiteTest {

    private static final String BASE = """
            targets: {reactor-netty: {knobs: {transport: nio}}}
            scenarios: {plaintext: {path: /plaintext}}
            """;

    /** {@code BASE} with {@code extra} appended. */
    private static SuiteException refused(String extra) {
        return assertThrows(SuiteException.class, () -> Suite.parse("h.yaml", BASE + extra));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            // the injector's own bounds, refused before a run starts the targets the injector would load
            "load: {in_flight: 70000}                       | above the injector's ceiling of 65536",
            "load: {rate: 2000000000}                       | above the injector's ceiling of 1000000000",
            "load: {timeout: 0}                             | 'timeout' (per request) must be at least 1ms",
            "load: {timeout: 500us}                         | 'timeout' (per request) must be at least 1ms",
            "repeats: 1000000                               | 'repeats' must be at most 1000",
            "load: {connections: 99999999999}               | h.yaml:",
            "load: {connections: 1e9}                       | is not a whole number",
            "repeats: 99999999999999999999999               | h.yaml:3:1: '99999999999999999999999' is too large a number (at most 2147483647) in 'repeats'",
            "load: {connections: []}                        | h.yaml:3:8: 'connections' has no value; give one value or a list of values",
            "repeats: .nan                                  | h.yaml:3:1: '.nan' is not a number in 'repeats'",
            "load: {connections: .nan}                      | h.yaml:",
            "measure: -5s                                   | 'measure' must be a duration",
            "tables: [{rows: [transport], value: latency_p0_ms}] | h.yaml:3:30: unknown table value 'latency_p0_ms'; accepted: throughput_rps, latency_p50_ms,",
            "load: {protocol: h4}                           | h.yaml:3:8: unknown load protocol 'h4'; accepted: http1.1, h2c, h2, h3",
            "load: {injector: [fluxlab, jmeter]}            | h.yaml:3:28: unknown injector 'jmeter'; accepted: fluxlab, wrk, h2load, ab, gatling",
            "load: {prime: {injector: jmeter, requests: 10}} | h.yaml:3:16: unknown injector 'jmeter'; accepted: fluxlab, wrk, h2load, ab, gatling",
            "tables: [{rows: [transport], value: throughput_rps/protocl=h2c}] | table value 'throughput_rps/protocl=h2c' is a ratio to the cell whose knob 'protocl' differs, but this suite has no such knob",
            "measure: 1ns                                   | 'measure' must be at least 1s (the per-second series",
            "measure: 999ms                                 | 'measure' must be at least 1s",
            "warmup_max: 0s                                 | 'warmup_max' must be at least 1s (the automatic warm-up judges whole seconds), not 0s; for no warm-up at all write 'warmup: 0s'",
            "warmup_max: 1ns                                | 'warmup_max' must be at least 1s",
            "warmup: 999999h                                | 'warmup' must be 'auto' or a duration such as 5s, not '999999h' (too large: at most 365 days)",
            "repeats: ''                                    | '' is not a whole number",
            "repeats: 010                                   | h.yaml:3:10: '010' has a leading zero, which YAML reads as the octal number 8; write it without the zero",
            "load: {connections: [064, 16]}                 | h.yaml:3:22: '064' has a leading zero, which YAML reads as the octal number 52",
            "thresholds: {require_stable_warmup: 5}         | h.yaml:",
            "measure: 999999h                               | not '999999h' (too large: at most 365 days)",
            "name: \"a\\nb\"                                | one line without control characters",
            "load: {prime: {connections: 20000, requests: 10}} | 'connections' of a priming step is 20000, above the ceiling of 10000",
            "load: {prime: {in_flight: 70000, requests: 10}}   | 'in_flight' of a priming step is 70000, above the injector's ceiling of 65536",
    })
    void outOfBoundsValuesAreOneLocatedError(String extra, String expected) {
        SuiteException e = refused(extra);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertFalse(e.getMessage().contains("Exception"), e.getMessage());
    }

    /**
     * A key of the claims' interleaved trials in a suite with no claim (none under {@code claims:}, no {@code ab:}) was
     * accepted and ignored: it is refused at its line, or naming its {@code --set}; with a claim or an A/B comparison,
     * the keys' only readers, it is accepted.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "decide_max: 1m       | decide_max    | bounds the interleaved trial of each claim",
            "decide_max: 0s       | decide_max    | bounds the interleaved trial of each claim",
            "interleave: always   | interleave    | picks which claims get an interleaved trial",
            "decide_method: duet  | decide_method | sets how a claim's interleaved trial loads its cells",
    })
    void aTrialKeyWithoutAClaimIsRefused(String line, String key, String rule) {
        String problem = "'" + key + "' has nothing to decide: it " + rule + ", and this suite has no claims and no "
                + "'ab' comparison; ";
        String fix = " or add a claim ('claims:' or 'ab:')";
        assertEquals("h.yaml:3:1: " + problem + "remove '" + key + "'" + fix, refused(line + "\n").getMessage());
        assertEquals("h.yaml:4:1: " + problem + "remove '" + key + "'" + fix,
                refused("claims: []\n" + line + "\n").getMessage(), "an empty list of claims has none");
        String set = key + "=" + line.substring(line.indexOf(':') + 1).strip();
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml", BASE, List.of(set)));
        assertEquals("h.yaml: --set " + set + ": " + problem + "leave out this --set" + fix, e.getMessage());

        String two = "targets: {reactor-netty: {knobs: {transport: [nio, epoll]}}}\n"
                + "scenarios: {plaintext: {path: /plaintext}}\n";
        String claim = "claims: [{claim: x, source: s, cells: [{transport: nio}, {transport: epoll}], relation: '>'}]\n";
        assertEquals(1, Suite.parse("h.yaml", two + claim + line + "\n").claims().size(), "a claim reads it");
        assertEquals(1, Suite.parse("h.yaml", two + "ab: {knob: transport}\n" + line + "\n").claims().size(),
                "an ab comparison's claims read it");
        assertEquals(1, Suite.parse("h.yaml", two + claim, List.of(set)).claims().size(), "and from a --set");
    }

    /** A name that is none of a list is refused in the one wording, at its line, naming the value and the list. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "{a: {path: /a, method: FETCH}}      | h.yaml:2:27: unknown method 'FETCH'; accepted: GET, POST, PUT, DELETE, PATCH, HEAD, OPTIONS",
            "{a: {path: /a, theory: elsewhere}}  | h.yaml:2:27: unknown theory 'elsewhere'; accepted: event-loop, bounded-elastic, task-pool, common-pool, virtual, non-blocking-wait",
    })
    void unknownScenarioNamesAreRefusedInOneWording(String scenarios, String expected) {
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml",
                "targets: {reactor-netty: {}}\nscenarios: " + scenarios + "\n"));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @Test
    void anEntryThatIsNoProcessIsRefusedNamingTheProcesses() {
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml", """
                targets:
                  chain:
                    entry: middle
                    processes: {front: {target: reactor-netty}, back: {target: netty}}
                scenarios: {a: {path: /a}}
                """));
        assertEquals("h.yaml:3:5: 'entry' of target 'chain': unknown process 'middle'; accepted: front, back",
                e.getMessage());
    }

    /**
     * An empty list in a load profile or a JVM option is refused at its key, as a knob's is: the matrix would have
     * blamed the exclude rules ("the exclude rules leave no cell to run", at the exclude line) when the suite had any.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "load: {connections: []}  | connections",
            "load: {in_flight: []}    | in_flight",
            "load: {rate: []}         | rate",
            "load: {injector: []}     | injector",
            "load: {injectors: []}    | injectors",
            "load: {keep_alive: []}   | keep_alive",
    })
    void anEmptyLoadListIsRefusedAtItsKeyAndNotBlamedOnTheExcludeRules(String load, String key) {
        String excluding = "exclude: [{transport: epoll}]\n";
        SuiteException e = refused(load + "\n" + excluding);
        assertTrue(e.getMessage().contains("'" + key + "' has no value; give one value or a list of values"),
                e.getMessage());
        assertTrue(e.getMessage().startsWith("h.yaml:3:"), e.getMessage());
        SuiteException set = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml",
                BASE + "load: {connections: 16}\n" + excluding, List.of("load." + key + "=[]")));
        assertEquals("h.yaml: --set load." + key + "=[]: '" + key + "' has no value; give one value or a list of values",
                set.getMessage());
    }

    @Test
    void anEmptyHeapOrGcListIsRefusedAtItsKey() {
        String suite = """
                targets: {reactor-netty: {knobs: {transport: nio}, jvm: {heap: [], gc: [G1]}}}
                scenarios: {plaintext: {path: /plaintext}}
                exclude: [{transport: epoll}]
                """;
        SuiteException heap = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml", suite));
        assertTrue(heap.getMessage().startsWith("h.yaml:1:"), heap.getMessage());
        assertTrue(heap.getMessage().contains("'heap' has no value"), heap.getMessage());
        SuiteException gc = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml",
                suite.replace("heap: [], gc: [G1]", "gc: []")));
        assertTrue(gc.getMessage().contains("'gc' has no value"), gc.getMessage());
    }

    @Test
    void aSecondDocumentIsRefusedWhereItStarts() {
        SuiteException e = refused("---\nname: b\n");
        assertTrue(e.getMessage().startsWith("h.yaml:4:1: a suite file holds one YAML document, and this one has a "
                + "second after '---'"), e.getMessage());
        assertEquals("quoted", Suite.parse("h.yaml", "name: '010'\n" + BASE).name().replace("010", "quoted"),
                "a quoted leading zero is a name, not a number");
        SuiteException set = assertThrows(SuiteException.class,
                () -> Suite.parse("h.yaml", BASE, List.of("repeats=010")));
        assertTrue(set.getMessage().contains("--set repeats=010: '010' has a leading zero, which YAML reads as the octal "
                + "number 8"), set.getMessage());
        SuiteException second = assertThrows(SuiteException.class,
                () -> Suite.parse("h.yaml", BASE, List.of("repeats=3\n---\n4")));
        assertTrue(second.getMessage().endsWith(": a --set value is one YAML value, and this one has a second document "
                + "after '---'; remove it"), second.getMessage());
    }

    @Test
    void aBodyTheInjectorCannotGenerateIsRefused() {
        for (String size : List.of("0", "1", "16777217")) {
            SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml", """
                    targets: {reactor-netty: {}}
                    scenarios: {post: {method: POST, path: /post, body_size: %s}}
                    """.formatted(size)));
            assertTrue(e.getMessage().contains("h.yaml:2:") && e.getMessage().contains("'body_size' (a generated JSON "
                    + "body) must be 2 to 16777216 bytes"), e.getMessage());
        }
    }

    @Test
    void headersThatWouldSplitOrBreakTheRequestAreRefused() {
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml", """
                targets: {reactor-netty: {}}
                scenarios: {p: {path: /p, headers: {"x-a": "one\\r\\nx-injected: two"}}}
                """));
        assertTrue(e.getMessage().contains("header 'x-a' needs a value on one line"), e.getMessage());
        e = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml", """
                targets: {reactor-netty: {}}
                scenarios: {p: {path: /p, headers: {"bad name": x}}}
                """));
        assertTrue(e.getMessage().contains("header name 'bad name' is not accepted"), e.getMessage());
    }

    @ParameterizedTest(name = "heap: {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            // the JVM refuses these at start (too small, or more than any collector can reserve), after the suite ran
            "0            | at least 16m",
            "1k           | at least 16m",
            "16777215     | at least 16m",
            "15m          | at least 16m",
            "99999999g    | at most 16t",
            "17t          | at most 16t",
            "abc          | write e.g. 512m or 2g",
            "-1m          | write e.g. 512m or 2g",
            "2.5g         | write e.g. 512m or 2g",
    })
    void aHeapTheJvmRefusesIsRefusedAtItsLine(String heap, String expected) {
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml", """
                scenarios: {plaintext: {path: /plaintext}}
                targets: {reactor-netty: {jvm: {heap: [256m, "%s"]}}}
                """.formatted(heap)));
        assertTrue(e.getMessage().startsWith("h.yaml:2:") && e.getMessage().contains("heap size '" + heap
                + "' is not valid") && e.getMessage().contains(expected), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void heapsTheJvmAcceptsAreAccepted() {
        for (String heap : List.of("16m", "16384k", "16777216", "2G", "16t", "1T")) {
            Suite s = Suite.parse("h.yaml", "targets: {reactor-netty: {jvm: {heap: " + heap + "}}}\n"
                    + "scenarios: {plaintext: {path: /plaintext}}\n");
            assertEquals(heap, s.cells().getFirst().entryProcess().heap());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            // requests the injector cannot send as written, refused at the scenario's line instead of in every cell
            "path: plaintext                              | path 'plaintext' must start with '/'",
            "path: \"/a\\x01b\"                         | is not a valid URI path",
            "path: \"/a\\tb\"                           | is not a valid URI path",
            "path: /a, headers: {\"bad name\": x}       | header name 'bad name' is not accepted",
            "path: /a, headers: {\"x-a\": \"1\\r\\n\"} | header 'x-a' needs a value on one line",
            "path: /a, headers: {Content-Length: 5}       | header 'Content-Length' is set by fluxlab from the request body",
            "path: /a, headers: {transfer-encoding: chunked} | header 'transfer-encoding' cannot be sent",
            "path: /LONG                                  | the request target and headers have 102401 bytes",
            "path: /a, headers: {x-big: LONG}             | the request target and headers have 102411 bytes",
            "path: /héllo                                 | path '/héllo' has the non-ASCII character 'é' (U+00E9) at index 2",
            "path: /héllo                                 | write it percent-encoded as UTF-8: %C3%A9",
            "path: /a, headers: {\"x-a\": \"\u20ac\"} | header 'x-a' needs a value on one line (a line break would start another header) and in ISO-8859-1",
    })
    void aRequestTheInjectorCannotSendIsRefusedAtTheScenario(String scenario, String expected) {
        String yaml = "targets: {reactor-netty: {}}\nscenarios: {p: {" + scenario.replace("LONG", "a".repeat(100 * 1024))
                + "}}\n";
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml", yaml));
        assertTrue(e.getMessage().startsWith("h.yaml:2:") && e.getMessage().contains(expected), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void aRequestHeadAtTheInjectorsCeilingIsAccepted() {
        // the path alone: exactly the ceiling; one byte more is refused
        String path = "/" + "a".repeat(LoadLimits.MAX_HTTP1_HEAD - 1);
        Suite.parse("h.yaml", "targets: {reactor-netty: {}}\nscenarios: {p: {path: " + path + "}}\n");
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml",
                "targets: {reactor-netty: {}}\nscenarios: {p: {path: " + path + "a}}\n"));
        assertTrue(e.getMessage().contains("have 65537 bytes, more than the 65536"), e.getMessage());
    }

    @Test
    void aYamlAliasInASetValueIsRefusedLikeOneInTheFile() {
        for (String value : List.of("*x", "[16, *x]", "{a: *x}")) {
            SuiteException e = assertThrows(SuiteException.class,
                    () -> Suite.parse("h.yaml", BASE, List.of("targets.reactor-netty.knobs.transport=" + value)));
            assertEquals("h.yaml: --set targets.reactor-netty.knobs.transport=" + value + ": YAML aliases ('*x') are not "
                    + "supported: a suite holds every value where it applies; write the value out, quoted when it "
                    + "starts with '*' (--set 'KEY=\"*x\"')", e.getMessage());
        }
        // quoted, it is the text
        SuiteException e = assertThrows(SuiteException.class,
                () -> Suite.parse("h.yaml", BASE, List.of("name=\"*x\"", "repeats=*x")));
        assertTrue(e.getMessage().contains("--set repeats=*x: YAML aliases"), e.getMessage());
        assertEquals("*x", Suite.parse("h.yaml", BASE, List.of("name=\"*x\"")).name());
    }

    @Test
    void anAliasAndALeadingZeroAreOneScanThatReportsTheFirstInTheText() {
        String alias = "YAML aliases ('*d') are not supported: a suite holds every value where it applies; write the "
                + "value out, quoted when it starts with '*'";
        String inFile = alias + " (key: \"*d\")";
        String inSet = alias + " (--set 'KEY=\"*d\"')";
        String octal = "'010' has a leading zero, which YAML reads as the octal number 8; write it without the zero "
                + "(or in quotes, if it is a name)";
        // the alias first, then the leading zero; then the other way round: the file, then the same text in a --set
        assertEquals("h.yaml:4:7: " + inFile, refused("description: &d text\nname: *d\nrepeats: 010\n").getMessage());
        assertEquals("h.yaml:3:10: " + octal, refused("repeats: 010\ndescription: &d text\nname: *d\n").getMessage());
        String aliasFirst = "{description: &d text, name: *d, repeats: 010}";
        String octalFirst = "{repeats: 010, description: &d text, name: *d}";
        assertEquals("h.yaml: --set load=" + aliasFirst + ": " + inSet, assertThrows(SuiteException.class,
                () -> Suite.parse("h.yaml", BASE, List.of("load=" + aliasFirst))).getMessage());
        assertEquals("h.yaml: --set load=" + octalFirst + ": " + octal, assertThrows(SuiteException.class,
                () -> Suite.parse("h.yaml", BASE, List.of("load=" + octalFirst))).getMessage());
        // within one line too: the column decides
        assertEquals("h.yaml:3:18: " + octal, refused("load: {a: [&d 1, 010, *d]}\n").getMessage());
    }

    /**
     * A NUL character in a path-valued key is refused naming the key: a command target's cwd reached Java's
     * {@code Path.of} in the runner's check and ended as a generic invalid path naming no key; an ssh config holding
     * one was said not to exist.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "hosts: {h1: {ssh: perf@10.1.0.12, ssh_config: 'a\\0b'}}                | h.yaml:3:35: 'ssh_config' of host 'h1' holds a NUL character",
            "hosts: {h1: {ssh: perf@10.1.0.12, jdk: '/opt/j\\0dk'}}                 | h.yaml:3:35: 'jdk' of host 'h1' holds a NUL character",
            "hosts: {h1: {ssh: perf@10.1.0.12, work_dir: '/srv/a\\0b'}}             | h.yaml:3:35: 'work_dir' of host 'h1' holds a NUL character",
    })
    void aNulInAHostsPathIsRefusedNamingTheKey(String extra, String expected) {
        // YAML's double-quoted "\0" is the NUL character; the CSV's quotes are single here
        SuiteException e = refused(extra.replace("'", "\"") + "\n");
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
        assertTrue(e.getMessage().endsWith("which no file or folder path can carry (the kernel ends a path at its first "
                + "NUL); remove it"), e.getMessage());
    }

    @Test
    void aNulInACommandTargetsCwdIsRefusedNamingTheKey() {
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml", """
                targets:
                  my-app: {command: [java, S.java, "--port=${port}"], cwd: "app\\0x"}
                scenarios: {p: {path: /p}}
                """));
        assertEquals("h.yaml:2:55: 'cwd' of target 'my-app' holds a NUL character (\\u0000), which no file or folder "
                + "path can carry (the kernel ends a path at its first NUL); remove it", e.getMessage());
    }

    /**
     * A host declared and used by no role was accepted and then never checked or used: a placement left out by
     * mistake ran everything on this machine without a word.
     */
    @Test
    void aHostNoRoleRunsOnIsRefusedNamingIt() {
        SuiteException e = refused("hosts: {h1: {ssh: perf@10.1.0.12}, h2: {ssh: perf@10.1.0.13}}\n"
                + "load: {connections: 4, host: h1}\n");
        assertEquals("h.yaml:3:36: host 'h2' is declared under 'hosts:' but no role runs on it; place one there with "
                + "'host: h2' (a target's, a chain process's or the load's, for its injectors), or remove the entry",
                e.getMessage());
        // each place a role names a host counts: a target, a chain's process, the load (one of several)
        Suite.parse("h.yaml", "hosts: {h1: {ssh: perf@10.1.0.12}, h2: {ssh: perf@10.1.0.13}}\n"
                + "targets: {reactor-netty: {host: h2}}\nscenarios: {p: {path: /p}}\nload: {connections: 4, host: h1}\n");
        Suite.parse("h.yaml", "hosts: {h1: {ssh: perf@10.1.0.12}, h2: {ssh: perf@10.1.0.13}}\n"
                + "targets: {c: {entry: f, processes: {b: {target: reactor-netty, host: h2}, f: {target: netty}}}}\n"
                + "scenarios: {p: {path: /p}}\nload: {connections: 4, injectors: 2, host: [h1, h2]}\n");
    }

    /**
     * warmup_max and cold_warmup_min shape only 'warmup: auto': beside a fixed warm-up in the file, warmup_max was
     * ignored without a word. Refused where it is written (or under its --set), with the fix.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "warmup: 5s\\nwarmup_max: 10s                         | h.yaml:4:1: 'warmup_max' bounds only 'warmup: auto' (a fixed warm-up ignores it), and 'warmup' is a fixed 5s here; remove 'warmup_max' or write 'warmup: auto'",
            "warmup: 0\\nwarmup_max: 10s                          | h.yaml:4:1: 'warmup_max' bounds only 'warmup: auto' (a fixed warm-up ignores it), and 'warmup' is a fixed 0 here",
            "warmup: 5s\\ncold_warmup_min: 3s                     | h.yaml:4:1: 'cold_warmup_min' needs 'warmup: auto' (a fixed warm-up is already a minimum), and 'warmup' is a fixed 5s here; remove 'cold_warmup_min' or write 'warmup: auto'",
    })
    void anAutoWarmupKeyBesideAFixedWarmupIsRefused(String extra, String expected) {
        SuiteException e = refused(extra.replace("\\n", "\n") + "\n");
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @Test
    void anAutoWarmupKeyOfASetBesideTheFilesFixedWarmupIsRefusedUnderTheSet() {
        SuiteException e = assertThrows(SuiteException.class,
                () -> Suite.parse("h.yaml", BASE + "warmup: 5s\n", List.of("warmup_max=12s")));
        assertEquals("h.yaml: --set warmup_max=12s: 'warmup_max' bounds only 'warmup: auto' (a fixed warm-up ignores "
                + "it), and 'warmup' is a fixed 5s here; remove 'warmup_max' or write 'warmup: auto'", e.getMessage());
    }

    /**
     * A fixed warm-up given on the command line over a suite written for 'auto' makes the file's warmup_max and
     * cold_warmup_min moot: accepted with one note (h2-proxy, which has both, was refused for its cold_warmup_min).
     */
    @Test
    void aFixedWarmupSetOnTheCommandLineMakesTheFilesAutoKeysMootWithANote() {
        for (String name : List.of("quick.yaml", "h2-proxy.yaml", "frameworks.yaml")) {
            Suite s = Suite.load(java.nio.file.Path.of("..", "suites", name), List.of("warmup=5s"));
            assertFalse(s.autoWarmup(), name);
            assertEquals(java.time.Duration.ofSeconds(5), s.warmup(), name);
            assertEquals(1, s.notes().size(), name + ": " + s.notes());
            assertTrue(s.notes().getFirst().startsWith("--set warmup=5s: a fixed warm-up, so the suite's warmup_max ("),
                    s.notes().getFirst());
            assertTrue(s.notes().getFirst().endsWith("not used (they shape 'warmup: auto' only)"), s.notes().getFirst());
        }
        assertTrue(Suite.load(java.nio.file.Path.of("..", "suites", "h2-proxy.yaml"), List.of("warmup=5s")).notes()
                .getFirst().contains("the suite's cold_warmup_min (15s)"));
        // a bound set beside it is moot too (the AOT training run sets its own fixed warm-up over any --set)
        assertEquals(1, Suite.parse("h.yaml", BASE, List.of("warmup_max=12s", "warmup=2s")).notes().size());
        assertEquals(List.of(), Suite.load(java.nio.file.Path.of("..", "suites", "quick.yaml")).notes());
        assertEquals(List.of(), Suite.parse("h.yaml", BASE + "warmup: 5s\n").notes());
    }

    @Test
    void aValueWithLineBreaksIsQuotedOnOneLine() {
        SuiteException e = refused("measure: \"10s\\nrm -rf /\\r\\tx\"\n");
        assertEquals("h.yaml:3:1: 'measure' must be a duration such as 500ms, 10s or 2m, not '10s\\nrm -rf /\\r\\tx'",
                e.getMessage());
    }

    @Test
    void aNameTooLongForAFolderIsRefused() {
        SuiteException e = refused("name: " + "n".repeat(300) + "\n");
        assertTrue(e.getMessage().contains("'name' has 300 characters; give at most 100"), e.getMessage());
        assertEquals(3, e.line(), e.getMessage());
    }

    @Test
    void aMatrixBombIsRefusedBeforeItIsExpanded() {
        String values = "[" + String.join(", ", java.util.stream.IntStream.rangeClosed(1, 1000)
                .mapToObj(String::valueOf).toList()) + "]";
        long start = System.nanoTime();
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml", """
                targets: {reactor-netty: {knobs: {workers: %s, select-count: %s, transport: nio}}}
                scenarios: {plaintext: {path: /plaintext}}
                load: {connections: %s, in_flight: %s}
                """.formatted(values, values, values, values)));
        assertTrue(e.getMessage().contains("the matrix expands to 1000000000000 cells"), e.getMessage());
        assertTrue(System.nanoTime() - start < 5_000_000_000L, "refused without expanding");
    }

    @Test
    void theSameCellTwiceIsRefused() {
        SuiteException e = refused("load: {connections: [16, 16]}\n");
        assertTrue(e.getMessage().contains("appears twice in the matrix"), e.getMessage());
        e = refused("load: [{connections: [16, 32]}, {connections: 32, protocol: h2c}]\n");
        assertTrue(e.getMessage().contains("h.yaml:3:") && e.getMessage().contains("connections=32 appears twice"),
                e.getMessage());
    }

    @Test
    void yamlAliasesAreRefusedAndNeverExpanded() {
        // a "billion laughs" document: were aliases expanded, nine levels of ten would make 10^9 strings
        StringBuilder bomb = new StringBuilder("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (int i = 1; i < 9; i++) {
            bomb.append("a").append(i).append(": &a").append(i).append(" [");
            for (int j = 0; j < 10; j++) {
                bomb.append(j == 0 ? "" : ", ").append("*a").append(i - 1);
            }
            bomb.append("]\n");
        }
        long start = System.nanoTime();
        for (List<String> overrides : List.of(List.<String>of(), List.of("repeats=1"))) {
            SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml", bomb + BASE, overrides));
            assertTrue(e.getMessage().startsWith("h.yaml:2:10: YAML aliases ('*a0') are not supported"), e.getMessage());
        }
        assertTrue(System.nanoTime() - start < 5_000_000_000L, "refused without expanding");
        // the parser would read an alias as its anchor's name: the name 'd' here, silently, were it not refused
        SuiteException e = assertThrows(SuiteException.class,
                () -> Suite.parse("h.yaml", "description: &d long text\nname: *d\n" + BASE));
        assertTrue(e.getMessage().startsWith("h.yaml:2:7: YAML aliases ('*d')"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "- a\\n- b                    | wrong type",
            "just text                    | wrong type",
            "[[[[[[[[[[[[[[[[[[[[[[[[     | h.yaml:1:1: wrong type",
            "\\ttargets: {}               | YAML syntax error",
            "a: 1\\n---\\nb: 2            | h.yaml",
            "targets: {}\\ntargets: {}    | Duplicate field 'targets'",
            // a complex key: Jackson's message named SnakeYAML's event classes (SequenceStartEvent(anchor=null, ...))
            "? [64]\\n: 1                 | h.yaml:1:4: YAML syntax error: a key here is a list or a mapping",
            "load: {{a: 1}: 2}            | h.yaml:1:9: YAML syntax error: a key here is a list or a mapping",
            // a merge key was an unknown key '<<' with "did you mean 'gc'?"
            "targets: {netty: {jvm: {<<: {heap: 256m}}}} | h.yaml:1:25: YAML merge keys ('<<:') are not supported",
    })
    void documentsThatAreNoSuiteAreOneError(String text, String expected) {
        String yaml = text.strip().replace("\\n", "\n").replace("\\t", "\t");
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml", yaml));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertFalse(e.getMessage().contains("snakeyaml"), e.getMessage());
    }

    /** A blank file, one of comments only, and a null document are all the same empty suite. */
    @Test
    void aSuiteOfOnlyCommentsIsEmpty() {
        for (String text : List.of("", "# only a comment\n", "~\n", "---\n")) {
            SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("e.yaml", text));
            assertTrue(e.getMessage().contains("the suite is empty; it needs at least 'targets' and 'scenarios'"),
                    text + ": " + e.getMessage());
        }
    }

    /** A line break in a scenario's name split the dry run's and compare's lines; suite names refused it already. */
    @Test
    void aScenarioNameWithAControlCharacterIsRefused() {
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml",
                "targets: {reactor-netty: {}}\nscenarios: {\"a\\nb\": {path: /p}}\n"));
        assertTrue(e.getMessage().contains("a scenario's name must be one line without control characters"),
                e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    @Test
    void deepNestingIsASyntaxErrorNotAStackOverflow() {
        String deep = "a: " + "[".repeat(100_000);
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml", deep));
        assertTrue(e.getMessage().startsWith("h.yaml:"), e.getMessage());
        // closed lists too, which the parser reads past its depth limit: said in words, without the API's name
        String closed = "a: " + "[".repeat(10_000) + "]".repeat(10_000);
        e = assertThrows(SuiteException.class, () -> Suite.parse("h.yaml", closed));
        assertTrue(e.getMessage().contains("it nests lists and objects deeper than 1000 levels"), e.getMessage());
        assertFalse(e.getMessage().contains("StreamReadConstraints"), e.getMessage());
    }
}
