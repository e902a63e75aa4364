package dev.fluxlab.model.run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Whether a run's throughput moved in step with its machine-speed reference ({@link MachineSpeed}), judged from the
 * run's own repeats: {@code compare --normalise-speed} divides throughput by the reference's ratio, which is right
 * only when throughput follows it, and a fingerprint's "machine speed" difference matters only then.
 *
 * <p>Each cell's consecutive measured repeats (1 and 2, 2 and 3, ...) give one pair: {@code x = ln(speed2 / speed1)}
 * and {@code y = ln(throughput2 / throughput1)}, so the cell's own level cancels. The least-squares slope through the
 * origin, {@code b = sum(xy) / sum(x^2)}, is 1 when throughput moves in proportion to the reference and 0 when it
 * ignores it; its standard error is {@code sqrt(sum((y - bx)^2) / (n - 1) / sum(x^2))}. Why it is asked: in an A/A run
 * of the quick suite on this project's 2-core VM (2026-12-01, 16 pairs) the slope was -0.22 ± 0.19, and a plain run
 * five minutes before it had a typical reference speed of 201 M ops/s against its 279 M, with median throughputs of
 * 67.0k and 64.2k req/s: normalising divides the A/A run's figures by 1.39, which would have read every cell about 30 %
 * slower. The reference is a single-thread CPU loop; what moved loopback HTTP there did not move it.
 *
 * @param slope  the least-squares slope through the origin
 * @param stderr its standard error
 * @param pairs  the pairs of repeats it is measured on
 */
public record SpeedResponse(double slope, double stderr, int pairs) {

    /** Fewest pairs of repeats (with a speed change) before the slope is stated. */
    public static final int MIN_PAIRS = 5;
    /** Standard errors by which a slope must miss 1 (or 0) to count as not following (or following) the reference. */
    public static final double SIGNIFICANCE = 2;
    /**
     * Least distance from 1 that counts as not in step, however precise the slope: 0.9 ± 0.01 is in step for a
     * normaliser (a 10 % speed change corrected by 9 %), not a finding.
     */
    public static final double TOLERANCE = 0.25;

    /** The slope over the cells' repeats; null below {@link #MIN_PAIRS} pairs or when the reference never moved. */
    public static SpeedResponse of(List<CellResult> cells) {
        List<double[]> xy = new ArrayList<>();
        for (CellResult c : cells == null ? List.<CellResult>of() : cells) {
            List<RepeatResult> measured = c.repeats() == null ? List.of() : c.repeats().stream()
                    .filter(r -> r.load() != null && r.load().throughputRps() > 0 && r.speed() != null
                            && r.speed().opsPerSecond() > 0)
                    .sorted(Comparator.comparingInt(RepeatResult::repeat)).toList();
            for (int i = 1; i < measured.size(); i++) {
                RepeatResult a = measured.get(i - 1), b = measured.get(i);
                xy.add(new double[]{Math.log(b.speed().opsPerSecond() / a.speed().opsPerSecond()),
                        Math.log(b.load().throughputRps() / a.load().throughputRps())});
            }
        }
        double sxx = 0, sxy = 0;
        for (double[] p : xy) {
            sxx += p[0] * p[0];
            sxy += p[0] * p[1];
        }
        if (xy.size() < MIN_PAIRS || !(sxx > 0)) {
            return null;
        }
        double slope = sxy / sxx;
        double rss = 0;
        for (double[] p : xy) {
            rss += (p[1] - slope * p[0]) * (p[1] - slope * p[0]);
        }
        return new SpeedResponse(slope, Math.sqrt(rss / (xy.size() - 1) / sxx), xy.size());
    }

    /**
     * Whether the slope misses 1 by more than {@link #SIGNIFICANCE} standard errors and more than {@link #TOLERANCE}:
     * normalising would mislead.
     */
    public boolean notInStep() {
        return Math.abs(slope - 1) > Math.max(SIGNIFICANCE * stderr, TOLERANCE);
    }

    /** Whether the slope is not {@link #notInStep} and {@link #SIGNIFICANCE} standard errors from 0. */
    public boolean inStep() {
        return !notInStep() && slope > SIGNIFICANCE * stderr;
    }

    /** "throughput did not follow the reference workload (slope -0.22 ± 0.19 over 16 pairs of repeats; 1 = in step)". */
    public String describe() {
        return String.format(Locale.ROOT, "throughput %s the reference workload (slope %.2f ± %.2f over %d pairs of "
                        + "repeats; 1 = in step, 0 = unmoved by it)",
                notInStep() ? "did not follow" : inStep() ? "followed" : "may or may not have followed",
                slope, stderr, pairs);
    }
}
