package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.Stat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Holds each cell's target CPU per request against the same target's sibling cells in the run. A JVM that landed in a
 * slow state (still compiling, deoptimising, or a bad code layout) serves fewer requests for the same CPU: on this
 * machine one such h2c cell needed 194 µs of CPU per request where the same target needed 12-20 µs in its 15 siblings,
 * and its throughput (9.2k req/s against 78k) looked like a plain, valid figure. Cells legitimately differ (protocol,
 * body size, pipelining), but not by several times in the expensive direction, so a cell above {@link #FACTOR} times
 * the median of its siblings gets a warning naming both figures.
 */
public final class Plausibility {

    /** How many times the siblings' median CPU per request a cell may need before it is flagged. */
    public static final double FACTOR = 4.0;
    /** Fewest sibling cells (same process name) for a median worth comparing against. */
    public static final int MIN_SIBLINGS = 2;
    static final String MARK = "implausible CPU per request";

    private Plausibility() {
    }

    /** The cells, each flagged where one of its target processes is implausibly expensive against its siblings. */
    public static List<CellResult> flag(List<CellResult> cells) {
        if (cells == null) {
            return null;
        }
        Map<String, Map<CellResult, Double>> byProcess = new LinkedHashMap<>();
        for (CellResult c : cells) {
            costs(c).forEach((process, us) -> byProcess.computeIfAbsent(process, k -> new LinkedHashMap<>()).put(c, us));
        }
        List<CellResult> out = new ArrayList<>();
        for (CellResult c : cells) {
            List<String> added = new ArrayList<>();
            costs(c).forEach((process, us) -> {
                List<Double> siblings = byProcess.get(process).entrySet().stream()
                        .filter(e -> e.getKey() != c).map(Map.Entry::getValue).toList();
                if (siblings.size() < MIN_SIBLINGS) {
                    return;
                }
                double median = Stat.of(siblings).median();
                if (median > 0 && us > FACTOR * median) {
                    added.add(String.format(Locale.ROOT, "%s%s: target %s needed %.1f µs of CPU per request here, "
                                    + "%.1fx the %.1f µs median of its %d sibling cells: a JVM in a slow state "
                                    + "(re-run the cell in fresh JVMs to tell)", Verdict.WARNING, MARK, process, us,
                            us / median, median, siblings.size()));
                }
            });
            out.add(added.isEmpty() || alreadyFlagged(c) ? c : c.withMoreReasons(added));
        }
        return out;
    }

    /** Median CPU per request of each target process of a cell (targets only: the injector is judged elsewhere). */
    static Map<String, Double> costs(CellResult c) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (c.summary() == null || c.summary().cpuPerRequestUs() == null || c.repeats() == null) {
            return out;
        }
        List<String> targets = c.repeats().stream().filter(r -> r.processes() != null)
                .flatMap(r -> r.processes().stream()).filter(p -> ProcessStats.TARGET.equals(p.role()))
                .map(p -> p.name()).distinct().toList();
        for (String t : targets) {
            Stat s = c.summary().cpuPerRequestUs().get(t);
            if (s != null && s.n() > 0 && !Double.isNaN(s.median()) && s.median() > 0) {
                out.put(t, s.median());
            }
        }
        return out;
    }

    private static boolean alreadyFlagged(CellResult c) {
        return c.reasons() != null && c.reasons().stream().anyMatch(r -> r.contains(MARK));
    }
}
