package dev.fluxlab.model.run;

import dev.fluxlab.model.load.LoadResult;

import java.util.List;
import java.util.Map;

/**
 * One repeat of one cell: the injector's document, what was observed of every process, what the logs said,
 * and whether this repeat is trustworthy.
 *
 * @param injectorCpuShare injector CPU / CPU of every process during the measured phase: on a small machine the
 *                         injector and the targets share cores (added in fluxlab.run/1, may be null)
 * @param measuredS        length of the measured window the process figures cover, in seconds (may be null)
 * @param readiness        by process name: the attributes of its readiness line (port, protocol, the transport
 *                         actually in use...) (added in fluxlab.run/1, may be null)
 * @param targetsFrom      with {@code fork: shared}: the id of the cell whose repeat started the target JVMs this
 *                         repeat ran against (their JIT was already warm); null when they were started for it
 */
public record RepeatResult(
        int repeat,
        String startedAt,
        LoadResult load,
        List<ProcessStats> processes,
        List<LogFinding> findings,
        boolean valid,
        List<String> reasons,
        Double injectorCpuShare,
        Double measuredS,
        Map<String, Map<String, String>> readiness,
        String targetsFrom) {

    /** Without {@code targetsFrom}: the targets were started for this repeat. */
    public RepeatResult(int repeat, String startedAt, LoadResult load, List<ProcessStats> processes,
                        List<LogFinding> findings, boolean valid, List<String> reasons, Double injectorCpuShare,
                        Double measuredS, Map<String, Map<String, String>> readiness) {
        this(repeat, startedAt, load, processes, findings, valid, reasons, injectorCpuShare, measuredS, readiness, null);
    }

    /** The original shape, without the additions. */
    public RepeatResult(int repeat, String startedAt, LoadResult load, List<ProcessStats> processes,
                        List<LogFinding> findings, boolean valid, List<String> reasons) {
        this(repeat, startedAt, load, processes, findings, valid, reasons, null, null, null, null);
    }
}
