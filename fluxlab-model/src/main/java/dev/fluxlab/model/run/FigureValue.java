package dev.fluxlab.model.run;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import dev.fluxlab.model.load.LoadResult;

/**
 * How a (non-ratio) {@link FigureName} is read from a cell of results.json: the one rule the report's tables and the
 * judging of claims share, each figure's reading declared in {@link FigureKind}'s table from the kinds here. A figure comes from the cell's stored summary, else from its repeats ({@link Summaries},
 * e.g. an interrupted run); a per-process figure without a process name is that of the first process that is not an
 * injector; {@code log_findings} counts the findings of every process and repeat. A figure the cell lacks is a
 * {@link Stat} with {@code n = 0}, never null.
 */
public final class FigureValue {

    /** No figure. */
    public static final Stat NONE = Stat.of(List.of());

    private FigureValue() {
    }

    /** The figure {@code name} of {@code cell}; {@link #NONE} when the cell lacks it or {@code name} is a ratio. */
    public static Stat of(FigureName name, CellResult cell) {
        if (name == null || name.isRatio() || cell == null) {
            return NONE;
        }
        return name.kind().read(cell, name);
    }

    /** The reading of a figure with one value per cell in its summary. */
    static FigureKind.Reading summary(Function<CellSummary, Stat> figure) {
        return (cell, name) -> stat(cell, figure);
    }

    /** The reading of a figure with one value per percentile in its summary ({@link FigureName#percentile()}). */
    static FigureKind.Reading percentile(Function<CellSummary, Map<String, Stat>> figure) {
        return (cell, name) -> {
            Map<String, Stat> byPercentile = pick(cell, figure);
            return orNone(byPercentile == null ? null : byPercentile.get(name.percentile()));
        };
    }

    /** The reading of a figure with one value per process in its summary ({@link FigureName#process()}). */
    static FigureKind.Reading perProcess(Function<CellSummary, Map<String, Stat>> figure) {
        return (cell, name) -> perProcess(cell, pick(cell, figure), name.process());
    }

    /**
     * The reading of a figure of the load document that the summary does not keep: over the {@link Summaries#used used}
     * repeats' documents.
     */
    static FigureKind.Reading load(java.util.function.ToDoubleFunction<LoadResult> figure) {
        return (cell, name) -> Stat.of(Summaries.used(cell.repeats()).stream().map(RepeatResult::load)
                .filter(l -> l != null).map(l -> figure.applyAsDouble(l)).filter(v -> !Double.isNaN(v)).toList());
    }

    /**
     * The reading of a per-process figure the summary does not keep, over the {@link Summaries#used used} repeats'
     * process records ({@code figure} null where a process lacks it): the named process's, else the first process that
     * is not an injector.
     */
    static FigureKind.Reading processes(Function<ProcessStats, Double> figure) {
        return (cell, name) -> {
            Map<String, List<Double>> byProcess = new java.util.LinkedHashMap<>();
            for (RepeatResult r : Summaries.used(cell.repeats())) {
                for (ProcessStats p : r.processes() == null ? List.<ProcessStats>of() : r.processes()) {
                    Double v = figure.apply(p);
                    if (v != null && !v.isNaN()) {
                        byProcess.computeIfAbsent(p.name(), k -> new ArrayList<>()).add(v);
                    }
                }
            }
            Map<String, Stat> stats = new java.util.LinkedHashMap<>();
            byProcess.forEach((k, v) -> stats.put(k, Stat.of(v)));
            return perProcess(cell, stats, name.process());
        };
    }

    /** {@code log_findings}: the findings of every process and repeat, counted. */
    static Stat logFindings(CellResult cell, FigureName name) {
        double n = findings(cell).stream().mapToLong(LogFinding::count).sum();
        return new Stat(n, n, n, n, 0, 1);
    }

    /**
     * {@code jit_ms}: by process, the JIT compile milliseconds its JVM spent in each repeat's measured phase, as the
     * repeat's load document watched it (matched by PID); a process without such evidence has no value.
     */
    static Stat jitMs(CellResult cell, FigureName name) {
        Map<String, List<Double>> byProcess = new java.util.LinkedHashMap<>();
        if (cell.repeats() != null) {
            for (RepeatResult r : cell.repeats()) {
                if (r.processes() == null || r.load() == null || r.load().watchedJvms() == null) {
                    continue;
                }
                for (ProcessStats p : r.processes()) {
                    r.load().watchedJvms().stream()
                            .filter(w -> w.pid() == p.pid() && w.measured() != null).findFirst()
                            .ifPresent(w -> byProcess.computeIfAbsent(p.name(), k -> new ArrayList<>())
                                    .add(w.measured().compileMs()));
                }
            }
        }
        Map<String, Stat> stats = new java.util.LinkedHashMap<>();
        byProcess.forEach((k, v) -> stats.put(k, Stat.of(v)));
        return perProcess(cell, stats, name.process());
    }

    /** A figure as the runner stored it, else as recomputed from the repeats (e.g. an interrupted run), else null. */
    public static <T> T pick(CellResult cell, Function<CellSummary, T> figure) {
        T stored = cell.summary() == null ? null : figure.apply(cell.summary());
        return stored != null ? stored : figure.apply(Summaries.of(cell.repeats()));
    }

    private static Stat stat(CellResult cell, Function<CellSummary, Stat> figure) {
        return orNone(pick(cell, figure));
    }

    private static Stat orNone(Stat s) {
        return s == null ? NONE : s;
    }

    /** The named process's figure; without a name, that of the first non-injector process in the document's order. */
    private static Stat perProcess(CellResult cell, Map<String, Stat> byProcess, String process) {
        if (byProcess == null || byProcess.isEmpty()) {
            return NONE;
        }
        if (process != null) {
            return byProcess.getOrDefault(process, NONE);
        }
        Set<String> injectors = injectorNames(cell);
        return byProcess.entrySet().stream().filter(e -> !injectors.contains(e.getKey())).map(Map.Entry::getValue)
                .findFirst().orElse(NONE);
    }

    /** Names of the processes that ran as injectors in {@code cell}. */
    public static Set<String> injectorNames(CellResult cell) {
        Set<String> names = new LinkedHashSet<>();
        if (cell.repeats() != null) {
            for (RepeatResult r : cell.repeats()) {
                if (r.processes() != null) {
                    for (ProcessStats p : r.processes()) {
                        if (ProcessStats.INJECTOR.equals(p.role())) {
                            names.add(p.name());
                        }
                    }
                }
            }
        }
        return names;
    }

    /** Log findings of the cell, or those of its repeats when the runner did not merge them. */
    public static List<LogFinding> findings(CellResult cell) {
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
}
