package dev.fluxlab.report;

import dev.fluxlab.model.run.SteadyState;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Each target process's time to steady state, cold or trained (a JDK 25 AOT cache), as results.json recorded it
 * ({@link SteadyState}): one row per repeat whose target JVMs were started for it, for summary.md and report.html.
 * Repeats on JVMs kept warm from an earlier cell have no row (their warm-up says nothing of a fresh JVM).
 */
final class SteadyStateTable {

    private SteadyStateTable() {
    }

    /** The rows of every cell; empty when no repeat started its targets (or none was recorded). */
    static PlacementTables of(ReportModel model) {
        List<List<String>> rows = new ArrayList<>();
        for (CellView c : model.cells()) {
            for (SteadyState s : SteadyState.of(c.cell())) {
                rows.add(List.of(String.valueOf(c.cell().index()), Objects.toString(c.label(), "-"),
                        String.valueOf(s.repeat()), Objects.toString(s.process(), "-"), s.start(), String.format(Locale.ROOT, "%.1f", s.seconds()), warmup(s.settled()),
                        jit(s.compiling()), s.aotCache() == null ? "-" : s.aotCache()));
            }
        }
        return new PlacementTables(List.of("#", "cell", "repeat", "process", "start", "to steady state s", "warm-up",
                "JIT at its end", "AOT cache"), List.of(true, false, true, false, false, true, false, false, false),
                rows);
    }

    private static String warmup(Boolean settled) {
        return settled == null ? "fixed" : settled ? "settled" : "not settled (bound)";
    }

    private static String jit(Boolean compiling) {
        return compiling == null ? "not read" : compiling ? "still compiling" : "quiet";
    }
}
