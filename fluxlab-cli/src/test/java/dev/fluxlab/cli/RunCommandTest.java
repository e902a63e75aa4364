package dev.fluxlab.cli;

import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.Estimate;
import dev.fluxlab.runner.registry.HostPlatform;
import dev.fluxlab.runner.registry.SuiteValidator;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunCommandTest {

    record Outcome(int code, String out, String err) {
    }

    static Outcome execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Outcome(code, out.toString(), err.toString());
    }

    /** Two protocols by two connection counts, fixed phases. */
    private static final String TWO_BY_TWO = """
                name: s
                targets:
                  reactor-netty: {knobs: {protocol: [http1.1, h2c], transport: nio}}
                scenarios: {plaintext: {path: /plaintext}}
                load: {connections: [16, 64]}
                warmup: 2s
                measure: 3s
                """;

    @Test
    void dryRunListsCellsAndEstimateWithoutStartingAnything(@TempDir Path tmp) throws Exception {
        Path suite = Files.writeString(tmp.resolve("s.yaml"), TWO_BY_TWO);
        Outcome o = execute("run", "--dry-run", "--out", tmp.resolve("out").toString(), suite.toString());
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("4 cells x 1 repeat"), o.out());
        assertTrue(o.out().contains("  4  reactor-netty h2c c=64"), o.out());
        // per cell: 2.5 s target + 1.5 s injector + 2 s warm-up + 3 s measure + 0.7 s stop = 9.7 s; 4 cells = 38.8 s
        assertTrue(o.out().contains("estimated wall time: 39s"), o.out());
        assertFalse(Files.exists(tmp.resolve("out")), "a dry run creates no results folder");
    }

    @Test
    void setOverridesTheSuiteAndIsValidatedLikeTheFile(@TempDir Path tmp) throws Exception {
        Path suite = Files.writeString(tmp.resolve("s.yaml"), TWO_BY_TWO);
        Outcome o = execute("run", "--dry-run", suite.toString(), "--set", "load.connections=1000",
                "--set", "targets.reactor-netty.knobs.protocol=h2c", "--set", "repeats=2");
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("1 cells x 2 repeats"), o.out());
        assertTrue(o.out().contains("  --set load.connections=1000"), o.out());
        // a registry check (knob values) names the --set too
        o = execute("run", "--dry-run", suite.toString(), "--set", "targets.reactor-netty.knobs.protocol=http3");
        assertEquals(2, o.code());
        assertTrue(o.err().contains(suite + ": --set targets.reactor-netty.knobs.protocol=http3: knob 'protocol': "
                + "unknown value 'http3'"), o.err());
        o = execute("run", "--dry-run", suite.toString(), "--set", "noequals");
        assertEquals(2, o.code());
        assertTrue(o.err().contains("--set noequals: write it as KEY=VALUE"), o.err());
        o = execute("run", "--resume", tmp.toString(), "--set", "repeats=2");
        assertEquals(2, o.code());
    }

    /**
     * An A/A run resumes as one (its missing cells got plain repeats), and --aa cannot turn a plain run into one on
     * resume (it rewrote the recorded settings: aa true over cells of one repeat).
     */
    @Test
    void aaRefusesAnotherRepeatOrderAskedInTheSameCommand(@TempDir Path tmp) throws Exception {
        Path suite = Files.writeString(tmp.resolve("s.yaml"), TWO_BY_TWO);
        Outcome sequential = execute("run", "--aa", "--dry-run", "--set", "repeat_order=sequential", suite.toString());
        assertEquals(2, sequential.code(), sequential.out());
        assertTrue(sequential.err().contains("--set repeat_order=sequential: --aa runs every cell's repeats interleaved"),
                sequential.err());
        assertTrue(sequential.err().contains("leave out this --set or --aa"), sequential.err());
        Outcome interleaved = execute("run", "--aa", "--dry-run", "--set", "repeat_order=interleaved", suite.toString());
        assertEquals(0, interleaved.code(), interleaved.err());
        Outcome alone = execute("run", "--dry-run", "--set", "repeat_order=sequential", suite.toString());
        assertEquals(0, alone.code(), alone.err());
    }

    @Test
    void aResumedRunKeepsItsAaModeAndAaCannotBeAddedOnResume(@TempDir Path tmp) throws Exception {
        for (boolean recordedAa : new boolean[]{false, true}) {
            Path dir = Files.createDirectories(tmp.resolve("run-" + recordedAa));
            Files.writeString(dir.resolve("suite.yaml"), TWO_BY_TWO);
            java.util.Map<String, Object> settings = recordedAa ? java.util.Map.of("aa", true) : java.util.Map.of();
            dev.fluxlab.model.Json.writeAtomically(dir.resolve("results.json"), new dev.fluxlab.model.run.RunResult(
                    dev.fluxlab.model.run.RunResult.SCHEMA, "r", "s", null, null, "interrupted", "2026-11-24T10:00:00Z",
                    null, null, java.util.List.of(), settings, java.util.List.of(), null));
            byte[] before = Files.readAllBytes(dir.resolve("results.json"));
            Outcome withAa = execute("run", "--resume", dir.toString(), "--aa", "--dry-run");
            Outcome plain = execute("run", "--resume", dir.toString(), "--dry-run");
            assertEquals(0, plain.code(), plain.err());
            if (recordedAa) {
                assertEquals(0, withAa.code(), withAa.err());
                assertTrue(plain.out().contains("4 cells x 2 repeats"), "A/A pairs on resume too: " + plain.out());
            } else {
                assertEquals(2, withAa.code(), withAa.out());
                assertTrue(withAa.err().contains("--aa cannot make the run in " + dir + " an A/A run"), withAa.err());
                assertTrue(plain.out().contains("4 cells x 1 repeat\n"), plain.out());
            }
            assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(dir.resolve("results.json"))));
        }
        // without the run's suite copy, the live suite file (which may have changed) is not taken instead
        Path noCopy = Files.createDirectories(tmp.resolve("no-copy"));
        Files.copy(tmp.resolve("run-false").resolve("results.json"), noCopy.resolve("results.json"));
        Outcome missing = execute("run", "--resume", noCopy.toString(), "--dry-run");
        assertEquals(2, missing.code(), missing.out());
        assertTrue(missing.err().contains("has no suite.yaml, the copy of the suite its cells ran"), missing.err());
        // a complete run has nothing to resume, and its results.json stays as it was (finished_at was rewritten)
        Path done = Files.createDirectories(tmp.resolve("done"));
        Files.writeString(done.resolve("suite.yaml"), TWO_BY_TWO);
        dev.fluxlab.model.Json.writeAtomically(done.resolve("results.json"), new dev.fluxlab.model.run.RunResult(
                dev.fluxlab.model.run.RunResult.SCHEMA, "r", "s", null, null, "complete", "2026-11-24T10:00:00Z",
                "2026-11-24T10:05:00Z", null, java.util.List.of(), java.util.Map.of(), java.util.List.of(), null));
        byte[] before = Files.readAllBytes(done.resolve("results.json"));
        Outcome complete = execute("run", "--resume", done.toString());
        assertEquals(0, complete.code(), complete.err());
        assertTrue(complete.out().contains("is complete: nothing to resume"), complete.out());
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(done.resolve("results.json"))));
    }

    /**
     * A folder whose results.json is not the run its suite copy describes is refused before anything starts: another
     * suite's document was merged under the copy's name, and an edited copy counted 1-repeat cells as done under 3.
     */
    @Test
    void aResumeOfAFolderMixingTwoRunsIsRefused(@TempDir Path tmp) throws Exception {
        java.util.function.BiFunction<String, java.util.Map<String, Object>, Path> folder = (suite, settings) -> {
            try {
                Path dir = Files.createDirectories(tmp.resolve("r" + Math.abs((suite + settings).hashCode())));
                Files.writeString(dir.resolve("suite.yaml"), TWO_BY_TWO);
                dev.fluxlab.model.Json.writeAtomically(dir.resolve("results.json"), new dev.fluxlab.model.run.RunResult(
                        dev.fluxlab.model.run.RunResult.SCHEMA, "r", suite, null, null, "interrupted",
                        "2026-11-24T10:00:00Z", null, null, java.util.List.of(), settings, java.util.List.of(), null));
                return dir;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        Outcome other = execute("run", "--resume", folder.apply("quick", java.util.Map.of()).toString(), "--dry-run");
        assertEquals(2, other.code(), other.out());
        assertTrue(other.err().contains("its results.json is of suite 'quick' and its suite copy is suite 's'"), other.err());
        Outcome edited = execute("run", "--resume", folder.apply("s", java.util.Map.of("measure", "30s")).toString(),
                "--dry-run");
        assertEquals(2, edited.code(), edited.out());
        assertTrue(edited.err().contains("settings differ from the ones the run recorded (measure: \"30s\" -> \"3s\")"),
                edited.err());
        assertEquals(0, execute("run", "--resume", folder.apply("s", java.util.Map.of("measure", "3s")).toString(),
                "--dry-run").code(), "the recorded settings, and an older document's missing keys, resume");
    }

    /**
     * A refused run (a bad suite, exit 2) says nothing of the history index and leaves it alone, also when its --out
     * folder is in a results base that has one (issue 38, finding 10).
     */
    @Test
    void aRefusedRunNeitherPrintsNorWritesTheHistoryIndex(@TempDir Path tmp) throws Exception {
        Path base = Files.createDirectories(tmp.resolve("results"));
        dev.fluxlab.model.Json.writeAtomically(base.resolve("run-0").resolve("results.json"),
                ReportAndCompareCommandTest.run("run-0", new double[]{1000}));
        assertEquals(0, execute("history", "--rebuild", base.toString()).code());
        Path index = base.resolve(".history.sqlite");
        byte[] before = Files.readAllBytes(index);
        Path suite = Files.writeString(tmp.resolve("bad.yaml"), """
                targets: {reactor-netty: {knobs: {protocol: http3}}}
                scenarios: {plaintext: {path: /plaintext}}
                """);
        Outcome o = execute("run", "--out", base.resolve("run-1").toString(), suite.toString());
        assertEquals(2, o.code(), o.out() + o.err());
        assertFalse((o.out() + o.err()).contains("history index"), o.out() + o.err());
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(index)), "the index is untouched");
        assertFalse(Files.exists(base.resolve("run-1")), "nothing written for a refused run");
    }

    @Test
    void anInvalidSuiteIsOneLocatedErrorAndExit2(@TempDir Path tmp) throws Exception {
        Path suite = Files.writeString(tmp.resolve("bad.yaml"), """
                targets:
                  reactor-netty:
                    knobs:
                      protocol: [h2c, http3]
                scenarios: {plaintext: {path: /plaintext}}
                """);
        Outcome o = execute("run", suite.toString());
        assertEquals(2, o.code());
        assertTrue(o.err().contains(suite + ":4:23: knob 'protocol': unknown value 'http3'; accepted: "
                + "http1.1, h2c, h2, http1.1+h2c"), o.err());
        assertTrue(o.err().contains("nothing was started"), o.err());

        Outcome missing = execute("run", tmp.resolve("nope.yaml").toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("cannot read the suite file"), missing.err());

        // a JVM flag the JDK refuses failed every cell of the target at run time, exit 0
        Path flags = Files.writeString(tmp.resolve("flags.yaml"), """
                targets:
                  reactor-netty:
                    jvm: {flags: [-XX:+BogusFlagForAudit]}
                scenarios: {plaintext: {path: /plaintext}}
                """);
        Outcome bogus = execute("run", "--dry-run", flags.toString());
        assertEquals(2, bogus.code(), bogus.out());
        assertTrue(bogus.err().contains(flags + ":3:") && bogus.err().contains("does not start with these flags")
                && bogus.err().contains("BogusFlagForAudit"), bogus.err());

        assertEquals(2, execute("run", "--bogus").code());
        Outcome resume = execute("run", "--resume", tmp.toString());
        assertEquals(2, resume.code());
        assertTrue(resume.err().contains("has no results.json"), resume.err());
    }

    @Test
    void listShowsTargetsKnobsAndSuites() {
        Outcome o = execute("list");
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("reactor-netty"), o.out());
        assertTrue(o.out().matches("(?s).*transport\\s+native \\| io_uring \\| epoll \\| nio\\s+default: native.*"), o.out());
        assertTrue(o.out().contains("select-count"), o.out());
    }

    /** The shipped suites' cell counts start in one column: a name longer than 14 characters pushed its line right. */
    @Test
    void listAlignsTheSuitesCellCounts() {
        Outcome o = execute("list");
        assertEquals(0, o.code(), o.err());
        java.util.Set<Integer> columns = new java.util.TreeSet<>();
        int suites = 0;
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^  \\S+ +(\\d+) cells, ").matcher(o.out());
        while (m.find()) {
            columns.add(m.end(1) - m.start());
            suites++;
        }
        assertTrue(suites >= 10, o.out());
        assertEquals(1, columns.size(), "the column where each '<n> cells' ends: " + columns + "\n" + o.out());
    }

    @Test
    void theShippedQuickSuiteIsValidAndFitsItsBudget() {
        Path quick = Path.of("..", "suites", "quick.yaml");
        Suite s = Suite.load(quick);
        new SuiteValidator(TargetRegistry.builtIn(), new HostPlatform()).validate(s);
        assertEquals(16, s.cells().size());
        assertTrue(s.autoWarmup());
        Duration estimate = Estimate.total(s, s.cells());
        // 4 minutes held until warm-up waited for the targets' JIT: measured here, cold h2c targets compile ~1 s per
        // second for 25-30 s, and the old budget measured them mid-ramp (the quick suite took 5m40s with valid cells)
        assertTrue(estimate.compareTo(Duration.ofMinutes(6)) < 0, "quick must plan for under 6 minutes: " + estimate);
        assertEquals(quick, RunCommand.resolveSuite("../suites/quick.yaml"));
    }

    @Test
    void helpSaysWhatEachSignalExitsWith() {
        Outcome o = execute("run", "--help");
        assertTrue(o.out().contains("130") && o.out().contains("SIGINT"), o.out());
        assertTrue(o.out().contains("143") && o.out().contains("SIGTERM"), o.out());
    }

    /** A closed terminal's SIGHUP exits 129, its own code, not Ctrl-C's 130 (issue 38, finding 10). */
    @Test
    void aHangupExits129() throws Exception {
        Outcome o = execute("run", "--help");
        assertTrue(o.out().contains("129") && o.out().contains("SIGHUP"), o.out());
        // under nohup the child inherits SIGHUP ignored, and a run keeps ignoring it: nothing to check then
        String ignored = Files.readAllLines(Path.of("/proc/self/status")).stream()
                .filter(l -> l.startsWith("SigIgn:")).findFirst().orElse("SigIgn: 0").substring(7).strip();
        org.junit.jupiter.api.Assumptions.assumeTrue((Long.parseLong(ignored, 16) & 1) == 0, "SIGHUP is ignored here");
        Path probe = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(probe.toString(), "-cp", System.getProperty("java.class.path"),
                HangupChild.class.getName()).redirectErrorStream(true).start();
        try {
            assertEquals("ready", new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream())).readLine());
            new ProcessBuilder("kill", "-HUP", Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(20, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(129, p.exitValue());
        } finally {
            p.destroyForcibly();
        }
    }

    /** A JVM with the run's signal handling that waits to be signalled. */
    public static final class HangupChild {
        public static void main(String[] args) throws Exception {
            java.util.concurrent.atomic.AtomicInteger signalled = new java.util.concurrent.atomic.AtomicInteger(130);
            RunCommand.recordSignals(signalled);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> Runtime.getRuntime().halt(signalled.get())));
            System.out.println("ready");
            System.out.flush();
            Thread.sleep(60_000);
        }
    }

    @Test
    void resumeOfAnEmptyOrForeignDocumentIsOneMessage(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("results.json"), "{}");
        Outcome empty = execute("run", "--resume", tmp.toString(), "--dry-run");
        assertEquals(2, empty.code(), empty.err());
        assertTrue(empty.err().contains("not a fluxlab run document"), empty.err());
        assertFalse(empty.err().contains("Exception"), empty.err());
        Files.writeString(tmp.resolve("results.json"), "{\"schema\":\"fluxlab.run/9\",\"cells\":[]}");
        Outcome other = execute("run", "--resume", tmp.toString());
        assertEquals(2, other.code(), other.err());
        assertTrue(other.err().contains("schema \"fluxlab.run/9\" but this fluxlab reads \"fluxlab.run/1\""), other.err());
        assertFalse(Files.exists(tmp.resolve("cells")), "nothing was started");
    }
}
