package dev.fluxlab.model.stats;

/**
 * A series' mean and spread together with the number of independent samples it is worth, the figures an interval of
 * its mean is built from. {@link MeanPrecision} (a load's per-second throughputs) and {@code decide.RatioInterval}
 * (the log ratios of two cells' interleaved windows) both read it here, so the two cannot come to count a correlated
 * series differently.
 *
 * <p>Neighbouring samples of a measurement share causes (a GC pause, a neighbour's job, the machine's slower drift),
 * so {@code n} of them carry less than {@code n} samples' worth of information. The effective size is the AR(1)
 * approximation {@code n_eff = n (1 - r1) / (1 + r1)}, with {@code r1} the lag-1 autocorrelation. A negative
 * {@code r1} is taken as 0, so an alternating series never narrows an interval below the textbook one, and {@code r1}
 * is capped at {@link #MAX_R1}, so one strongly trending series cannot make {@code n_eff} vanish.
 *
 * @param n               samples
 * @param mean            their mean; NaN for no samples
 * @param sd              their sample standard deviation ({@code n - 1} in the denominator); NaN below two samples
 * @param autocorrelation the lag-1 autocorrelation used, within [0, {@link #MAX_R1}]; 0 for a constant series
 * @param effective       the effective sample size, {@code n (1 - r1) / (1 + r1)}, never more than {@code n}
 */
public record EffectiveSize(int n, double mean, double sd, double autocorrelation, double effective) {

    /** Cap of the lag-1 autocorrelation used. */
    public static final double MAX_R1 = 0.9;

    /**
     * The figures of {@code x}, in order. A sample that is not a finite number makes the mean and spread NaN or
     * infinite (the caller decides what that means) and leaves the autocorrelation at 0.
     */
    public static EffectiveSize of(double[] x) {
        int n = x.length;
        double mean = 0;
        for (double v : x) {
            mean += v;
        }
        mean /= n;
        double var = 0;
        double cov = 0;
        for (int i = 0; i < n; i++) {
            var += (x[i] - mean) * (x[i] - mean);
            if (i > 0) {
                cov += (x[i] - mean) * (x[i - 1] - mean);
            }
        }
        // var > 0 is false for NaN too, where Math.max would pass the NaN on
        double r1 = var > 0 ? Math.min(MAX_R1, Math.max(0, cov / var)) : 0;
        double effective = Math.min(n, n * (1 - r1) / (1 + r1));
        double sd = n > 1 ? Math.sqrt(var / (n - 1)) : Double.NaN;
        return new EffectiveSize(n, mean, sd, r1, effective);
    }
}
