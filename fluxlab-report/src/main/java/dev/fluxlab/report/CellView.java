package dev.fluxlab.report;

import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.FigureValue;
import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.Stat;
import dev.fluxlab.model.run.Summaries;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * The figures of one cell as every report shows them, taken from its {@link CellSummary} when the runner wrote one
 * and recomputed from the repeats otherwise (e.g. an interrupted run). Null-safe: a missing figure is a
 * {@link Stat} with n = 0.
 *
 * @param cell        the cell as stored
 * @param label       the values of the knobs that vary in the run, e.g. {@code h2c / epoll / 64}
 * @param throughput  verified responses per second
 * @param latencyMs   corrected latency by percentile name ({@code p50}, {@code p99}, {@code p999}...)
 * @param errors      errors per repeat
 * @param cpuPerRequestUs by process name
 * @param cpuCores    by process name
 * @param injectorCores cores the injector used (its own measurement)
 * @param warmupS     warm-up length
 */
public record CellView(
        CellResult cell,
        String label,
        Stat throughput,
        Map<String, Stat> latencyMs,
        Stat errors,
        Map<String, Stat> cpuPerRequestUs,
        Map<String, Stat> cpuCores,
        Stat injectorCores,
        Stat warmupS) {

    static final Stat NONE = Stat.of(List.of());

    static CellView of(CellResult cell, List<String> varyingKnobs) {
        CellSummary stored = cell.summary();
        CellSummary computed = Summaries.of(cell.repeats());
        Map<String, Stat> latency = new LinkedHashMap<>(pick(stored, computed, CellSummary::latencyMs, Map.of()));
        Stat injector = Stat.of(Summaries.used(cell.repeats()).stream().map(RepeatResult::load).filter(Objects::nonNull)
                .map(LoadResult::injectorCpuCores).toList());
        return new CellView(cell, label(cell, varyingKnobs), pick(stored, computed, CellSummary::throughputRps, NONE),
                latency, pick(stored, computed, CellSummary::errors, NONE),
                pick(stored, computed, CellSummary::cpuPerRequestUs, Map.of()),
                pick(stored, computed, CellSummary::cpuCores, Map.of()), injector,
                pick(stored, computed, CellSummary::warmupS, NONE));
    }

    /** A figure as the runner stored it, else as recomputed from the repeats (e.g. an interrupted run), else none. */
    private static <T> T pick(CellSummary stored, CellSummary computed, Function<CellSummary, T> figure, T none) {
        T v = stored == null ? null : figure.apply(stored);
        if (v == null) {
            v = figure.apply(computed);
        }
        return v == null ? none : v;
    }

    /** The repeat whose throughput is closest to the cell's median: the one timelines are drawn from. */
    public RepeatResult representativeRepeat() {
        List<RepeatResult> used = Summaries.used(cell.repeats());
        double median = throughput.median();
        return used.stream()
                .filter(r -> r.load() != null)
                .min(Comparator.comparingDouble(r -> Math.abs(r.load().throughputRps() - median)))
                .orElse(used.isEmpty() ? null : used.get(0));
    }

    public String id() {
        return cell.id() != null ? cell.id() : Knobs.key(cell.knobs());
    }

    public boolean valid() {
        return cell.valid();
    }

    public List<String> reasons() {
        return cell.reasons() == null ? List.of() : cell.reasons();
    }

    /** Log findings of the cell, or those of its repeats when the runner did not merge them. */
    public List<LogFinding> findings() {
        return FigureValue.findings(cell);
    }

    public boolean flagged() {
        return !findings().isEmpty();
    }

    /** {@code valid}, {@code valid, N warning(s)} or {@code INVALID}; notes ({@link CellResult#NOTE}) are no warnings. */
    public String verdict() {
        if (!valid()) {
            return "INVALID";
        }
        long warnings = reasons().stream().filter(r -> !CellResult.isNote(r)).count();
        return warnings == 0 ? "valid" : "valid, " + warnings + (warnings == 1 ? " warning" : " warnings");
    }

    public Stat latency(String percentile) {
        Stat s = latencyMs.get(percentile);
        return s == null ? NONE : s;
    }

    /** Names of the processes that ran as injectors in this cell. */
    public Set<String> injectorNames() {
        return FigureValue.injectorNames(cell);
    }

    private static String label(CellResult cell, List<String> varyingKnobs) {
        Map<String, String> knobs = cell.knobs() == null ? Map.of() : cell.knobs();
        List<String> parts = new ArrayList<>();
        for (String k : varyingKnobs) {
            String v = knobs.get(k);
            if (v != null) {
                parts.add(v);
            }
        }
        if (parts.isEmpty()) {
            return cell.id() != null ? cell.id() : "#" + cell.index();
        }
        return String.join(" / ", parts);
    }
}
