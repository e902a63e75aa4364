package dev.fluxlab.report;

import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.Stat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
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
        CellSummary s = cell.summary();
        List<RepeatResult> used = usedRepeats(cell);
        Stat throughput = s != null && s.throughputRps() != null ? s.throughputRps()
                : stat(used, r -> r.load() == null ? null : r.load().throughputRps());
        Map<String, Stat> latency = new LinkedHashMap<>();
        if (s != null && s.latencyMs() != null) {
            latency.putAll(s.latencyMs());
        } else {
            latency.put("p50", stat(used, r -> lat(r, "p50")));
            latency.put("p99", stat(used, r -> lat(r, "p99")));
            latency.put("p999", stat(used, r -> lat(r, "p999")));
        }
        Stat errors = s != null && s.errors() != null ? s.errors()
                : stat(used, r -> r.load() == null ? null : r.load().errorCount());
        Map<String, Stat> cpuPerReq = s != null && s.cpuPerRequestUs() != null ? s.cpuPerRequestUs()
                : perProcess(used, ProcessStats::cpuPerRequestUs);
        Map<String, Stat> cpuCores = s != null && s.cpuCores() != null ? s.cpuCores()
                : perProcess(used, ProcessStats::cpuCores);
        Stat injector = stat(used, r -> r.load() == null ? null : r.load().injectorCpuCores());
        Stat warmup = s != null && s.warmupS() != null ? s.warmupS()
                : stat(used, r -> r.load() == null ? null : r.load().warmupS());
        return new CellView(cell, label(cell, varyingKnobs), nz(throughput), latency, nz(errors),
                cpuPerReq, cpuCores, injector, nz(warmup));
    }

    /** The repeats the summary is made of: the valid ones, or all when none is valid. */
    static List<RepeatResult> usedRepeats(CellResult cell) {
        List<RepeatResult> all = cell.repeats() == null ? List.of() : cell.repeats();
        List<RepeatResult> valid = all.stream().filter(RepeatResult::valid).toList();
        return valid.isEmpty() ? all : valid;
    }

    /** The repeat whose throughput is closest to the cell's median: the one timelines are drawn from. */
    public RepeatResult representativeRepeat() {
        List<RepeatResult> used = usedRepeats(cell);
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
        if (cell.findings() != null && !cell.findings().isEmpty()) {
            return cell.findings();
        }
        List<LogFinding> out = new ArrayList<>();
        if (cell.repeats() != null) {
            for (RepeatResult r : cell.repeats()) {
                if (r.findings() != null) {
                    out.addAll(r.findings());
                }
            }
        }
        return out;
    }

    public boolean flagged() {
        return !findings().isEmpty();
    }

    /** {@code valid}, {@code valid, N warning(s)} or {@code INVALID}. */
    public String verdict() {
        if (!valid()) {
            return "INVALID";
        }
        return reasons().isEmpty() ? "valid" : "valid, " + reasons().size() + (reasons().size() == 1 ? " warning" : " warnings");
    }

    public Stat latency(String percentile) {
        Stat s = latencyMs.get(percentile);
        return s == null ? NONE : s;
    }

    /** Names of the processes that ran as injectors in this cell. */
    public Set<String> injectorNames() {
        Set<String> names = new LinkedHashSet<>();
        if (cell.repeats() != null) {
            for (RepeatResult r : cell.repeats()) {
                if (r.processes() != null) {
                    for (ProcessStats p : r.processes()) {
                        if ("injector".equals(p.role())) {
                            names.add(p.name());
                        }
                    }
                }
            }
        }
        return names;
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

    private static Double lat(RepeatResult r, String p) {
        LoadResult l = r.load();
        if (l == null || l.latencyMs() == null || l.latencyMs().corrected() == null) {
            return null;
        }
        var c = l.latencyMs().corrected();
        return switch (p) {
            case "p50" -> c.p50();
            case "p99" -> c.p99();
            case "p999" -> c.p999();
            default -> null;
        };
    }

    private static Stat stat(List<RepeatResult> repeats, Function<RepeatResult, Number> f) {
        return Stat.of(repeats.stream().map(f).filter(Objects::nonNull).toList());
    }

    private static Map<String, Stat> perProcess(List<RepeatResult> repeats, Function<ProcessStats, Double> f) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (RepeatResult r : repeats) {
            if (r.processes() != null) {
                for (ProcessStats p : r.processes()) {
                    values.computeIfAbsent(p.name(), k -> new ArrayList<>()).add(f.apply(p));
                }
            }
        }
        Map<String, Stat> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, Stat.of(v)));
        return out;
    }

    private static Stat nz(Stat s) {
        return s == null ? NONE : s;
    }
}
