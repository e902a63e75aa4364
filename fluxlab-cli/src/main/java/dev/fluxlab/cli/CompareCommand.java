package dev.fluxlab.cli;

import dev.fluxlab.model.run.NoiseBand;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.report.CompareReport;
import dev.fluxlab.report.Comparison;
import dev.fluxlab.report.ProfileDiffs;
import dev.fluxlab.report.ReportInputException;
import dev.fluxlab.report.ResultsFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Stack;
import java.util.concurrent.Callable;

/**
 * {@code fluxlab compare A B}: two results folders side by side, cell by cell, with a verdict that accounts for the
 * measured spread (see {@link Comparison}). A comparison is not a failure: exit 0 whatever the verdicts, unless
 * {@code --fail-on-regression} asks for CI's exit 3 when a cell got worse beyond noise and the threshold, when A
 * measured a cell B did not, or when a cell valid in A is invalid in B; 2 for bad input.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compares two results folders cell by cell: req/s of A and B with their spread, B/A, a verdict "
                + "(better / worse / within noise) and the p99 ratio.",
                "Cells are matched by their id (their knob values); cells in only one run are listed."},
        footerHeading = "%n",
        footer = {"Verdict: 'within noise' when |B/A - 1| <= relative half range of A + that of B (at least " + NoiseBand.SINGLE_REPEAT_FLOOR_PCT + "%% when a side has "
                + "a single repeat, whose noise is unknown, and at least the noise floor a run recorded: its worst A/A "
                + "disagreement) or when both have repeats and their min-max ranges overlap; else 'better' "
                + "(B has more throughput; for p99, lower) or 'worse'. The output says which noise basis it used: "
                + "recorded A/A pairs, repeat spread, or the fixed default.",
                "Before the table, a WARNING lists what differs between the runs' environments that moves numbers: CPU model, "
                + "cpus, kernel, JDK, governor, fluxlab commit, dirty tree, placement, injector AOT cache, machine speed "
                + "beyond the noise floor."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:comparison printed (whatever the verdicts, without --fail-on-regression)",
                "1:the --md file could not be written", "2:bad input",
                "3:--fail-on-regression: a cell got worse beyond noise and the threshold, A measured a cell B did "
                        + "not, or a cell valid in A is invalid in B (listed on stderr)"})
final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "the baseline: a results folder or its results.json")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "the candidate: a results folder or its results.json")
    Path b;

    @Option(names = "--md", paramLabel = "FILE", description = "also write the comparison as Markdown to FILE")
    Path markdown;

    @Option(names = "--fail-on-regression", arity = "0..1", paramLabel = "THRESHOLD%", parameterConsumer = OptionalThreshold.class,
            fallbackValue = DEFAULT_THRESHOLD,
            description = {"for CI: exit 3 when any cell got worse beyond noise AND by more than THRESHOLD "
                    + "(throughput lower, p99 higher; in percent: 0.05 is 0.05 %%, not 5 %%; default "
                    + "${FALLBACK-VALUE}), and list those cells"})
    String failOnRegression;

    @Option(names = "--profile-diff", paramLabel = "DIR", description = {"where the differential profiles go when both "
            + "runs were profiled: one page per cell, mode and process, frames ranked by the change of their self-time "
            + "share (default: B's folder, profile-diff-<A's run id>)"})
    Path profileDiff;

    @Option(names = "--normalise-speed", description = {"divide B's throughput by speed(B)/speed(A), the ratio of the "
            + "runs' machine speeds (the median of the reference workload measured before their repeats, else before "
            + "the run: environment.speedBefore); the output says so, and warns when the runs' own repeats show "
            + "that throughput did not follow that reference (then the normalised figures likely mislead)"})
    boolean normaliseSpeed;

    static final String DEFAULT_THRESHOLD = "5%";

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Comparison c;
        double threshold;
        RunResult runA;
        RunResult runB;
        Path dirA;
        Path dirB;
        try {
            threshold = failOnRegression == null ? Double.NaN : threshold(failOnRegression);
            runA = ResultsFiles.load(a);
            runB = ResultsFiles.load(b);
            dirA = ResultsFiles.resolve(a).toAbsolutePath().getParent();
            dirB = ResultsFiles.resolve(b).toAbsolutePath().getParent();
            OutputFile.checkNotInput("--md", markdown, "A's " + ResultsFiles.RESULTS_JSON, ResultsFiles.resolve(a));
            OutputFile.checkNotInput("--md", markdown, "B's " + ResultsFiles.RESULTS_JSON, ResultsFiles.resolve(b));
            OutputFile.checkNotRunFile("--md", markdown);
            if (markdown != null) {
                OutputFile.checkWritable("--md", markdown);
            }
            c = Comparison.of(runA, runB, normaliseSpeed);
        } catch (ReportInputException | IllegalArgumentException e) {
            err.println("fluxlab compare: " + e.getMessage());
            err.flush();
            return 2;
        }
        if (sameRun(runA, runB)) {
            out.println("NOTE: A and B are the same run (" + runA.runId() + ", started " + runA.startedAt() + "): every "
                    + "ratio is 1 by construction; compare two runs, or read this run's own noise floor (run --aa)");
        }
        CompareReport.lines(c).forEach(out::println);
        String profiles = profileDiffs(runA, dirA, runB, dirB, out, err);
        if (profiles == null) {
            return 1;
        }
        if (markdown != null && !OutputFile.write(markdown, CompareReport.markdown(c) + profiles, "fluxlab compare",
                "--md", out, err)) {
            return 1;
        }
        out.flush();
        if (failOnRegression != null) {
            List<Comparison.Regression> regressions = c.regressions(threshold);
            List<String> unmeasured = c.unmeasuredInB();
            if (!regressions.isEmpty()) {
                err.println("fluxlab compare: " + regressions.size() + (regressions.size() == 1 ? " regression" : " regressions")
                        + " beyond noise and the " + percentText(failOnRegression) + " threshold:");
                regressions.forEach(r -> err.println("  " + r.text()));
            }
            if (!unmeasured.isEmpty()) {
                err.println("fluxlab compare: " + unmeasured.size() + (unmeasured.size() == 1 ? " cell" : " cells")
                        + " of A not measured in B, so not judged (a run that crashed, was cut short or ran another "
                        + "suite passes no regression gate):");
                unmeasured.forEach(u -> err.println("  " + u));
            }
            List<String> invalid = c.invalidInB();
            if (!invalid.isEmpty()) {
                err.println("fluxlab compare: " + invalid.size() + (invalid.size() == 1 ? " cell" : " cells")
                        + " valid in A and invalid in B (see B's verdicts), so not a pass:");
                invalid.forEach(u -> err.println("  " + u));
            }
            if (!regressions.isEmpty() || !unmeasured.isEmpty() || !invalid.isEmpty()) {
                err.flush();
                return 3;
            }
            out.println("no regression beyond noise and the " + percentText(failOnRegression) + " threshold");
            out.flush();
        }
        return 0;
    }

    /**
     * Writes and prints the differential profiles when both runs carry profiles of the same cells; returns their
     * Markdown section ("" when there are none), or null when the pages could not be written.
     */
    private String profileDiffs(RunResult runA, Path dirA, RunResult runB, Path dirB, PrintWriter out, PrintWriter err) {
        List<String> missing = new ArrayList<>();
        List<ProfileDiffs.Diff> diffs = ProfileDiffs.of(runA, dirA, runB, dirB, missing);
        missing.forEach(m -> out.println("no differential profile for " + m));
        if (diffs.isEmpty()) {
            return "";
        }
        // A's run id comes from its results.json: as a folder name, only characters that cannot leave B's folder
        String idA = String.valueOf(runA.runId()).replaceAll("[^A-Za-z0-9._-]", "-");
        Path dir = profileDiff != null ? profileDiff : dirB.resolve("profile-diff-" + idA);
        try {
            List<Path> files = ProfileDiffs.write(diffs, dirA.toString(), dirB.toString(), dir);
            out.println();
            out.println("Differential profiles (frames by change of self-time share, B - A, percentage points):");
            ProfileDiffs.lines(diffs, files).forEach(out::println);
            return ProfileDiffs.markdown(diffs, files);
        } catch (IOException e) {
            String why = e instanceof java.nio.file.FileAlreadyExistsException || Files.isRegularFile(dir)
                    ? "it is a file, not a folder" : e.getMessage();
            err.println("fluxlab compare: cannot write the differential profiles to " + dir + ": " + why
                    + "; choose a writable folder with --profile-diff DIR");
            err.flush();
            return null;
        }
    }

    /**
     * Takes the next argument as the threshold when it reads as one (a number, with or without {@code %}, signed or
     * not: {@link #threshold} refuses a negative one by name), or when the two folders are there without it (as in
     * {@code --fail-on-regression=abc A B}, where {@link #threshold} then names the bad value); otherwise
     * {@code --fail-on-regression A B} leaves the two folders to the positional parameters.
     */
    static final class OptionalThreshold implements IParameterConsumer {
        @Override
        public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
            boolean take = !args.isEmpty() && (args.peek().trim().matches("[-+]?[0-9]*\\.?[0-9]+\\s*%?|[-+]?[0-9]+\\.")
                    || foldersWithout(args, commandSpec) >= commandSpec.positionalParameters().size());
            argSpec.setValue(take ? args.pop() : DEFAULT_THRESHOLD);
        }

        /** The positional arguments already matched plus those after the next one (options and their values skipped). */
        private static int foldersWithout(Stack<String> args, CommandSpec spec) {
            int folders = 0;
            for (ArgSpec positional : spec.positionalParameters()) {
                folders += positional.originalStringValues().size();
            }
            for (int i = args.size() - 2; i >= 0; i--) {
                String arg = args.get(i);
                if (arg.equals("--")) {
                    return folders + i + 1;
                }
                if (arg.startsWith("-") && arg.length() > 1) {
                    OptionSpec option = spec.findOption(arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg);
                    if (option != null && !arg.contains("=") && option.arity().min() > 0) {
                        i--;
                    }
                } else {
                    folders++;
                }
            }
            return folders;
        }
    }

    /** The threshold as the user wrote it, in percent: {@code 0.05} is 0.05 %, so it says {@code 0.05%}. */
    static String percentText(String text) {
        String t = text.trim();
        return t.endsWith("%") ? t : t + "%";
    }

    /**
     * {@code 5%}, {@code 5} or {@code 0.5%} as a fraction: digits as a person writes them, read as {@code --precision}
     * reads its percentage ({@link dev.fluxlab.model.suite.SuiteSettings#parsePercent}); Java's own number syntax took
     * {@code 5d} and {@code 0x1p3} (8 %) too.
     */
    static double threshold(String text) throws ReportInputException {
        Double fraction = dev.fluxlab.model.suite.SuiteSettings.parsePercent(text);
        if (fraction != null && fraction <= 1) {
            return fraction;
        }
        throw new ReportInputException("--fail-on-regression takes a threshold in percent from 0 to 100 such as 5% (got '"
                + text + "')");
    }

    /** The same run twice (one results.json, or a copy of it): its id and start time. */
    private static boolean sameRun(RunResult a, RunResult b) {
        return a.runId() != null && a.runId().equals(b.runId()) && java.util.Objects.equals(a.startedAt(), b.startedAt());
    }
}
