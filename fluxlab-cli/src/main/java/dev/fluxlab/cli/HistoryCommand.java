package dev.fluxlab.cli;

import dev.fluxlab.options.OptionValues;

import dev.fluxlab.history.ChangePoints;
import dev.fluxlab.history.HistoryException;
import dev.fluxlab.history.HistoryIndex;
import dev.fluxlab.history.FigureTrend;
import dev.fluxlab.history.TrendHtml;
import dev.fluxlab.history.TrendText;
import dev.fluxlab.report.ResultsFiles;
import dev.fluxlab.runner.registry.TargetRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@code fluxlab history [SUITE]}: a figure of a suite over its runs, per cell, with change points and environment
 * differences, from the local index ({@link HistoryIndex}); {@code --html} writes the offline trend chart,
 * {@code --rebuild} recreates the index from the results folders.
 */
@Command(name = "history", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Prints a figure of a suite over its runs, one row per run (oldest first) per cell, with the change "
                + "points found in it and what changed in the environment since the row above; optionally an offline HTML "
                + "trend chart.",
                "Every finished 'fluxlab run' is indexed in <results base>/" + HistoryIndex.FILE_NAME + " (default: "
                        + "$FLUXLAB_HOME/results/" + HistoryIndex.FILE_NAME + "; the results base of a run is the folder "
                        + "that holds its run folder). The index is only an index: results.json stays the record, "
                        + "and --rebuild recreates it from the run folders."},
        footerHeading = "%n",
        footer = {ChangePoints.METHOD, "A run's noise floor: the range of its repeats (the fixed default for a single "
                + "repeat), at least the worst A/A disagreement it recorded. One outlying run is never a change point."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:history printed (or index rebuilt)", "1:the --html file or the index could not be written",
                "2:bad input (no or unreadable index, unknown suite, figure or cell)"})
final class HistoryCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "SUITE", description = "suite name (default: the suite of the most recent run)")
    String suite;

    @Option(names = "--cell", paramLabel = "GLOB", description = "only cells whose id or label matches (* and ?), e.g. '*h2c*epoll*'")
    String cell;

    @Option(names = "--figure", paramLabel = "NAME", description = "the figure, named as in a suite's table value: "
            + "throughput_rps (default), latency_p99_ms (or p99), latency_p50_ms, ...")
    String figure;

    @Option(names = "--html", paramLabel = "FILE", description = "also write the trend as a self-contained HTML chart (works offline)")
    Path html;

    @Option(names = "--results", paramLabel = "DIR", description = "the results base whose index to read (default: $FLUXLAB_HOME/results)")
    Path results;

    @Option(names = "--rebuild", arity = "0..1", paramLabel = "DIR", fallbackValue = RebuildDir.BASE,
            converter = RebuildDir.class,
            description = "recreate DIR/" + HistoryIndex.FILE_NAME + " from every DIR/<run>/results.json (default DIR: the "
                    + "results base) and exit")
    Path rebuild;

    /**
     * {@code --rebuild}'s folder, the results base when none is given: the fallback is a word no command line can hold
     * (an argument cannot contain a NUL), so an empty one is refused as every empty path is.
     */
    static final class RebuildDir implements CommandLine.ITypeConverter<Path> {
        static final String BASE = "\0";

        @Override
        public Path convert(String value) {
            return BASE.equals(value) ? null : OptionValues.path(value);
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (figure != null && figure.isBlank()) {
            // read as the default figure, an empty value looked answered with throughput
            err.println("fluxlab history: --figure needs a figure name (got an empty one), e.g. throughput_rps or p99");
            err.flush();
            return 2;
        }
        if (cell != null && cell.isBlank()) {
            err.println("fluxlab history: --cell needs a glob (got an empty one), e.g. '*h2c*epoll*'");
            err.flush();
            return 2;
        }
        Path base = results != null ? results : defaultBase();
        CommandLine.ParseResult given = spec.commandLine().getParseResult();
        if (given != null && given.hasMatchedOption("--rebuild")) {
            return rebuild(rebuild == null ? base : rebuild, out, err);
        }
        try {
            OutputFile.checkNotInput("--html", html, "the history index", HistoryIndex.file(base));
            OutputFile.checkNotRunFile("--html", html);
            if (html != null) {
                OutputFile.checkWritable("--html", html);
            }
        } catch (IllegalArgumentException e) {
            err.println("fluxlab history: " + e.getMessage());
            err.flush();
            return 2;
        }
        try {
            FigureTrend t;
            try (HistoryIndex index = HistoryIndex.open(HistoryIndex.file(base))) {
                t = FigureTrend.of(index, suite, figure, cell);
            }
            TrendText.lines(t).forEach(out::println);
            if (html != null && !OutputFile.write(html, TrendHtml.render(t), "fluxlab history", "--html", out, err)) {
                return 1;
            }
            out.flush();
            return 0;
        } catch (HistoryException e) {
            out.flush();
            return fail(err, e);
        }
    }

    private static int rebuild(Path dir, PrintWriter out, PrintWriter err) {
        if (Files.isDirectory(dir) && !Files.exists(HistoryIndex.file(dir)) && !holdsRuns(dir)) {
            err.println("fluxlab history: " + dir + " holds no run folders (<run>/" + ResultsFiles.RESULTS_JSON
                    + ") and no index, so nothing was written; give the results base that holds the runs, e.g. results");
            err.flush();
            return 2;
        }
        try {
            HistoryIndex.Rebuilt r = HistoryIndex.rebuild(dir);
            r.skipped().forEach(s -> out.println("skipped: " + s));
            out.println("indexed " + r.runs() + (r.runs() == 1 ? " run" : " runs") + " in " + r.file());
            out.flush();
            return 0;
        } catch (HistoryException e) {
            out.flush();
            fail(err, e);
            return Files.isDirectory(dir) ? 1 : 2;   // an existing folder that cannot be written, or no folder at all
        }
    }

    /** Whether some folder in {@code dir} holds a results.json: only a results base gets an index written into it. */
    private static boolean holdsRuns(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(d -> Files.isRegularFile(d.resolve(ResultsFiles.RESULTS_JSON)));
        } catch (IOException e) {
            return true; // the rebuild reports why the folder cannot be listed
        }
    }

    private static int fail(PrintWriter err, HistoryException e) {
        err.println("fluxlab history: " + e.getMessage());
        err.flush();
        return 2;
    }

    static Path defaultBase() {
        return TargetRegistry.home().resolve("results");
    }

    /**
     * Adds a finished run to the history index of its results base: fluxlab's own results folder, or a folder that
     * already holds an index (made by {@code --rebuild}); a run elsewhere ({@code --out}) is not indexed, as writing
     * beside it would be writing outside its results folder, and the line printed says how to index it. A failure is
     * reported and never fails the run (the index can be rebuilt from the results folders at any time).
     */
    static void recordRun(Path runDir, PrintWriter out) {
        if (!Files.isRegularFile(runDir.resolve(ResultsFiles.RESULTS_JSON))) {
            return;
        }
        Path base = runDir.toAbsolutePath().normalize().getParent();
        if (base == null) {
            return;
        }
        if (!base.equals(defaultBase().toAbsolutePath().normalize()) && !Files.exists(HistoryIndex.file(base))) {
            // a run put elsewhere with --out: its folder is all it may write; the index beside it is the user's choice
            out.println("fluxlab run: not added to a history index (" + base + " has none, and a run writes only its "
                    + "own folder); 'fluxlab history --rebuild " + base + "' indexes the runs kept there");
            out.flush();
            return;
        }
        try {
            HistoryIndex.record(runDir);
        } catch (HistoryException e) {
            out.println("fluxlab run: the run was not added to the history index: " + e.getMessage());
        }
        out.flush();
    }
}
