package dev.fluxlab.cli;

import dev.fluxlab.options.OptionValues;

import dev.fluxlab.model.Labelled;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.profile.ProfileMode;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteException;
import dev.fluxlab.runner.host.HostException;
import dev.fluxlab.report.ReportFiles;
import dev.fluxlab.report.ReportModel;
import dev.fluxlab.report.TextReport;
import dev.fluxlab.runner.listen.RunListener;
import dev.fluxlab.runner.ResultsInUseException;
import dev.fluxlab.runner.ResultsLostException;
import dev.fluxlab.runner.listen.RunListeners;
import dev.fluxlab.runner.Resume;
import dev.fluxlab.runner.Runner;
import dev.fluxlab.runner.console.ConsoleListener;
import dev.fluxlab.runner.registry.HostPlatform;
import dev.fluxlab.runner.registry.MachineFit;
import dev.fluxlab.runner.build.LibraryBuilds;
import dev.fluxlab.runner.registry.SuiteValidator;
import dev.fluxlab.runner.launch.TargetAotCache;
import dev.fluxlab.runner.registry.TargetRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code fluxlab run [SUITE]}: validates a suite, then runs every cell (targets and injector as child JVMs) and
 * prints the end table; {@code --dry-run} only lists the cells and the estimated time, {@code --resume DIR}
 * completes an interrupted run.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs a suite: every cell of its matrix, with targets and the injector as child JVMs.",
                "Writes results/<yyyyMMdd-HHmmss>-<suite>/results.json after every cell and prints the end table."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the run completed (invalid cells are marked, not fatal)",
                "1:the run failed: results.json could not be written, or the results folder is in use by another run",
                "2:bad input (invalid suite, unknown option)",
                "129:stopped by SIGHUP, its terminal closed (results.json kept; use --resume)",
                "130:interrupted by Ctrl-C / SIGINT (results.json kept; use --resume)",
                "143:stopped by SIGTERM (results.json kept; use --resume)"},
        // examples as whole lines: in the option's column picocli broke them at their dots ("load." / "connections=")
        footerHeading = "%nExamples of --set:%n",
        footer = {"  fluxlab run SUITE --set measure=10s --set repeats=3",
                "  fluxlab run SUITE --set load.connections=1000",
                "  fluxlab run SUITE --set targets.webflux-netty.knobs.sleep=1s",
                "  fluxlab run SUITE --set 'targets.webflux-netty.jvm.flags=[-Xms8G, -Xmx8G]'"})
public final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "SUITE",
            description = "Suite file, or the name of a shipped suite under suites/ (default: quick).")
    Path suite;

    @Option(names = "--dry-run", description = "List the cells and the estimated wall time; start nothing.")
    boolean dryRun;

    @Option(names = "--out", paramLabel = "DIR", description = "Results folder of this run (default: results/<time>-<suite>).")
    Path out;

    @Option(names = "--aa", description = "A/A mode: every cell runs an even number of repeats (at least 2), interleaved "
            + "A B B A, and the run records its own noise floor from those identical pairs (results.json 'noise', used "
            + "by compare); repeats that disagree beyond it are flagged.")
    boolean aa;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = {"Override a suite setting or list, validated like the file and recorded in results.json "
                    + "(settings.set); repeatable. KEY is a dotted path in the suite's YAML (a key under a list sets "
                    + "every item), VALUE is YAML (examples below)."})
    List<String> set = new java.util.ArrayList<>();

    @Option(names = "--profile", paramLabel = "MODE", split = ",", converter = Profile.class,
            preprocessor = OptionValues.CommaList.class,
            description = "Profile every JVM of each cell (targets and fluxlab's injector) in one extra repeat per mode, "
                    + "measured window only: cpu, alloc, wall, lock, jfr (a comma-separated list; the same as "
                    + "--set profile=[...]). Flame graphs and top frames go to the cell folders and the report.")
    List<String> profile;

    @Option(names = "--resume", paramLabel = "DIR",
            description = "Complete an interrupted run: re-validate its suite copy and run only the missing cells.")
    Path resume;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        TargetRegistry registry = TargetRegistry.builtIn();
        SuiteValidator validator = new SuiteValidator(registry, new HostPlatform());
        Resume resumed = null;
        Path suiteFile;
        if (resume != null) {
            if (suite != null || this.out != null || !set.isEmpty() || profile != null) {
                err.println("fluxlab run: --resume DIR continues the run in DIR with its own suite copy and the "
                        + "overrides it recorded; give no SUITE, --out, --set or --profile with it");
                return 2;
            }
            try {
                resumed = Resume.open(resume);
                if (resumed.complete() && !dryRun) {
                    out.println("the run in " + resume + " is complete: nothing to resume (its results are left as they are)");
                    return 0;
                }
                aa = resumed.aa(aa); // an A/A run resumes as one
                set = new ArrayList<>(resumed.overrides());
                suiteFile = resumed.suiteCopy();
            } catch (Resume.Refused e) {
                err.println("fluxlab run: " + e.getMessage());
                return 2;
            }
        } else {
            suiteFile = resolveSuite(suite == null ? null : suite.toString());
        }
        if (profile != null) {
            set.add("profile=[" + String.join(", ", profile) + "]"); // recorded and resumed like any --set
        }
        Suite s;
        try {
            s = Suite.load(suiteFile, set);
            if (aa) {
                s = s.withAa();
            }
            if (resumed != null && !dev.fluxlab.model.suite.CommandTarget.of(s.spec()).isEmpty()) {
                err.println("fluxlab run: --resume cannot continue a run of command targets ("
                        + String.join(", ", dev.fluxlab.model.suite.CommandTarget.of(s.spec()).keySet())
                        + "): their programs and 'cwd' are found from the original suite file's folder, and the run "
                        + "folder holds only a copy of it; run " + (resumed.previous().suiteFile() == null ? "the suite"
                        : resumed.previous().suiteFile()) + " again");
                return 2;
            }
            registry = registry.withCommands(s); // the suite's own command targets, beside the registry's
            // a build of the libraries a cell asks for (a version knob's value), resolved before anything starts
            registry = LibraryBuilds.here().resolve(s, registry, out::println).registry();
            validator = new SuiteValidator(registry, new HostPlatform());
            validator.validate(s);
        } catch (SuiteException e) {
            err.println("fluxlab run: invalid suite, nothing was started:");
            err.println(e.getMessage());
            return 2;
        }
        if (resumed != null) {
            try {
                resumed.check(s);
            } catch (Resume.Refused e) {
                err.println("fluxlab run: " + e.getMessage());
                return 2;
            }
        }
        RunResult previous = resumed == null ? null : resumed.previous();
        String outProblem = resume == null && this.out != null ? OutFolder.problem(this.out) : null;
        if (outProblem != null) {
            err.println("fluxlab run: " + outProblem);
            return 2;
        }
        for (String n : s.notes()) {
            out.println("note: " + n);
        }
        for (String w : MachineFit.here().warnings(s)) {
            out.println("warning: " + w);
        }
        TargetAotCache caches = new TargetAotCache(registry, TargetRegistry.java());
        Suite suite = s;
        Path base = resume != null ? resume.toAbsolutePath().normalize().getParent()
                : this.out != null ? this.out.toAbsolutePath().normalize().getParent() : HistoryCommand.defaultBase();
        for (String w : HistoryBounds.warnings(s, base, p -> suite.aot(p) && caches.variant(p).isPresent())) {
            out.println("warning: " + w);
        }
        if (dryRun) {
            printPlan(out, s, previous);
            out.println(aotPlan(s, new TargetAotCache(registry, TargetRegistry.java())));
            out.flush();
            return 0;
        }
        Path dir;
        if (resume != null) {
            dir = resume;
        } else if (this.out != null) {
            dir = this.out;
        } else {
            dir = Runner.newRunDir(TargetRegistry.home(), s.name());
        }
        java.util.concurrent.atomic.AtomicBoolean reportsLost = new java.util.concurrent.atomic.AtomicBoolean();
        Runner runner = Runner.builder(registry).listener(listener(out, err, reportsLost)).build();
        runner.installShutdownHook();
        // a Ctrl-C once the cells are done (the reports being written, the run being indexed) ended the JVM with 130
        // over a complete run, not indexed: the shutdown waits for this command's end and exits with its code
        java.util.concurrent.CountDownLatch ended = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicInteger exit = new java.util.concurrent.atomic.AtomicInteger(INTERRUPTED);
        java.util.concurrent.atomic.AtomicInteger signalled = new java.util.concurrent.atomic.AtomicInteger(INTERRUPTED);
        recordSignals(signalled);
        Thread afterRun = new Thread(() -> {
            try {
                if (ended.await(20, java.util.concurrent.TimeUnit.SECONDS)) {
                    out.flush();
                    Runtime.getRuntime().halt(exit.get());
                }
            } catch (InterruptedException ignored) {
                // the JVM exits as the signal asked
            }
        }, "fluxlab-run-end");
        Runtime.getRuntime().addShutdownHook(afterRun);
        try {
            int code = runAndReport(runner, s, dir, previous, out, err);
            if (code == 0 && reportsLost.get()) {
                code = 1; // as `fluxlab report` on the same disk: results.json is there, its reports are not
            }
            exit.set(code == INTERRUPTED ? signalled.get() : code); // the signal's code, set by its handler
            return exit.get();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(afterRun); // a normal end: Main decides the exit
            } catch (IllegalStateException shuttingDown) {
                // a signal arrived: the hook exits with the code set above
            }
            ended.countDown();
        }
    }

    /** The exit code of an interrupted run before the signal is known: Ctrl-C's. */
    private static final int INTERRUPTED = 130;

    /**
     * Notes which signal ends the run (129 for SIGHUP, 130 for Ctrl-C / SIGINT, 143 for SIGTERM, as the JVM's own exit
     * on them), then exits as the JVM would; the shutdown hooks run as before. The exit after the hooks then carries
     * that signal's code rather than Ctrl-C's for all three (a closed terminal's SIGHUP had exited 130). A signal
     * ignored when the JVM started (a background job's SIGINT, nohup's SIGHUP) stays ignored: the JVM does not install
     * a handler for it.
     */
    static void recordSignals(java.util.concurrent.atomic.AtomicInteger signalled) {
        for (String name : List.of("HUP", "INT", "TERM")) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal(name), signal -> {
                    signalled.set(128 + signal.getNumber());
                    System.exit(128 + signal.getNumber());
                });
            } catch (IllegalArgumentException unavailable) {
                // the JVM keeps its own handling of this signal (e.g. -Xrs)
            }
        }
    }

    /** Runs the suite into {@code dir}, indexes it, and returns the command's exit code. */
    private int runAndReport(Runner runner, Suite s, Path dir, RunResult previous, PrintWriter out, PrintWriter err) {
        RunResult r;
        try {
            r = runner.run(s, dir, previous);
        } catch (ResultsLostException | ResultsInUseException e) {
            err.println("fluxlab run: " + e.getMessage());
            return 1;
        } catch (HostException e) {
            err.println("fluxlab run: " + e.getMessage() + "; nothing was started");
            return 1;
        } catch (SuiteException e) {
            err.println("fluxlab run: invalid suite for its hosts, nothing was started:");
            err.println(e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("fluxlab run: cannot write the results folder " + dir + ": " + e.getMessage()
                    + "; choose a writable place with --out DIR");
            return 1;
        }
        HistoryCommand.recordRun(dir, out);
        return switch (r.status()) {
            case "complete" -> 0;
            case "interrupted" -> INTERRUPTED;
            default -> 1;
        };
    }

    /**
     * The terminal view, ending with the full terminal report of fluxlab-report, then summary.md and report.html
     * written next to results.json (also after an interrupted run, so what was gathered can be read).
     */
    static RunListener listener(PrintWriter out, PrintWriter err, java.util.concurrent.atomic.AtomicBoolean reportsLost) {
        return RunListeners.of(
                new ConsoleListener(out, ConsoleListener.stdoutIsTerminal(),
                        run -> String.join(System.lineSeparator(), TextReport.lines(ReportModel.of(run))) + System.lineSeparator()),
                new ReportFilesListener(out, err, reportsLost));
    }

    /**
     * Writes summary.md and report.html when the run ends and prints where they are; when they cannot be written (a
     * full disk) it says so on stderr and notes it in {@code lost}, which makes the run's exit code 1.
     */
    private record ReportFilesListener(PrintWriter out, PrintWriter err, java.util.concurrent.atomic.AtomicBoolean lost)
            implements RunListener {
        @Override
        public void cellStarted(Cell cell, Position position) {
        }

        @Override
        public void progress(Cell cell, Position position, Progress progress) {
        }

        @Override
        public void cellFinished(Cell cell, Position position, dev.fluxlab.model.run.CellResult result) {
        }

        @Override
        public void runFinished(RunResult run, Path resultsFile) {
            if (run.cells() == null || run.cells().isEmpty() || resultsFile == null) {
                return;
            }
            try {
                for (Path p : ReportFiles.write(run, resultsFile.getParent())) {
                    out.println("wrote " + p);
                }
            } catch (IOException e) {
                lost.set(true);
                out.flush();
                err.println("fluxlab run: could not write the reports (" + e.getMessage()
                        + "); regenerate them with: fluxlab report " + resultsFile.getParent());
                err.flush();
            }
            out.flush();
        }
    }

    /** A path as given, else a shipped suite by name: {@code quick} -> {@code $FLUXLAB_HOME/suites/quick.yaml}. */
    static Path resolveSuite(String given) {
        Path home = TargetRegistry.home();
        if (given == null) {
            return home.resolve("suites").resolve("quick.yaml");
        }
        Path p = Path.of(given);
        if (Files.exists(p) || given.contains("/") || given.endsWith(".yaml") || given.endsWith(".yml")) {
            return p;
        }
        Path shipped = home.resolve("suites").resolve(given + ".yaml");
        return Files.exists(shipped) ? shipped : p;
    }

    static void printPlan(PrintWriter out, Suite s, RunResult previous) {
        var cells = s.cells();
        long skip = previous == null ? 0 : cells.stream().filter(c -> previous.cells().stream()
                .anyMatch(d -> d.id().equals(c.id()))).count();
        out.printf("suite %s (%s): %d cells x %d repeat%s%s%n", s.name(), s.file(), cells.size(), s.repeats(),
                s.repeats() == 1 ? "" : "s", skip > 0 ? ", " + skip + " already done" : "");
        if (!s.description().isEmpty()) {
            out.println("  " + s.description().replace("\n", "\n  "));
        }
        s.overrides().forEach(o -> out.println("  --set " + o));
        int w = cells.stream().mapToInt(c -> c.label().length()).max().orElse(10);
        List<Cell> todo = cells.stream().filter(c -> previous == null
                || previous.cells().stream().noneMatch(d -> d.id().equals(c.id()))).toList();
        PlanEstimate.lines(s, cells, todo, w).forEach(out::println);
        if (!s.claims().isEmpty()) {
            out.println(s.claims().size() + (s.claims().size() == 1 ? " claim" : " claims")
                    + " judged when the run ends (confirmed / contradicted / inconclusive)" + (s.decideMax().isZero()
                    ? ", from the cells' repeats (decide_max 0s):"
                    : ", each decided by " + (s.decideMethod() == dev.fluxlab.model.decide.DecideMethod.DUET
                    ? "a duet trial of its cells (loaded together, decide_method: duet)"
                    : "an interleaved trial of its cells") + " after they ran, at most "
                    + dev.fluxlab.model.Durations.format(s.decideMax()) + " each (up to "
                    + dev.fluxlab.model.Durations.format(s.decideMax().multipliedBy(s.claims().size()))
                    + " more than the wall time above):"));
            s.claims().forEach(c -> out.println("  " + c.title() + "  (" + c.figure().key() + " "
                    + c.relation().text() + "; " + c.source() + ")"));
        }
        if (s.sharedTargets()) {
            out.println("fork: shared - consecutive cells with identical targets reuse the running target JVMs "
                    + "(start-up paid once per group; each cell still warms up and measures on its own)");
        }
        if (s.interleavedRepeats() && s.repeats() > 1) {
            out.println("repeat_order: interleaved - repeats alternate A B B A across cells with identical targets");
        }
        if (!s.profileModes().isEmpty()) {
            out.println("profile: " + String.join(", ", s.profileModes().stream().map(ProfileMode::label).toList())
                    + " - one extra repeat per cell and mode after the others, profiled in its measured window, "
                    + "kept out of the summary");
        }
        out.flush();
    }

    /**
     * How the suite's targets will start: from their trained AOT caches, the ones still to train before the cells
     * (not in the wall-time estimate), or cold (the default, {@code aot: false}, before JDK 25, {@code FLUXLAB_AOT=0}).
     */
    static String aotPlan(Suite s, TargetAotCache caches) {
        if (!s.anyAot()) {
            return "every target starts cold, without a trained AOT cache (the default; aot: true trains and uses "
                    + "them: docs/suites.md \"Trained targets\")";
        }
        if (!caches.enabled()) {
            return "targets start cold: trained AOT caches need JDK " + TargetAotCache.MIN_FEATURE + " or newer "
                    + "running the targets (this is " + Runtime.version().feature() + ") and FLUXLAB_AOT not 0";
        }
        java.util.Set<TargetAotCache.Variant> all = new java.util.LinkedHashSet<>();
        s.cells().forEach(c -> c.processes().stream().filter(s::aot)
                .forEach(p -> caches.variant(p).ifPresent(all::add)));
        long coldByKnob = s.cells().stream().filter(c -> c.processes().stream().anyMatch(p -> !s.aot(p))).count();
        String knob = coldByKnob == 0 ? "" : "; " + coldByKnob + " of " + s.cells().size() + " cells start their "
                + "targets cold by their aot knob (jvm.aot: false)";
        List<String> missing = all.stream().filter(v -> !v.exists()).map(TargetAotCache.Variant::label).toList();
        if (all.isEmpty()) {
            return "targets start cold: none of them can use an AOT cache here (suite hosts, ZGC, class folders)";
        }
        return (missing.isEmpty() ? "targets start from their trained AOT caches (" + all.size() + ", all trained)"
                : "AOT caches to train before the cells (30 s to 2 min each, once per build, not in the estimate "
                + "above): " + String.join(", ", missing)) + knob;
    }

    /** One {@code --profile} mode, named as in a suite's {@code profile} list. */
    static final class Profile extends OptionValues.Parsing<String> {
        Profile() {
            super(mode -> Labelled.find(ProfileMode.class, mode).map(ProfileMode::label).orElseThrow(() ->
                    new IllegalArgumentException(dev.fluxlab.model.Refusal.unknown("profile", mode,
                            Arrays.stream(ProfileMode.values()).map(ProfileMode::label).toList(),
                            "one, or a comma-separated list"))));
        }
    }
}
