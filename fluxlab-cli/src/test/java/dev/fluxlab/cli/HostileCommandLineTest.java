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

import static org.junit.jupiter.api.Assertions.assertEquals;
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
            "run --profile cpu,bogus {tmp}/none.yaml     | 2 | --profile takes cpu, alloc, wall, lock, jfr",
            "report {tmp}                                | 2 | has no results.json",
            "report {tmp}/none                           | 2 | does not exist",
            "report @/dev/null                           | 2 | @/dev/null does not exist",
            "compare {tmp} {tmp}                         | 2 | has no results.json",
            "compare {tmp}                               | 2 | Missing required parameter",
            "history --results {tmp}                     | 2 | no history index",
            "history --rebuild {tmp}                     | 2 | holds no run folders",
            "serve                                       | 2 | missing target",
            "serve bogus                                 | 2 | Unmatched argument",
            "serve reactor-netty --port 70000            | 2 | --port must be 0..65535",
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
}
