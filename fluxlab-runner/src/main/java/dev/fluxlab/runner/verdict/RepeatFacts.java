package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.LogFinding;

import java.util.List;

/**
 * What a repeat produced, as the verdict needs it.
 *
 * @param startProblem       why the targets could not be started (null when they were)
 * @param crashed            processes that ended before the runner stopped them, e.g. {@code reactor-netty (exit 1)}
 * @param injectorProblem    why the injector gave no usable result (null when it did)
 * @param load               the injector's document (null when missing)
 * @param findings           log findings of every process
 * @param injectorCpuCores   cores the injector used during the measured phase (NaN when unknown)
 * @param injectorUsableCores cores the injector could use: min(machine cores, its event loops)
 * @param injectorCpuShare   injector CPU / CPU of all processes in the measured phase (NaN when unknown)
 * @param autoWarmup         whether the warm-up was adaptive
 * @param ceilingRps         the throughput the theory allows the cell's blocking placement with the sizes this repeat's
 *                           target announced ({@code TheoryResult.predictedRps}); null when its scenario names none
 */
public record RepeatFacts(
        String startProblem,
        List<String> crashed,
        String injectorProblem,
        LoadResult load,
        List<LogFinding> findings,
        double injectorCpuCores,
        int injectorUsableCores,
        double injectorCpuShare,
        boolean autoWarmup,
        Double ceilingRps) {

    /** The facts of a repeat whose cell has no theory ceiling. */
    public RepeatFacts(String startProblem, List<String> crashed, String injectorProblem, LoadResult load,
                       List<LogFinding> findings, double injectorCpuCores, int injectorUsableCores,
                       double injectorCpuShare, boolean autoWarmup) {
        this(startProblem, crashed, injectorProblem, load, findings, injectorCpuCores, injectorUsableCores,
                injectorCpuShare, autoWarmup, null);
    }
}
