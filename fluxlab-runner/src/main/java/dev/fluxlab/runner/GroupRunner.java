package dev.fluxlab.runner;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.observe.LogScanner;
import dev.fluxlab.runner.registry.TargetRegistry;
import dev.fluxlab.model.run.Summaries;
import dev.fluxlab.runner.verdict.Verdict;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Runs the repeats of a group of cells ({@link RepeatGroups}) in their order and turns each cell's repeats into its
 * result: summary across repeats, verdict, merged log findings, library versions, theory column.
 */
final class GroupRunner {

    private final TargetRegistry registry;
    private final RepeatRunner repeats;
    private final RunListener listener;
    private final BooleanSupplier interrupted;
    private final Runnable markInterrupted;

    GroupRunner(TargetRegistry registry, RepeatRunner repeats, RunListener listener, BooleanSupplier interrupted,
                Runnable markInterrupted) {
        this.registry = registry;
        this.repeats = repeats;
        this.listener = listener;
        this.interrupted = interrupted;
        this.markInterrupted = markInterrupted;
    }

    /** Runs every repeat of a group's cells; null when the run was interrupted meanwhile. */
    List<CellResult> run(Suite suite, List<Cell> group, Path runDir, int firstPosition, int total) throws IOException {
        Map<Cell, List<RepeatResult>> results = new LinkedHashMap<>();
        Map<Cell, Path> dirs = new LinkedHashMap<>();
        for (Cell cell : group) {
            Path cellDir = runDir.resolve("cells").resolve(RepeatGroups.cellDirName(cell));
            Files.createDirectories(cellDir);
            dirs.put(cell, cellDir);
            results.put(cell, new ArrayList<>());
        }
        for (int r = 1; r <= suite.repeats(); r++) {
            for (Cell cell : RepeatGroups.order(group, r)) {
                RunListener.Position pos = new RunListener.Position(firstPosition + group.indexOf(cell), total, r, suite.repeats());
                listener.cellStarted(cell, pos);
                RepeatResult rr;
                try {
                    rr = repeats.run(suite, cell, r, runDir, dirs.get(cell), pos);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    markInterrupted.run();
                    return null;
                } catch (IOException | RuntimeException e) {
                    if (interrupted.getAsBoolean()) {
                        return null;
                    }
                    rr = new RepeatResult(r, Instant.now().toString(), null, List.of(), List.of(), false,
                            List.of("the runner failed on this repeat: " + e), null, null, null, null, null, null, null);
                }
                if (interrupted.getAsBoolean()) {
                    return null;
                }
                results.get(cell).add(rr);
            }
        }
        List<CellResult> out = new ArrayList<>();
        for (Cell cell : group) {
            out.add(cellResult(cell, results.get(cell), runDir.relativize(dirs.get(cell))));
        }
        return out;
    }

    private CellResult cellResult(Cell cell, List<RepeatResult> repeats, Path cellDir) {
        CellSummary summary = Summaries.of(repeats);
        Verdict.Outcome v = Verdict.cell(repeats, summary.throughputRps() == null ? 0 : summary.throughputRps().relativeSpread());
        List<LogFinding> findings = LogScanner.merge(repeats.stream().flatMap(x -> x.findings().stream()).toList());
        String cp = registry.target(cell.entryProcess().target()).map(registry::classpath).orElse(null);
        return new CellResult(cell.id(), cell.index(), cell.knobs(), EnvironmentProbe.versions(cp), repeats, summary,
                v.valid(), v.reasons(), findings, cellDir.toString(),
                TheoryColumn.of(cell, repeats, summary));
    }
}
