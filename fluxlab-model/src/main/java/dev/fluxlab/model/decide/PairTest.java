package dev.fluxlab.model.decide;

import java.util.Objects;

/**
 * What a claim says about one pair of its cells, as a range of their ratio: the claim holds for this pair when
 * {@code low < A/B < high}. Every relation a suite can state reduces to such ranges ({@code A > B > C} to one per
 * neighbouring pair, {@code within 5%} to one per pair of cells), so one interval test decides them all.
 *
 * @param a    the numerator's cell
 * @param b    the denominator's cell
 * @param low  the range's lower end, 0 for none
 * @param high its upper end, +infinity for none
 */
public record PairTest(String a, String b, double low, double high) {

    /** What an interval says of the range. */
    public enum Outcome {
        /** The interval lies entirely inside the range: the claim holds for the pair. */
        HOLDS,
        /** The interval lies entirely outside: the claim fails for the pair. */
        FAILS,
        /** The interval straddles an end of the range: not decided yet. */
        OPEN
    }

    public PairTest {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        if (a.equals(b)) {
            throw new IllegalArgumentException("a pair test compares two cells, not " + a + " with itself");
        }
        if (!(low >= 0 && high > low)) {
            throw new IllegalArgumentException("the range of A/B must be 0 <= low < high, not " + low + " .. " + high);
        }
    }

    /** A > B: the ratio above 1. */
    public static PairTest greater(String a, String b) {
        return new PairTest(a, b, 1, Double.POSITIVE_INFINITY);
    }

    /** A at least {@code k} times B: the ratio above {@code k}. */
    public static PairTest atLeast(String a, String b, double k) {
        return new PairTest(a, b, k, Double.POSITIVE_INFINITY);
    }

    /** A / B between {@code lo} and {@code hi}. */
    public static PairTest ratio(String a, String b, double lo, double hi) {
        return new PairTest(a, b, lo, hi);
    }

    /**
     * A within {@code fraction} of B either way, the larger at most {@code 1 + fraction} times the smaller: the ratio
     * between {@code 1 / (1 + fraction)} and {@code 1 + fraction}, which reads the same with A and B swapped.
     */
    public static PairTest within(String a, String b, double fraction) {
        if (!(fraction > 0)) {
            throw new IllegalArgumentException("within needs a fraction above 0, not " + fraction);
        }
        return new PairTest(a, b, 1 / (1 + fraction), 1 + fraction);
    }

    /** The end of the range nearer to {@code ratio} on a log scale (the one an interval must exclude to decide). */
    public double nearestEnd(double ratio) {
        double ln = Math.log(ratio);
        double lo = low > 0 ? Math.log(low) : Double.NEGATIVE_INFINITY;
        double hi = Double.isFinite(high) ? Math.log(high) : Double.POSITIVE_INFINITY;
        return Math.abs(ln - lo) < Math.abs(ln - hi) ? low : high;
    }

    /**
     * HOLDS when the interval lies inside the range ({@code i.low() >= low} and {@code i.high() <= high}), FAILS when
     * it lies outside ({@code i.high() <= low} or {@code i.low() >= high}), OPEN otherwise. An unknown interval
     * (0 .. +infinity) is OPEN unless the range is everything. The two can only both apply to an interval shrunk to a
     * point on an end of the range (a spread of exactly 0); the range being open, that point FAILS.
     */
    public Outcome test(RatioInterval i) {
        if (i.high() <= low || i.low() >= high) {
            return Outcome.FAILS;
        }
        if (i.low() >= low && i.high() <= high) {
            return Outcome.HOLDS;
        }
        return Outcome.OPEN;
    }
}
