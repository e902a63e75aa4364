package dev.fluxlab.cli;

import dev.fluxlab.history.HistoryException;
import dev.fluxlab.history.HistoryIndex;
import dev.fluxlab.history.IndexedRun;
import dev.fluxlab.model.results.ResultsFile;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.SteadyState;
import dev.fluxlab.model.run.SteadyStateBound;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The warm-up bound a suite's targets need by the history of the results folder: for each local target process the
 * suite starts, its time to steady state in earlier runs ({@link SteadyStateBound}, read from the results.json of the
 * runs the history index lists), and a warning when {@code warmup_max} is below it. Said by {@code --dry-run} and at
 * the start of a run; the bound itself stays the suite's (why: {@link SteadyStateBound}). No index, an unreadable one
 * or unreadable runs: nothing is said.
 */
final class HistoryBounds {

    /** The most recent runs read (each a results.json): enough for {@link SteadyStateBound#RECENT_RUNS} per target. */
    static final int MAX_RUNS_READ = 30;

    private HistoryBounds() {
    }

    /**
     * The warnings for {@code suite} from the history index of results base {@code base}; {@code trained} says whether
     * a process of a cell starts from its AOT cache here.
     */
    static List<String> warnings(Suite suite, Path base, Predicate<Cell.CellProcess> trained) {
        if (!suite.autoWarmup() || base == null || !Files.isRegularFile(HistoryIndex.file(base))) {
            return List.of();
        }
        Map<String, Boolean> processes = new LinkedHashMap<>();
        for (Cell c : suite.cells()) {
            for (Cell.CellProcess p : c.processes()) {
                if (p.host() == null) {
                    processes.putIfAbsent(p.name(), trained.test(p));
                }
            }
        }
        List<List<SteadyState>> runs = recentRuns(base);
        List<String> out = new ArrayList<>();
        processes.forEach((name, isTrained) -> SteadyStateBound.of(name, isTrained, runs)
                .flatMap(b -> b.warning(suite.warmupMax())).ifPresent(out::add));
        return out;
    }

    /** The steady-state rows of the index's most recent runs, most recent first. */
    static List<List<SteadyState>> recentRuns(Path base) {
        List<IndexedRun> indexed = new ArrayList<>();
        try (HistoryIndex index = HistoryIndex.open(HistoryIndex.file(base))) {
            for (String s : index.suites()) {
                indexed.addAll(index.runs(s));
            }
        } catch (HistoryException e) {
            return List.of();
        }
        indexed.sort(Comparator.comparing((IndexedRun r) -> r.startedAt() == null ? "" : r.startedAt())
                .thenComparing(IndexedRun::runId).reversed());
        List<List<SteadyState>> out = new ArrayList<>();
        for (IndexedRun r : indexed.subList(0, Math.min(MAX_RUNS_READ, indexed.size()))) {
            if (r.dir() == null) {
                continue;
            }
            try {
                RunResult run = ResultsFile.read(Path.of(r.dir()).resolve(ResultsFile.NAME));
                List<SteadyState> rows = new ArrayList<>();
                for (CellResult c : run.cells() == null ? List.<CellResult>of() : run.cells()) {
                    rows.addAll(SteadyState.of(c));
                }
                out.add(rows);
            } catch (IOException | RuntimeException e) {
                // a run folder moved or removed since it was indexed: it says nothing
            }
        }
        return out;
    }
}
