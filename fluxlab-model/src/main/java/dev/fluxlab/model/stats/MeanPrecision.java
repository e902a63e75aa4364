package dev.fluxlab.model.stats;

import org.apache.commons.statistics.distribution.TDistribution;

import java.util.List;

/**
 * How precisely a series of per-second throughputs pins down its mean: the half-width of the 95 % confidence interval,
 * relative to the mean. {@code measure: auto} measures until this falls below the requested precision.
 *
 * <p>Consecutive seconds of a load are not independent (a GC pause, a burst of compilation or a neighbour's job spans
 * several of them), and a plain {@code t * s / sqrt(n)} would claim a precision the series does not have. The
 * interval therefore uses the effective sample size {@code n_eff = n (1 - r1) / (1 + r1)}, with {@code r1} the lag-1
 * autocorrelation (the AR(1) approximation; a negative {@code r1} is taken as 0 so the interval is never narrowed
 * by it; computed by {@link EffectiveSize}), and Student's t with {@code n_eff - 1} degrees of freedom (Commons
 * Statistics). Below {@link #MIN_SECONDS} seconds, or with {@code n_eff < 2}, the precision is unknown (infinite).
 */
public final class MeanPrecision {

    /** Fewest per-second samples before a precision is stated. */
    public static final int MIN_SECONDS = 5;
    /** Confidence level of the interval. */
    public static final double CONFIDENCE = 0.95;

    private MeanPrecision() {
    }

    /** Relative half-width of the 95 % interval of the mean (0.02 = ±2 %); +infinity when it cannot be stated. */
    public static double relativeHalfWidth(List<? extends Number> perSecond) {
        int n = perSecond.size();
        if (n < MIN_SECONDS) {
            return Double.POSITIVE_INFINITY;
        }
        double[] x = perSecond.stream().mapToDouble(Number::doubleValue).toArray();
        EffectiveSize e = EffectiveSize.of(x);
        double mean = e.mean();
        if (!(mean > 0) || Double.isInfinite(mean)) { // also NaN: a sample that is not a number
            return Double.POSITIVE_INFINITY;
        }
        if (e.sd() == 0) {
            return 0;
        }
        double nEff = e.effective();
        if (nEff < 2) {
            return Double.POSITIVE_INFINITY;
        }
        double sd = e.sd();
        double t = TDistribution.of(nEff - 1).inverseCumulativeProbability(0.5 + CONFIDENCE / 2);
        return t * sd / Math.sqrt(nEff) / mean;
    }
}
