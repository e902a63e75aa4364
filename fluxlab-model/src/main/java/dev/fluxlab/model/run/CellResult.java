package dev.fluxlab.model.run;

import dev.fluxlab.model.theory.TheoryResult;
import java.util.List;
import java.util.Map;

/**
 * One cell of a suite's matrix: its knob values, every repeat, the summary across repeats and the verdict.
 *
 * @param id       stable key built from the knobs, used by {@code compare} and {@code --resume}
 * @param index    1-based position in the suite's expansion
 * @param knobs    knob name -> value, in the suite's order (target, protocol, transport, scenario, connections...)
 * @param versions library versions found on the target classpath (Reactor Netty, Netty, Spring...); for a build the
 *                 runner resolved before the run, also {@code resolved}: every jar as {@code artifact version}, a
 *                 SNAPSHOT's with its file hash and time (docs/contracts.md, "Resolved builds")
 * @param repeats  every repeat run
 * @param summary  figures across repeats
 * @param valid    false when the cell's figures should not be trusted
 * @param reasons  why a cell is invalid (or warnings for a valid one), in plain words; a reason that starts with
 *                 {@link #NOTE} neither invalidates nor warns
 * @param findings log findings merged over the repeats
 * @param dir      the cell's folder (logs, load documents), relative to the results folder (added; may be null)
 * @param theory   the throughput theory predicts for the scenario's blocking placement, compared with the measured
 *                 median (added; null when the scenario names no {@code theory})
 * @param profiles the cell's profiled repeats, one per profile mode, kept apart from {@code repeats} and the summary
 *                 (added; null when the run was not profiled)
 */
public record CellResult(
        String id,
        int index,
        Map<String, String> knobs,
        Map<String, String> versions,
        List<RepeatResult> repeats,
        CellSummary summary,
        boolean valid,
        List<String> reasons,
        List<LogFinding> findings,
        String dir,
        TheoryResult theory,
        List<CellProfile> profiles) {

    /**
     * How a reason starts that is neither a fault nor a warning but says why something that usually is one does not
     * matter here (a JVM that compiled in a cell whose throughput is at its theory ceiling,
     * {@link dev.fluxlab.model.theory.TheoryCeiling}); reports show it, and count it among no warnings.
     */
    public static final String NOTE = "note: ";

    /** Whether {@code reason} is a {@link #NOTE}. */
    public static boolean isNote(String reason) {
        return reason != null && reason.startsWith(NOTE);
    }

    /** This cell with {@code added} after its reasons (a cross-cell judgement's warnings); the verdict is unchanged. */
    public CellResult withMoreReasons(List<String> added) {
        List<String> all = new java.util.ArrayList<>(reasons == null ? List.of() : reasons);
        all.addAll(added);
        return new CellResult(id, index, knobs, versions, repeats, summary, valid, all, findings, dir, theory, profiles);
    }
}
