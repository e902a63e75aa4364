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
 * @param basis    what the verdict was decided on: {@link #INTERLEAVED} windows (then {@code intervals} holds the
 *                 compared pairs' ratios with their confidence intervals) or the cells' {@link #REPEATS} against
 *                 the noise band; null in results written before it was recorded
 * @param intervals the pairs an interleaved trial compared, each ratio with its interval (null otherwise)
 * @param why      for an inconclusive verdict, its category ({@link InconclusiveWhy}); null otherwise
 * @param needsCores the cores the claim's effect needs (its suite's {@code needs.cores}); null: none
 */
public record ClaimResult(String claim, String source, String quote, String figure, String relation,
                          List<Measured> cells, String verdict, String reason, String theory, String basis,
                          List<PairInterval> intervals, String why, Integer needsCores) {

    /** The verdict came from an interleaved trial's windows. */
    public static final String INTERLEAVED = "interleaved";
    /** The verdict came from the cells' repeats against the noise band. */
    public static final String REPEATS = "repeats";

    /** A claim judged before its basis was recorded (or by a caller that gives none). */
    public ClaimResult(String claim, String source, String quote, String figure, String relation,
                       List<Measured> cells, String verdict, String reason, String theory) {
        this(claim, source, quote, figure, relation, cells, verdict, reason, theory, null, null, null, null);
    }

    /**
     * One compared pair of an interleaved trial: A / B with its confidence interval, as the decision used it.
     *
     * @param a          cell A's label
     * @param b          cell B's label
     * @param ratio      A / B (geometric mean of the paired windows' ratios)
     * @param low        lower bound of the interval
     * @param high       upper bound (+infinity when unknown)
     * @param confidence the interval's confidence level (1 - the error rate spent at the deciding look)
     * @param pairs      the paired windows it is made of
     * @param outcome    what the pair says of the claim: {@code holds}, {@code fails} or {@code open}
     * @param holdsAbove the claim holds for this pair when A / B lies above this (null: no lower end, or a result
     *                   written before the range was recorded)
     * @param holdsBelow ... and below this (null: no upper end, or not recorded)
     */
    public record PairInterval(String a, String b, double ratio, double low, double high, double confidence,
                               int pairs, String outcome, Double holdsAbove, Double holdsBelow) {

        /** A pair recorded before the claim's range was (results.json of an earlier fluxlab). */
        public PairInterval(String a, String b, double ratio, double low, double high, double confidence, int pairs,
                            String outcome) {
            this(a, b, ratio, low, high, confidence, pairs, outcome, null, null);
        }
    }

    /** The categories of an inconclusive verdict. */
    public enum InconclusiveWhy implements dev.fluxlab.model.Labelled {
        /** The interval still straddles the claim's threshold when the trial's budget was spent. */
        STRADDLES("interval straddles the threshold"),
        /** A compared cell is missing, invalid, or was measured cold. */
        CELL("a compared cell cannot be used"),
        /** The claim needs a machine this one is not (its {@code needs}). */
        MACHINE("not judgeable on this machine"),
        /** Judged from repeats: within the noise band. */
        NOISE("within the noise band");

        private final String label;

        InconclusiveWhy(String label) {
            this.label = label;
        }

        @Override
        public String label() {
            return label;
        }
    }

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
