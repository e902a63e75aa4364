package dev.fluxlab.model.theory;

/**
 * What theory predicts for a cell and how the measurement compares ({@code CellResult.theory} in results.json).
 *
 * @param placement    where the blocking call runs ({@link Placement} label)
 * @param workers      threads that hold the blocking call at once (after the concurrency cap)
 * @param sleepMs      how long each call blocks
 * @param concurrency  requests in flight
 * @param predictedRps workers / sleep
 * @param basis        the reasoning in words, e.g. {@code boundedElastic cap (20) / 100 ms}
 * @param ratio        measured / predicted; null before the comparison
 * @param gap          whether the ratio is outside {@link Theory#LOW}..{@link Theory#HIGH}; null before it
 */
public record TheoryResult(
        String placement,
        int workers,
        int sleepMs,
        int concurrency,
        double predictedRps,
        String basis,
        Double ratio,
        Boolean gap) {

    TheoryResult withComparison(double ratio, boolean gap) {
        return new TheoryResult(placement, workers, sleepMs, concurrency, predictedRps, basis, ratio, gap);
    }
}
