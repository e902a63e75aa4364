package dev.fluxlab.model.stats;

import org.apache.commons.statistics.distribution.TDistribution;

import java.util.List;

/**
 * The least-squares straight line through equally spaced samples (one per second, say): its slope per sample, the
 * samples' mean and the slope's standard error. The injector's warm-up ends when throughput stops rising by this
 * measure, and the verdict flags a measured window whose throughput still moves by it.
 *
 * @param slope         change per sample (in the samples' unit)
 * @param mean          mean of the samples
 * @param standardError standard error of {@code slope}; NaN with fewer than three samples
 * @param samples       how many samples were fitted
 */
public record Trend(double slope, double mean, double standardError, int samples) {

    /** The fit of {@code ys} (at least two samples) against 0, 1, 2, ... */
    public static Trend of(List<Double> ys) {
        int n = ys.size();
        if (n < 2) {
            throw new IllegalArgumentException("a trend needs at least two samples, not " + n);
        }
        double mx = (n - 1) / 2.0;
        double my = ys.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < n; i++) {
            sxy += (i - mx) * (ys.get(i) - my);
            sxx += (i - mx) * (i - mx);
        }
        double b = sxy / sxx;
        if (n < 3) {
            return new Trend(b, my, Double.NaN, n);
        }
        double sse = 0;
        for (int i = 0; i < n; i++) {
            double e = ys.get(i) - (my + b * (i - mx));
            sse += e * e;
        }
        return new Trend(b, my, Math.sqrt(sse / (n - 2) / sxx), n);
    }

    /** Slope relative to the mean (0.02 = rising 2 % of the mean per sample); +infinity for a mean of zero or less. */
    public double relativeSlope() {
        return mean <= 0 ? Double.POSITIVE_INFINITY : slope / mean;
    }

    /** {@link #relativeSlope()} of the fit of {@code ys}. */
    public static double relativeSlope(List<Double> ys) {
        return of(ys).relativeSlope();
    }

    /**
     * True when a two-sided test at level {@code alpha} (0.01: one in a hundred trendless series is called a trend)
     * rejects a zero slope: the slope is beyond Student's t quantile for {@code n - 2} degrees of freedom times its
     * standard error. Unlike a fixed number of standard errors, this holds its error rate for short series: with four
     * samples (two degrees of freedom) three standard errors are crossed by about one trendless series in ten. Fewer
     * than three samples have no error to judge by: false.
     */
    public boolean significant(double alpha) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("a test level is between 0 and 1, not " + alpha);
        }
        if (samples < 3 || Double.isNaN(standardError)) {
            return false;
        }
        double t = TDistribution.of(samples - 2).inverseSurvivalProbability(alpha / 2);
        return beyondNoise(t);
    }

    /** True when the slope is at least {@code errors} standard errors away from zero: a trend rather than noise. */
    public boolean beyondNoise(double errors) {
        if (Double.isNaN(standardError)) {
            return false; // two samples: no error to judge by
        }
        // a flat series has no error either: 0 >= 0 would call it a trend
        return standardError > 0 ? Math.abs(slope) >= errors * standardError : slope != 0;
    }
}
