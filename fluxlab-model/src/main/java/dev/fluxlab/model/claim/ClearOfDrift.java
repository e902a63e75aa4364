package dev.fluxlab.model.claim;

import dev.fluxlab.model.decide.PairTest;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.run.ClaimVerdict;
import dev.fluxlab.model.run.FigureValue;
import dev.fluxlab.model.run.Stat;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A claim whose cells' repeats already decide it by far more than the machine's drift could move: no interleaved
 * trial is needed for it.
 *
 * <p>Interleaving exists to cancel the machine's slow moves, which fall on cells measured one after another: on this
 * kind of shared VM its speed steps by up to 30 % for minutes, and the first of two identical cells read 11-12 % faster
 * than the second. A ratio that clears every threshold of the claim by {@link #CLEARANCE} (more than 1.3 x 1.12) in
 * the direction of the verdict cannot be turned around by them: 002's "non-blocking >> blocking" read 235x against a
 * claimed 10x. Its trial would spend a minute or more confirming what the repeats show, so the claim keeps the repeats'
 * verdict, which says so. Anything closer goes to its trial as before.
 */
public final class ClearOfDrift {

    /** How far (as a factor) every ratio must clear the claim's thresholds. */
    public static final double CLEARANCE = 1.5;

    private ClearOfDrift() {
    }

    /**
     * Why {@code claim} needs no trial, when its verdict from the repeats of {@code byId}'s cells (judged with no noise
     * floor but their own band) is confirmed or contradicted and every pair of its cells clears its thresholds by
     * {@link #CLEARANCE}; empty otherwise.
     */
    public static Optional<String> of(Claim claim, Map<String, CellResult> byId) {
        ClaimResult plain = ClaimJudge.judge(claim, byId, 0);
        ClaimVerdict verdict = plain.verdictValue();
        if (verdict != ClaimVerdict.CONFIRMED && verdict != ClaimVerdict.CONTRADICTED) {
            return Optional.empty();
        }
        List<String> ids = claim.cells().stream().map(Claim.ClaimCell::id).toList();
        List<PairTest> tests = ClaimTests.of(claim.relation(), ids);
        double worst = Double.POSITIVE_INFINITY;
        double best = 0;
        for (PairTest t : tests) {
            double q = median(claim, byId, t.a()) / median(claim, byId, t.b());
            if (!(q > 0) || Double.isInfinite(q)) {
                return Optional.empty();
            }
            double clearance = clearance(t, q);
            worst = Math.min(worst, clearance);
            if (q <= t.low() || q >= t.high()) { // the pair fails the claim
                best = Math.max(best, clearance);
            }
        }
        double by = verdict == ClaimVerdict.CONFIRMED ? worst : best;
        if (!(by >= CLEARANCE)) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "its cells' repeats read it %s, %s %.1fx clear of the claim's "
                        + "threshold%s, far more than the machine's drift moves a ratio (a trial is for closer calls)",
                verdict.label(), verdict == ClaimVerdict.CONFIRMED ? "every ratio at least" : "a ratio", by,
                tests.size() > 1 ? "s" : ""));
    }

    /** How far {@code q} lies from the nearer end of the test's range, as a factor (1 on an end). */
    static double clearance(PairTest t, double q) {
        double toLow = t.low() > 0 ? Math.max(q / t.low(), t.low() / q) : Double.POSITIVE_INFINITY;
        double toHigh = Double.isFinite(t.high()) ? Math.max(q / t.high(), t.high() / q) : Double.POSITIVE_INFINITY;
        return Math.min(toLow, toHigh);
    }

    private static double median(Claim claim, Map<String, CellResult> byId, String id) {
        CellResult cell = byId.get(id);
        Stat s = cell == null ? null : FigureValue.of(claim.figure(), cell);
        return s == null || s.n() == 0 ? Double.NaN : s.median();
    }
}
