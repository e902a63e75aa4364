package dev.fluxlab.report;

import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.ProcessPlacement;
import dev.fluxlab.model.run.RepeatResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where each process ran and what several injectors measured each, as strings for the Markdown and HTML reports.
 * {@link #placement} lists every process of every cell (first repeat that recorded it): host, CPU list, the
 * {@code availableProcessors} it reported, and {@code -XX:ActiveProcessorCount} when it was given; shown when any
 * process was pinned. {@link #injectors} lists, for cells loaded by several injectors, every repeat's merged figure
 * and each injector's own row (its connections, req/s, latency, errors, cores and when its measured phase started
 * after the first one's).
 *
 * @param header     column titles
 * @param rightAlign per column: numbers are right-aligned
 * @param rows       the rows; empty when there is nothing to show
 */
public record PlacementTables(List<String> header, List<Boolean> rightAlign, List<List<String>> rows) {

    /** Every process's placement, when any process of the run was pinned to CPUs. */
    public static PlacementTables placement(ReportModel model) {
        List<List<String>> rows = new ArrayList<>();
        boolean pinned = false;
        for (CellView c : model.cells()) {
            RepeatResult r = c.cell().repeats() == null ? null : c.cell().repeats().stream()
                    .filter(x -> x.placement() != null).findFirst().orElse(null);
            if (r == null) {
                continue;
            }
            for (ProcessPlacement p : r.placement()) {
                pinned |= p.cpus() != null;
                rows.add(List.of(String.valueOf(c.cell().index()), c.label(), p.process(), p.host(),
                        p.cpus() == null ? "any" : p.cpus(), text(p.availableProcessors()),
                        p.activeProcessorCount() == null ? "-" : "-XX:ActiveProcessorCount=" + p.activeProcessorCount()));
            }
        }
        return new PlacementTables(List.of("#", "cell", "process", "host", "CPUs", "availableProcessors", "JVM option"),
                List.of(true, false, false, false, false, true, false), pinned ? rows : List.of());
    }

    /** Merged and per-injector figures of every repeat of a cell loaded by several injectors. */
    public static PlacementTables injectors(ReportModel model) {
        List<List<String>> rows = new ArrayList<>();
        for (CellView c : model.cells()) {
            for (RepeatResult r : c.cell().repeats() == null ? List.<RepeatResult>of() : c.cell().repeats()) {
                if (r.injectors() == null || r.injectors().isEmpty() || r.load() == null) {
                    continue;
                }
                String cell = c.cell().index() + " " + c.label();
                rows.add(row(cell, r.repeat(), "merged", r.load(), "-"));
                long first = r.injectors().stream().map(LoadResult::measureStartMs).filter(Objects::nonNull)
                        .mapToLong(Long::longValue).min().orElse(0);
                for (int i = 0; i < r.injectors().size(); i++) {
                    LoadResult l = r.injectors().get(i);
                    rows.add(row(cell, r.repeat(), "injector-" + (i + 1), l,
                            l.measureStartMs() == null ? "-" : "+" + (l.measureStartMs() - first)));
                }
            }
        }
        return new PlacementTables(List.of("cell", "repeat", "injector", "connections", "req/s", "p50 ms", "p99 ms",
                "errors", "injector cores", "measure start ms"),
                List.of(false, true, false, true, true, true, true, true, true, true), rows);
    }

    private static List<String> row(String cell, int repeat, String who, LoadResult l, String start) {
        return List.of(cell, String.valueOf(repeat), who, String.valueOf(l.connections()),
                Numbers.integer(l.throughputRps()), Numbers.decimal(l.latencyMs().corrected().p50()),
                Numbers.decimal(l.latencyMs().corrected().p99()), String.valueOf(l.errorCount()),
                Numbers.decimal(l.injectorCpuCores()), start);
    }

    private static String text(Integer n) {
        return n == null ? "-" : String.valueOf(n);
    }
}
