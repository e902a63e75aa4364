package dev.fluxlab.model.load;

/**
 * Corrected latency is measured from each request's intended send time (wrk2 / HdrHistogram
 * style, free of coordinated omission); uncorrected from the moment the request was actually
 * written. For the closed model both are the same figures.
 */
public record Latency(LatencySummary corrected, LatencySummary uncorrected) {
}
