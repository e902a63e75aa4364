package dev.fluxlab.model.load;

/**
 * Latency figures in milliseconds, taken from one HdrHistogram: mean, standard deviation and the
 * percentile spectrum wrk and h2load users expect.
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
        double max) {
}
