package dev.fluxlab.report;

import dev.fluxlab.model.contract.ThreadsSeen;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RepeatResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Seed 003's evidence, which threads ran what: for every set of target processes (the cells that share their target
 * knobs, e.g. one fan-out strategy at several user counts) and every strategy its stats document reports
 * ({@link ThreadsSeen}), one row per role (the thread a request arrived on, the thread each component was handled
 * on) with the share of each thread-name pattern. The counts are the process's since its priming, so the row reads
 * the last cell of its set, whose snapshot under {@code fork: shared} also covers the earlier ones. Cells whose
 * targets report no such evidence add nothing.
 */
final class ThreadsSeenTable {

    /** The text above the table in both reports. */
    static final String HINT = "Which threads ran each request (the thread it arrived on) and each fan-out component "
            + "(the thread that handled it, its onNext), by thread-name pattern, as the target counted them on its "
            + "stats path after the measured phase: counts since its priming, warm-up and the earlier cells of the "
            + "same processes included; read from the last cell of each set.";
    private static final String SCENARIO = "scenario";

    private ThreadsSeenTable() {
    }

    /** The rows; empty when no cell recorded threads seen. */
    static PlacementTables of(ReportModel model) {
        Map<Map<String, String>, CellResult> last = new LinkedHashMap<>();
        for (CellView v : model.cells()) {
            CellResult c = v.cell();
            if (lastWithEvidence(c) != null) {
                last.put(processKnobs(c), c);
            }
        }
        List<String> varying = varying(new ArrayList<>(last.keySet()));
        List<List<String>> rows = new ArrayList<>();
        last.forEach((knobs, cell) -> {
            RepeatResult r = lastWithEvidence(cell);
            String set = label(knobs, varying);
            r.targetStats().forEach((process, doc) -> ThreadsSeen.from(doc).ifPresent(seen -> {
                for (String strategy : seen.strategies()) {
                    for (String role : ThreadsSeen.ROLES) {
                        Map<String, Long> counts = seen.of(strategy, role);
                        if (!counts.isEmpty()) {
                            rows.add(List.of(set, "#" + cell.index(), process, strategy, role, shares(counts)));
                        }
                    }
                }
            }));
        });
        return new PlacementTables(List.of("processes", "cell", "process", "strategy", "role", "threads seen"),
                List.of(false, true, false, false, false, false), rows);
    }

    /** {@code parallel-* 66.7 % (200); reactor-http-epoll-* 33.3 % (100)}: the largest share first. */
    static String shares(Map<String, Long> counts) {
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        List<Map.Entry<String, Long>> sorted = new ArrayList<>(counts.entrySet());
        sorted.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, Long> e : sorted) {
            parts.add(String.format(Locale.ROOT, "%s %.1f %% (%,d)", e.getKey(),
                    total == 0 ? 0.0 : 100.0 * e.getValue() / total, e.getValue()));
        }
        return String.join("; ", parts);
    }

    private static RepeatResult lastWithEvidence(CellResult cell) {
        RepeatResult found = null;
        if (cell.repeats() != null) {
            for (RepeatResult r : cell.repeats()) {
                if (r != null && r.targetStats() != null
                        && r.targetStats().values().stream().anyMatch(d -> ThreadsSeen.from(d).isPresent())) {
                    found = r;
                }
            }
        }
        return found;
    }

    /** The target and its processes' knobs: a cell's knobs before {@code scenario} (the load's come after it). */
    private static Map<String, String> processKnobs(CellResult c) {
        Map<String, String> out = new LinkedHashMap<>();
        if (c.knobs() != null) {
            for (Map.Entry<String, String> e : c.knobs().entrySet()) {
                if (SCENARIO.equals(e.getKey())) {
                    break;
                }
                out.put(e.getKey(), e.getValue());
            }
        }
        return out;
    }

    private static List<String> varying(List<Map<String, String>> sets) {
        List<String> out = new ArrayList<>();
        for (Map<String, String> s : sets) {
            for (String k : s.keySet()) {
                if (!out.contains(k) && sets.stream().map(o -> o.get(k)).distinct().count() > 1) {
                    out.add(k);
                }
            }
        }
        return out;
    }

    private static String label(Map<String, String> knobs, List<String> varying) {
        List<String> parts = new ArrayList<>();
        parts.add(String.valueOf(knobs.getOrDefault("target", "-")));
        for (String k : varying) {
            if (!k.equals("target") && knobs.containsKey(k)) {
                parts.add(k + "=" + knobs.get(k));
            }
        }
        return String.join(" ", parts);
    }
}
