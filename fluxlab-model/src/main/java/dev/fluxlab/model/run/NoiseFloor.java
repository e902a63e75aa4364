package dev.fluxlab.model.run;

/**
 * How far two measurements of the same cell disagree on this machine when nothing changed (A/A): measured by
 * running every cell twice, interleaved ({@code fluxlab run --aa}), or derived from the spread of repeats. {@code compare}
 * uses it to call a difference real or within noise, and says which basis it used.
 *
 * @param medianPct the median disagreement, in percent: over A/A pairs of |A1 - A2| / mean ({@code aa-pairs}), or over
 *                  cells of (max - min) / mean of their repeats ({@code repeat-spread})
 * @param worstPct  the largest such disagreement, in percent
 * @param pairs     how many A/A pairs ({@code aa-pairs}) or cells ({@code repeat-spread}) it covers
 * @param basis     where it comes from: {@code aa-pairs} (interleaved A/A cells) or {@code repeat-spread}
 * @param bimodalCells cells left out because their repeats disagree beyond the run's bound (flagged {@code repeats
 *                  disagree} on the cell: a JVM in a slow state is not the noise of the other cells); null for none
 */
public record NoiseFloor(double medianPct, double worstPct, int pairs, String basis, Integer bimodalCells) {

    /** A floor with no cell left out. */
    public NoiseFloor(double medianPct, double worstPct, int pairs, String basis) {
        this(medianPct, worstPct, pairs, basis, null);
    }

    /**
     * How far two measurements of the same thing disagree: {@code |a - b| / ((a + b) / 2)}, a fraction (0.1 = 10 %),
     * the measure of an A/A pair and of two adjacent windows of one load ({@link WindowNoise}); NaN when their
     * mean is not above 0 (nothing to compare).
     */
    public static double disagreement(double a, double b) {
        double mean = (a + b) / 2;
        return mean > 0 ? Math.abs(a - b) / mean : Double.NaN;
    }
}
