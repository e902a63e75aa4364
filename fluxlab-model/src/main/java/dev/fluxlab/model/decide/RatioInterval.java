package dev.fluxlab.model.decide;

import dev.fluxlab.model.stats.EffectiveSize;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

import java.util.Arrays;

/**
 * How large cell A's figure is relative to cell B's, with the interval the paired windows allow: the estimate a claim
 * about two cells is decided on.
 *
 * <p>The pairs come from the same rounds of an interleaved trial, so a change of the machine's speed that lasts longer
 * than a round moves both figures of a pair alike and drops out of their ratio. The ratios are taken on the log
 * scale, {@code d_i = ln(a_i / b_i)}: a machine's noise is multiplicative, and A/B and B/A then get mirrored
 * intervals. What is left of the noise is handled in three steps:
 * <ul>
 *   <li>one window hit by a hiccup of its own (a GC pause, a compile, a neighbour's burst) would pull the mean and
 *   widen the spread at once, so {@code d} is winsorised at its median ± {@value #WINSOR_MADS} robust standard
 *   deviations ({@code 1.4826 x MAD}, the MAD's normal-consistent scale); a series whose MAD is 0 is kept as it
 *   is;</li>
 *   <li>drift faster than a round does not cancel and makes neighbouring pairs alike, so the interval counts the
 *   pairs as {@link EffectiveSize} does ({@code n_eff} from the lag-1 autocorrelation, clamped to [0, 0.9]), from
 *   {@value #MIN_PAIRS_FOR_AUTOCORRELATION} pairs on: below that the estimate is too noisy to use (its standard error
 *   is about {@code 1/sqrt(n)}; in a webflux-schedulers trial 5 pairs gave a chance 0.9, which shrank {@code n_eff}
 *   to 0.26 and the interval to 0 .. infinity), and the pairs count as independent, which interleaving makes them
 *   nearly (lag-1 autocorrelation 0.16 over 30 pairs of 2 s windows here);</li>
 *   <li>the bounds are {@code exp(m ± q s / sqrt(n_eff))}, {@code m} and {@code s} the mean and sample standard
 *   deviation of the winsorised {@code d}, {@code q} Student's t quantile {@code 1 - alpha/2} at {@code n_eff - 1}
 *   degrees of freedom (Commons Statistics).</li>
 * </ul>
 * With fewer than two pairs, or {@code n_eff < 2}, nothing is known of the spread: the interval is 0 .. +infinity. A
 * spread of exactly 0 makes the interval the point {@code exp(m)}.
 *
 * @param ratio           {@code exp(m)}, the geometric mean of A/B over the pairs; NaN without pairs
 * @param low             the interval's lower bound; 0 when unknown
 * @param high            its upper bound; +infinity when unknown
 * @param pairs           the pairs it is computed from
 * @param effectivePairs  the independent pairs they count for, {@code n_eff}
 * @param sdLog           the sample standard deviation of the winsorised {@code d}; NaN below two pairs
 * @param autocorrelation the lag-1 autocorrelation of the winsorised {@code d}, as used (within [0, 0.9])
 * @param winsorized      how many of the {@code d} were clipped to the winsorising bounds
 * @param alpha           the interval's error rate, two-sided (0.05 for a 95 % interval)
 */
public record RatioInterval(double ratio, double low, double high, int pairs, double effectivePairs, double sdLog,
                            double autocorrelation, int winsorized, double alpha) {

    /** Robust standard deviations from the median beyond which a log ratio is clipped. */
    public static final double WINSOR_MADS = 4;
    /** Fewest pairs from which their lag-1 autocorrelation is estimated and used. */
    public static final int MIN_PAIRS_FOR_AUTOCORRELATION = 10;
    /** The MAD's factor to a normal standard deviation. */
    static final double MAD_TO_SD = 1.4826;

    /**
     * The interval of A/B from paired figures.
     *
     * @param a     cell A's figure in each round, all finite and above 0
     * @param b     cell B's figure in the same rounds, as many as {@code a}
     * @param alpha the two-sided error rate, at least 0 (an unbounded interval: no error may be spent) and below 1
     */
    public static RatioInterval of(double[] a, double[] b, double alpha) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("paired figures: " + a.length + " of A against " + b.length + " of B");
        }
        if (!(alpha >= 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be at least 0 and below 1, not " + alpha);
        }
        int n = a.length;
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            if (!usable(a[i]) || !usable(b[i])) {
                throw new IllegalArgumentException("pair " + i + " (" + a[i] + ", " + b[i]
                        + "): figures must be finite and above 0");
            }
            d[i] = Math.log(a[i]) - Math.log(b[i]); // ln(a / b) without overflowing the quotient
        }
        int clipped = winsorize(d);
        EffectiveSize e = EffectiveSize.of(d);
        double m = e.mean();
        double ratio = Math.exp(m);
        double s = e.sd();
        boolean correlated = n >= MIN_PAIRS_FOR_AUTOCORRELATION;
        double nEff = correlated ? e.effective() : n;
        double r1 = correlated ? e.autocorrelation() : 0;
        if (n < 2 || nEff < 2) {
            return new RatioInterval(ratio, 0, Double.POSITIVE_INFINITY, n, nEff, s, r1, clipped, alpha);
        }
        if (s == 0) {
            return new RatioInterval(ratio, ratio, ratio, n, nEff, s, r1, clipped, alpha);
        }
        // the upper tail directly: a look's alpha can be far below 1e-16, where 1 - alpha/2 rounds to 1
        double q = TDistribution.of(nEff - 1).inverseSurvivalProbability(alpha / 2);
        double half = q * s / Math.sqrt(nEff);
        return new RatioInterval(ratio, Math.exp(m - half), Math.exp(m + half), n, nEff, s, r1, clipped, alpha);
    }

    /**
     * About how many pairs in all would make an interval at this {@link #alpha} exclude {@code threshold}, if the
     * ratio and the noise stayed as observed: {@code n* = (z s sqrt(n / n_eff) / |m - ln threshold|)^2}, with
     * {@code z} the normal quantile {@code 1 - alpha/2}, rounded up and at least one more than {@link #pairs}. A
     * planning figure (how much longer would settle it), not a promise: the observed ratio is itself uncertain.
     *
     * @param threshold the ratio to exclude, e.g. 1 for "A differs from B"; finite and above 0
     * @return the pairs; +infinity when the ratio sits on the threshold or the noise is not known
     */
    public double roundsToExclude(double threshold) {
        if (!usable(threshold)) {
            throw new IllegalArgumentException("threshold must be finite and above 0, not " + threshold);
        }
        double gap = Math.abs(Math.log(ratio) - Math.log(threshold));
        if (!(gap > 0) || !(sdLog >= 0) || !(effectivePairs > 0)) { // NaN: no pairs, or below two
            return Double.POSITIVE_INFINITY;
        }
        double z = NormalDistribution.of(0, 1).inverseSurvivalProbability(alpha / 2);
        double inflation = pairs / effectivePairs;
        double needed = Math.pow(z * sdLog * Math.sqrt(inflation) / gap, 2);
        return Math.max(Math.ceil(needed), pairs + 1);
    }

    /** True for a figure a ratio can be taken of: finite and above 0. */
    static boolean usable(double x) {
        return x > 0 && x < Double.POSITIVE_INFINITY;
    }

    /** Clips {@code d} in place to its median ± WINSOR_MADS robust deviations; returns how many were clipped. */
    private static int winsorize(double[] d) {
        if (d.length == 0) {
            return 0;
        }
        double median = median(d.clone());
        double[] dev = new double[d.length];
        for (int i = 0; i < d.length; i++) {
            dev[i] = Math.abs(d[i] - median);
        }
        double mad = median(dev);
        if (!(mad > 0)) {
            return 0;
        }
        double reach = WINSOR_MADS * MAD_TO_SD * mad;
        double lo = median - reach;
        double hi = median + reach;
        int clipped = 0;
        for (int i = 0; i < d.length; i++) {
            if (d[i] < lo) {
                d[i] = lo;
                clipped++;
            } else if (d[i] > hi) {
                d[i] = hi;
                clipped++;
            }
        }
        return clipped;
    }

    /** The median of {@code x} (sorted in place), the mean of the middle two for an even count. */
    private static double median(double[] x) {
        Arrays.sort(x);
        int h = x.length / 2;
        return x.length % 2 == 1 ? x[h] : (x[h - 1] + x[h]) / 2;
    }
}
