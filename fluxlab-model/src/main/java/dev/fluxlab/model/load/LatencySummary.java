package dev.fluxlab.model.load;

/**
 * Latency figures in milliseconds, taken from one HdrHistogram: mean, standard deviation and the
 * percentile spectrum wrk and h2load users expect, from the fastest response ({@code min}, NaN for tools that print
 * none) to the slowest.
 */
public record LatencySummary(
        double mean,
        double stdev,
        double p50,
        double p75,
        double p90,
        double p99,
        double p999,
        double p9999,
        double max,
        double min) {

    /** No latency figures (a tool's that could not be true, see {@link #disorder(boolean)}). */
    public static final LatencySummary UNKNOWN = new LatencySummary(Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    /**
     * What makes these figures impossible, or null when they can be true: percentiles that fall as the rank rises, or a
     * percentile of 0 beside a positive one (wrk pipelining at depth 16 printed {@code 50% 257.18ms} and
     * {@code 99% 0.00us}), or every figure 0 (for responses that were counted: the caller knows). Figures a tool left
     * out (NaN) are skipped.
     *
     * @param wholeMillis whether the tool prints whole milliseconds (ab): there 0 is a sub-millisecond response, no
     *                    impossibility
     */
    public String disorder(boolean wholeMillis) {
        double[] v = {p50, p75, p90, p99, p999, p9999, max};
        String[] name = {"p50", "p75", "p90", "p99", "p99.9", "p99.99", "max"};
        int last = -1;
        for (int i = 0; i < v.length; i++) {
            if (Double.isNaN(v[i])) {
                continue;
            }
            if (last >= 0 && v[i] < v[last]) {
                return String.format(java.util.Locale.ROOT, "%s %.3f ms below %s %.3f ms", name[i], v[i], name[last],
                        v[last]);
            }
            last = i;
        }
        if (!wholeMillis && last >= 0 && v[last] == 0) {
            return "every latency figure is 0"; // wrk printed 0.00us for all of them beside 183 responses
        }
        if (!wholeMillis && last >= 0 && v[last] > 0) {
            for (int i = 0; i < v.length; i++) {
                if (v[i] == 0) {
                    return String.format(java.util.Locale.ROOT, "%s of 0 ms beside %s %.3f ms", name[i], name[last],
                            v[last]);
                }
            }
        }
        return null;
    }
}
