package dev.fluxlab.cli;

import dev.fluxlab.model.suite.SuiteException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad command lines across the commands, in-process: each is refused with its exit code and a message naming the
 * problem, without a stack trace, and leaves nothing behind (no results folder, no output folder).
 */
class HostileCommandLineTest {

    @TempDir
    Path tmp;

    private static final String SUITE = """
            targets: {reactor-netty: {knobs: {transport: nio}}}
            scenarios: {plaintext: {path: /plaintext}}
            warmup: 1s
            measure: 1s
            """;

    /** Runs {@code args} with {@code {tmp}} replaced by the test's folder. */
    private RunCommandTest.Outcome fluxlab(String args) {
        String[] argv = args.replace("{tmp}", tmp.toString()).trim().split("\\s+");
        return RunCommandTest.execute(argv);
    }

    private static void assertNoStackTrace(String err) {
        assertFalse(err.contains("\tat ") || err.contains("Exception"), "no stack trace: " + err);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "bogus                                       | 2 | Unmatched argument",
            "help bogus                                  | 2 | Unknown subcommand",
            "run --bogus                                 | 2 | Unknown option",
            "run {tmp}/none.yaml                         | 2 | there is no such file",
            "run {tmp}                                   | 2 | it is a directory",
            "run /dev/null                               | 2 | not a regular file",
            "run a.yaml b.yaml                           | 2 | Unmatched argument",
            "run --resume {tmp}                          | 2 | has no results.json",
            "run --profile cpu,bogus {tmp}/none.yaml     | 2 | fluxlab run: --profile: unknown profile 'bogus'; accepted: cpu, alloc, wall, lock, jfr",
            "load --transport x http://127.0.0.1:9/      | 2 | fluxlab load: --transport: unknown transport 'x'; accepted: native",
            "serve frontend --client-mode x              | 2 | fluxlab serve frontend: --client-mode: unknown client mode 'x'; accepted: colocated",
            "report {tmp}                                | 2 | has no results.json",
            "report {tmp}/none                           | 2 | does not exist",
            "report @/dev/null                           | 2 | @/dev/null does not exist",
            "compare {tmp} {tmp}                         | 2 | has no results.json",
            "compare {tmp}                               | 2 | Missing required parameter",
            "compare --bogus {tmp}                       | 2 | Unknown option: '--bogus'",
            "load --bogus                                | 2 | Unknown option: '--bogus'",
            "load -c 4 --bogus=1                         | 2 | Unknown option: '--bogus=1'",
            "load -c -1                                  | 2 | Missing required parameter: 'URL'",
            "load -c4 -d10s                              | 2 | Missing required parameter: 'URL'",
            "load -c4 -x                                 | 2 | Unknown option: '-x'",
            "history --results {tmp}                     | 2 | no history index",
            "history --rebuild {tmp}                     | 2 | holds no run folders",
            "serve                                       | 2 | missing target",
            "serve bogus                                 | 2 | fluxlab serve: TARGET: unknown target 'bogus'; accepted: ",
            "serve reactor-netty --port 70000            | 2 | --port: '70000' is out of range; give 0..65535",
            "serve reactor-netty --host 192.0.2.1        | 2 | is not a loopback address",
            "load ftp://127.0.0.1/                       | 2 | the scheme must be http or https",
            "load http://127.0.0.1:70000/                | 2 | port 70000 is out of range",
            "agent --period-ms 5                         | 2 | --period-ms must be at least 100",
    })
    void badInputIsRefusedWithoutAStackTrace(String args, int code, String expected) {
        RunCommandTest.Outcome o = fluxlab(args);
        assertEquals(code, o.code(), "exit code; stderr: " + o.err());
        assertTrue(o.err().contains(expected), "stderr should say " + expected + ": " + o.err());
        assertNoStackTrace(o.err());
        assertFalse(Files.exists(tmp.resolve("results.json")) || Files.exists(tmp.resolve("cells"))
                || Files.exists(tmp.resolve(".history.sqlite")), "nothing written");
    }

    /**
     * An empty path argument (an unset shell variable, {@code fluxlab report "$RUN"}) names no folder: it is refused as
     * empty, in one wording naming the option and the fix, instead of being read as the working directory (whose run
     * 'report' would rewrite and '--resume' continue) and quoted as '' in a message ("fluxlab report:  has no
     * results.json"). {@link OptionValuesTest} holds every path option of every command to it.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "report,                   | fluxlab report: DIR",
            "compare,,{tmp}            | fluxlab compare: A",
            "compare,{tmp},            | fluxlab compare: B",
            "run,--resume,             | fluxlab run: --resume",
            "run,--dry-run,            | fluxlab run: SUITE",
            "history,--results,        | fluxlab history: --results",
            "history,--rebuild=        | fluxlab history: --rebuild",
    })
    void anEmptyPathArgumentIsRefusedAsEmpty(String args, String where) {
        String[] argv = args.strip().replace("{tmp}", tmp.toString()).split(",", -1);
        RunCommandTest.Outcome o = RunCommandTest.execute(argv);
        assertEquals(2, o.code(), "exit code; stderr: " + o.err());
        assertEquals(where + ": " + dev.fluxlab.model.Refusal.EMPTY_PATH, o.err().strip());
        assertNoStackTrace(o.err());
    }

    @Test
    void outMustBeANewOrEmptyFolder() throws Exception {
        Path suite = Files.writeString(tmp.resolve("s.yaml"), SUITE);
        // a file
        RunCommandTest.Outcome o = fluxlab("run --out {tmp}/s.yaml {tmp}/s.yaml");
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().contains("--out " + suite + " is a file, not a folder"), o.err());
        // a folder with the user's own files: a run would mix results.json, suite.yaml and cells/ into them
        Path own = Files.createDirectories(tmp.resolve("own"));
        Files.writeString(own.resolve("notes.txt"), "mine");
        o = fluxlab("run --out {tmp}/own {tmp}/s.yaml");
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().contains("is a folder that already holds other files"), o.err());
        assertEquals(List.of(own.resolve("notes.txt")), Files.list(own).toList(), "nothing written into it");
        // a folder that cannot be created, under a file
        o = fluxlab("run --out {tmp}/s.yaml/run {tmp}/s.yaml");
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().contains("--out " + suite.resolve("run") + " cannot be created (" + suite + " is not a folder)"),
                o.err());
        // the dry run says so too, and an empty folder is fine
        assertEquals(2, fluxlab("run --dry-run --out {tmp}/own {tmp}/s.yaml").code());
        Files.createDirectories(tmp.resolve("empty"));
        assertEquals(0, fluxlab("run --dry-run --out {tmp}/empty {tmp}/s.yaml").code());
        // a name the file system cannot hold: refused by the dry run too (the run said so with exit 1)
        o = fluxlab("run --dry-run --out {tmp}/" + "b".repeat(300) + " {tmp}/s.yaml");
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().contains("a folder name in it is longer than 255 bytes"), o.err());
        // a run folder: resume it instead
        Files.writeString(own.resolve("results.json"), "{}");
        o = fluxlab("run --out {tmp}/own {tmp}/s.yaml");
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().contains("already holds a run; choose another --out, or --resume"), o.err());
    }

    @Test
    void resumeOfACutOrDamagedDocumentIsOneLine() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("run"));
        Files.writeString(run.resolve("results.json"), "{\"schema\": \"fluxlab.run/1\", \"cells\": [");
        RunCommandTest.Outcome o = fluxlab("run --resume {tmp}/run");
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().startsWith("fluxlab run: cannot resume from " + run.resolve("results.json")), o.err());
        assertTrue(o.err().strip().endsWith("--resume takes the folder of an earlier run with its results.json intact"),
                o.err());
        assertEquals(1, o.err().lines().count(), "one line: " + o.err());

        Files.writeString(run.resolve("results.json"), "{\"schema\": \"fluxlab.run/1\", \"cells\": [null]}");
        o = fluxlab("run --resume {tmp}/run");
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().contains("damaged: cells[0] is null"), o.err());
        assertFalse(Files.exists(run.resolve("cells")), "nothing was started");

        Files.writeString(run.resolve("results.json"), "null");
        o = fluxlab("run --resume {tmp}/run");
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().contains("holds no document (null), not a fluxlab run"), o.err());
        assertEquals(1, o.err().lines().count(), "one line: " + o.err());
    }

    @Test
    void anHttp2BodyTheInjectorCannotSendIsRefusedBeforeTheRun() throws Exception {
        Files.writeString(tmp.resolve("h2.yaml"), """
                targets: {reactor-netty: {knobs: {protocol: [http1.1, h2c], transport: nio}}}
                scenarios: {post: {method: POST, path: /post, body_size: 70000}}
                """);
        RunCommandTest.Outcome o = fluxlab("run --dry-run {tmp}/h2.yaml");
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().contains("h2.yaml:2:") && o.err().contains("has 70000 bytes, more than the 65535 fluxlab's "
                + "injector sends over h2c"), o.err());
        Files.writeString(tmp.resolve("h2.yaml"), Files.readString(tmp.resolve("h2.yaml")).replace(", h2c", ""));
        assertEquals(0, fluxlab("run --dry-run {tmp}/h2.yaml").code(), "HTTP/1.1 sends it");
    }

    /** Alive children of this JVM: a suite refused at its check starts none. */
    private static Set<Long> children() {
        return ProcessHandle.current().children().filter(ProcessHandle::isAlive).map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }

    /**
     * Suites (or {@code --set} values) that failed only once their targets started or their injector ran: refused when
     * the suite is checked, by the dry run and the run alike, with exit 2, the problem on one line, no results folder
     * and no process started.
     */
    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "jvm: {heap: 0}          | path: /plaintext                 |                        | s.yaml:1:"
                    + " | heap size '0' is not valid: a target's heap is at least 16m",
            "jvm: {heap: 1k}         | path: /plaintext                 |                        | s.yaml:1:"
                    + " | heap size '1k' is not valid: a target's heap is at least 16m",
            "jvm: {heap: 99999999g}  | path: /plaintext                 |                        | s.yaml:1:"
                    + " | heap size '99999999g' is not valid: a target's heap is at least 16m and at most 16t",
            "jvm: {heap: abc}        | path: /plaintext                 |                        | s.yaml:1:"
                    + " | heap size 'abc' is not valid; write e.g. 512m or 2g",
            "jvm: {heap: 256m}       | path: /plaintext                 | targets.reactor-netty.jvm.heap=1k"
                    + " | s.yaml: --set targets.reactor-netty.jvm.heap=1k: | heap size '1k' is not valid",
            "jvm: {heap: 256m}       | path: /LONG                      |                        | s.yaml:2:"
                    + " | the request target and headers have 102401 bytes, more than the 65536",
            "jvm: {heap: 256m}       | path: plaintext                  |                        | s.yaml:2:"
                    + " | path 'plaintext' must start with '/'",
            "jvm: {heap: 256m}       | path: \"/a\\x01b\"             |                        | s.yaml:2:"
                    + " | is not a valid URI path",
            "jvm: {heap: 256m}       | path: /p, headers: {a b: x}      |                        | s.yaml:2:"
                    + " | header name 'a b' is not accepted",
            "jvm: {heap: 256m}       | path: /p, headers: {x-a: \"1\\r\\nx-b: 2\"} |          | s.yaml:2:"
                    + " | header 'x-a' needs a value on one line",
            "jvm: {heap: 256m}       | path: /plaintext                 | targets.reactor-netty.knobs.transport=*x"
                    + " | s.yaml: --set targets.reactor-netty.knobs.transport=*x: | YAML aliases ('*x') are not supported",
    })
    void aSuiteThatWouldFailOnceStartedIsRefusedWhenChecked(String jvm, String scenario, String set, String where,
                                                            String expected) throws Exception {
        Files.writeString(tmp.resolve("s.yaml"), "targets: {reactor-netty: {knobs: {transport: nio}, " + jvm + "}}\n"
                + "scenarios: {p: {" + scenario.replace("LONG", "a".repeat(100 * 1024)) + "}}\n"
                + "warmup: 1s\nmeasure: 1s\n");
        Path out = tmp.resolve("out");
        Set<Long> before = children();
        String dryRun = null;
        for (String mode : List.of("--dry-run", "--out")) {
            List<String> args = new java.util.ArrayList<>(List.of("run", mode));
            if (mode.equals("--out")) {
                args.add(out.toString());
            }
            args.add(tmp.resolve("s.yaml").toString());
            if (set != null) {
                args.addAll(List.of("--set", set));
            }
            RunCommandTest.Outcome o = RunCommandTest.execute(args.toArray(String[]::new));
            assertEquals(2, o.code(), mode + ": exit code; stderr: " + o.err());
            List<String> lines = o.err().lines().toList();
            assertEquals(2, lines.size(), "a heading and the problem on one line: " + o.err());
            assertEquals("fluxlab run: invalid suite, nothing was started:", lines.get(0));
            String problem = lines.get(1);
            assertTrue(problem.startsWith(tmp.resolve(where).toString()) && problem.contains(expected), problem);
            assertNoStackTrace(o.err());
            assertEquals(dryRun == null ? problem : dryRun, problem, "the dry run refuses what the run refuses");
            dryRun = problem;
        }
        assertFalse(Files.exists(out), "no results folder");
        assertEquals(before, children(), "no process started");
    }

    /**
     * {@code fluxlab run} under a file limit of 400 (soft and hard, so the JVM cannot raise it): an injector here could
     * not open 1000 connections, which {@code fluxlab load} would refuse only once the cell's targets started.
     */
    @Test
    void connectionsBeyondTheFileLimitHereAreRefusedBeforeTheRun() throws Exception {
        Path suite = Files.writeString(tmp.resolve("s.yaml"), SUITE + "load: {connections: 1000}\n");
        Path out = tmp.resolve("out");
        Limited refused = underFileLimit(400, "run", "--dry-run", suite.toString());
        assertEquals(2, refused.code(), refused.err());
        assertTrue(refused.err().contains("s.yaml:5:") && refused.err().contains("'connections' of 1000 needs as many "
                + "open sockets in one injector process, and a process here may open 400 files (ulimit -n)"),
                refused.err());
        assertTrue(refused.err().matches("(?s).*lower 'connections' to at most \\d+.*"), refused.err());
        assertEquals(2, refused.err().lines().count(), refused.err());
        Limited run = underFileLimit(400, "run", "--out", out.toString(), suite.toString());
        assertEquals(2, run.code(), run.err());
        assertEquals(refused.err(), run.err(), "the run refuses what the dry run refuses");
        assertFalse(Files.exists(out), "no results folder");
        Files.writeString(suite, SUITE + "load: {connections: 100}\n");
        Limited fits = underFileLimit(400, "run", "--dry-run", suite.toString());
        assertEquals(0, fits.code(), fits.err());
    }

    private record Limited(int code, String err) {
    }

    /** {@code fluxlab ARGS} in a child JVM whose open-file limit is {@code files}, bounded to a minute. */
    private Limited underFileLimit(int files, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("bash", "-c",
                "ulimit -n " + files + " && exec \"$@\"", "bash",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "dev.fluxlab.cli.Main"));
        cmd.addAll(List.of(args));
        Path err = tmp.resolve("child.err");
        Process p = new ProcessBuilder(cmd).redirectError(err.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "done within a minute");
            return new Limited(p.exitValue(), Files.readString(err));
        } finally {
            p.destroyForcibly();
        }
    }

    /**
     * Output nobody received is not a success: with standard output closed, full or a pipe whose reader left, a
     * report exits non-zero, and a server stops rather than serve unannounced (both exited 0, or served on, silently).
     */
    @Test
    void outputThatCannotBeWrittenIsAFailure() throws Exception {
        String jvm = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String main = "exec " + jvm + " -cp '" + System.getProperty("java.class.path") + "' dev.fluxlab.cli.Main";
        for (String[] c : new String[][]{
                {main + " list >/dev/full", "1", "fluxlab: the output could not be written"},
                {main + " list >&-", "1", "fluxlab: the output could not be written"},
                {main + " serve reactor-netty --port 0 >&-", "1", "the readiness line could not be written"},
                {"set -o pipefail; " + main.substring(5) + " list | head -c 1 >/dev/null", "141", ""}}) {
            Process p = new ProcessBuilder("bash", "-c", c[0]).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try {
                assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), c[0] + ": done within a minute");
                String err = new String(p.getErrorStream().readAllBytes());
                assertEquals(Integer.parseInt(c[1]), p.exitValue(), c[0] + ": " + err);
                assertTrue(err.contains(c[2]), c[0] + ": " + err);
            } finally {
                p.destroyForcibly();
            }
        }
    }

    @Test
    void aRefusedTargetLeavesNoOutputFolder() {
        RunCommandTest.Outcome o = fluxlab("load http://192.0.2.1/ --json {tmp}/new/load.json");
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().contains("refusing to load non-loopback target"), o.err());
        assertFalse(Files.exists(tmp.resolve("new")), "the --json folder is created only when the file is written");
    }

    @Test
    void theOutputCheckCreatesNoFolder() {
        OutputFile.checkWritable("--json", tmp.resolve("a/b/load.json"));
        assertFalse(Files.exists(tmp.resolve("a")));
    }

    @Test
    void anUnexpectedExceptionIsOneLineAndExitOne() {
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine().getSubcommands().get("report");
        cl.setErr(new PrintWriter(err, true));
        int code = UnexpectedErrors.handle(new IllegalStateException("broken\nacross lines"), cl, null);
        assertEquals(1, code);
        assertEquals(List.of("fluxlab report: unexpected error: IllegalStateException: broken across lines; unless that "
                + "says what to change, run again with FLUXLAB_STACKTRACE=1 and report the stack trace"),
                err.toString().lines().toList());

        StringWriter suiteErr = new StringWriter();
        cl.setErr(new PrintWriter(suiteErr, true));
        assertEquals(2, UnexpectedErrors.handle(new SuiteException("s.yaml", 3, 1, "bad"), cl, null));
        assertTrue(suiteErr.toString().contains("s.yaml:3:1: bad"), suiteErr.toString());
    }

    @Test
    void aSuiteNameWithSlashesAndDotsStaysInsideTheResultsFolder() {
        Path dir = dev.fluxlab.runner.Runner.newRunDir(tmp, "../../" + "x".repeat(300));
        assertEquals(tmp.resolve("results"), dir.getParent());
        assertTrue(dir.getFileName().toString().length() <= 16 + 100, dir.toString());
    }

    /** Two runs started in the same second: each claims its own folder (the second was refused as "in use"). */
    @Test
    void runsStartedInTheSameSecondGetTheirOwnFolders() {
        Path a = dev.fluxlab.runner.Runner.newRunDir(tmp, "same");
        Path b = dev.fluxlab.runner.Runner.newRunDir(tmp, "same");
        assertNotEquals(a, b);
        assertTrue(java.nio.file.Files.isDirectory(a) && java.nio.file.Files.isDirectory(b));
    }
}
