package dev.fluxlab.model.run;

import java.util.List;

/**
 * A cell's profiled repeat (added in fluxlab.run/1): an extra repeat run after the unprofiled ones with a profiler in
 * every JVM of the cell during the measured window only. Its figures stay here, out of the cell's repeats and summary.
 *
 * @param mode          {@code cpu}, {@code alloc}, {@code wall}, {@code lock} or {@code jfr}
 * @param repeat        the profiled repeat's own figures and verdict
 * @param throughputRps the profiled repeat's throughput (null when it measured nothing)
 * @param unprofiledRps the median throughput of the cell's unprofiled repeats (null when there is none)
 * @param overhead      1 - profiled / unprofiled throughput: the share of throughput the profiler cost (negative when
 *                      the profiled repeat was faster, i.e. within noise); null when either is missing or the
 *                      profiled repeat is invalid
 * @param processes     every process's profile
 * @param notes         what was not profiled and why (a missing profiler library, a load tool that is not a JVM)
 */
public record CellProfile(String mode, RepeatResult repeat, Double throughputRps, Double unprofiledRps,
                          Double overhead, List<ProcessProfile> processes, List<String> notes) {

    /**
     * A profiled repeat judged against the unprofiled median {@code unprofiledRps} (null when there is none).
     */
    public static CellProfile of(String mode, RepeatResult repeat, Double unprofiledRps,
                                 List<ProcessProfile> processes, List<String> notes) {
        Double rps = repeat == null || repeat.load() == null ? null : repeat.load().throughputRps();
        // an invalid profiled repeat (a crashed target, errors) measured something else than the profiler's cost
        Double overhead = rps == null || !repeat.valid() || unprofiledRps == null || unprofiledRps <= 0 ? null
                : 1 - rps / unprofiledRps;
        return new CellProfile(mode, repeat, rps, unprofiledRps, overhead, processes, notes);
    }
}
