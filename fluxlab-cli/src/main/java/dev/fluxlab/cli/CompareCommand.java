package dev.fluxlab.cli;

import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.report.CompareReport;
import dev.fluxlab.report.Comparison;
import dev.fluxlab.report.ReportInputException;
import dev.fluxlab.report.ResultsFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code fluxlab compare A B}: two results folders side by side, cell by cell, with a verdict that accounts for the
 * measured spread (see {@link Comparison}). A comparison is not a failure: exit 0 whatever the verdicts; 2 for bad input.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare two results folders cell by cell: req/s of A and B with their spread, B/A, a verdict "
                + "(better / worse / within noise) and the p99 ratio.",
                "Cells are matched by their id (their knob values); cells in only one run are listed."},
        footerHeading = "%n",
        footer = {"Verdict: 'within noise' when |B/A - 1| <= relative half range of A + that of B (at least 3%% when a side has "
                + "a single repeat, whose noise is unknown) or when both have repeats and their min-max ranges overlap; else 'better' "
                + "(B has more throughput) or 'worse'."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:comparison printed (whatever the verdicts)", "1:the --md file could not be written", "2:bad input"})
final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "the baseline: a results folder or its results.json")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "the candidate: a results folder or its results.json")
    Path b;

    @Option(names = "--md", paramLabel = "FILE", description = "also write the comparison as Markdown to FILE")
    Path markdown;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunResult runA;
        RunResult runB;
        try {
            runA = ResultsFiles.load(a);
            runB = ResultsFiles.load(b);
        } catch (ReportInputException e) {
            err.println("fluxlab compare: " + e.getMessage());
            err.flush();
            return 2;
        }
        Comparison c = Comparison.of(runA, runB);
        CompareReport.lines(c).forEach(out::println);
        if (markdown != null) {
            try {
                Path parent = markdown.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Files.writeString(markdown, CompareReport.markdown(c), StandardCharsets.UTF_8);
                out.println("wrote " + markdown);
            } catch (IOException e) {
                out.flush();
                err.println("fluxlab compare: cannot write " + markdown + ": " + e.getMessage() + "; choose a writable --md path");
                err.flush();
                return 1;
            }
        }
        out.flush();
        return 0;
    }
}
