package dev.fluxlab.runner.drive;

import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.runner.process.ChildProcess;

import java.util.List;

/**
 * What one driven load produced.
 *
 * @param load         the load document (null when there is none)
 * @param process      the process that produced the load (null when none started); a target for a self-loading one
 * @param fromTarget   whether {@code process} is one of the targets (a self-loading target), not an injector
 * @param measureStart when its measured phase started, in seconds since the repeat started (NaN when unknown)
 * @param end          when the load process ended or was stopped (NaN when unknown)
 * @param problem      why there is no usable result (null when there is one)
 * @param warnings     notes for the cell that do not invalidate it
 * @param more         with several injectors: every injector after the first ({@code process}), in order
 * @param injectorLoads with several injectors: each one's own document, in order ({@code load} is their merge);
 *                     empty with one
 * @param startSpreadMs with several injectors: how far apart their measured phases started, in milliseconds of the
 *                     runner's clock (each host's clock offset taken out); null otherwise
 * @param startAlignment with several injectors: the spread's bound and the clock offsets it was taken with; null
 *                     otherwise
 */
public record DriveResult(LoadResult load, ChildProcess process, boolean fromTarget, double measureStart, double end,
                          String problem, List<String> warnings, List<ChildProcess> more,
                          List<LoadResult> injectorLoads, Long startSpreadMs,
                          dev.fluxlab.model.run.StartAlignment startAlignment) {

    public DriveResult {
        more = List.copyOf(more);
        injectorLoads = List.copyOf(injectorLoads);
    }

    /** A result without the alignment of its injectors' starts. */
    public DriveResult(LoadResult load, ChildProcess process, boolean fromTarget, double measureStart, double end,
                       String problem, List<String> warnings, List<ChildProcess> more,
                       List<LoadResult> injectorLoads, Long startSpreadMs) {
        this(load, process, fromTarget, measureStart, end, problem, warnings, more, injectorLoads, startSpreadMs,
                null);
    }

    /** The load of one process. */
    public DriveResult(LoadResult load, ChildProcess process, boolean fromTarget, double measureStart, double end,
                       String problem, List<String> warnings) {
        this(load, process, fromTarget, measureStart, end, problem, warnings, List.of(), List.of(), null);
    }

    /** Every injector process (none for a self-loading target), in order. */
    public List<ChildProcess> injectors() {
        if (!separateInjector()) {
            return List.of();
        }
        List<ChildProcess> all = new java.util.ArrayList<>();
        all.add(process);
        all.addAll(more);
        return all;
    }

    /** Nothing was driven: the targets did not start. */
    public static final DriveResult NONE = new DriveResult(null, null, false, Double.NaN, Double.NaN, null, List.of());

    /** The injector's share of the CPU and its saturation are judged only for a process of its own. */
    public boolean separateInjector() {
        return process != null && !fromTarget;
    }
}
