package dev.fluxlab.model.run;

import java.util.List;

/**
 * A claim as judged after a run ({@code claims} in results.json): the claim, the measured figures beside the claimed
 * ones, the verdict and why.
 *
 * @param claim    the claim in words
 * @param source   where it comes from (a seed file name)
 * @param quote    the source's figures, quoted (may be null)
 * @param figure   the figure compared, as named in the suite
 * @param relation the relation, e.g. {@code >}, {@code >= 10x}, {@code ratio 0.9..1.1}, {@code within 5%}
 * @param cells    the compared cells with their claimed and measured figures
 * @param verdict  {@code confirmed}, {@code contradicted} or {@code inconclusive} ({@link ClaimVerdict})
 * @param reason   the evidence for the verdict in words
 * @param theory   what the throughput theory predicts for these cells on this machine when it disagrees with the
 *                 claim (null when it agrees or has no figure for them)
 */
public record ClaimResult(String claim, String source, String quote, String figure, String relation,
                          List<Measured> cells, String verdict, String reason, String theory) {

    /**
     * One compared cell.
     *
     * @param id       the cell's id
     * @param label    the knob values that tell it apart from the claim's other cells
     * @param claimed  the source's figure (may be null)
     * @param measured the figure over the cell's repeats (absent when the cell did not run or lacks the figure)
     * @param valid    whether the cell is valid (null when it did not run)
     */
    public record Measured(String id, String label, Double claimed, Stat measured, Boolean valid) {
    }

    /** The verdict as an enum; inconclusive for a missing or unknown one ({@link ClaimVerdict#ofOrInconclusive}). */
    public ClaimVerdict verdictValue() {
        return ClaimVerdict.ofOrInconclusive(verdict);
    }
}
