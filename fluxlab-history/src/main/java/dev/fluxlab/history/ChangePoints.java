package dev.fluxlab.history;

import dev.fluxlab.model.run.Stat;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Finds the runs at which a figure's level changed, in a chronological series of per-run medians.
 *
 * <p><b>Method</b> (binary segmentation). In a segment of the series, every split point that leaves at least
 * {@link #MIN_SEGMENT} runs on each side is a candidate; the candidate that explains most of the segment's variance
 * (largest {@code k(n-k)/n * (mean(left) - mean(right))^2}, the least-squares split) is tested with the two-sided
 * Mann-Whitney U test (Apache Commons Statistics; exact p-values for small samples without ties). It is a change point
 * when that p-value is at most {@link #ALPHA} and the relative difference of the two sides' medians exceeds the median
 * of the noise floors of the runs in the segment (each run's repeat range, at least its recorded A/A floor; the fixed
 * default for a single repeat). The search then repeats on both sides. The rank test makes a single outlier count as
 * one rank, not as a level, so one bad run is never a change point; differences inside the noise floor are ignored
 * whatever their p-value, which is also what keeps the choice of the split from the data from producing changes out
 * of noise (no multiple-testing correction on top: with it, four runs on each side of a step could never be enough).
 * With few runs the test has little power: a step needs at least three runs on each side and eight in all (three
 * against five, p = 0.036 at best; four against four, 0.029) to reach {@link #ALPHA} at all (three against four: 0.057).
 */
public final class ChangePoints {

    /** Significance of the test at a segment's least-squares split (no multiple-testing correction: see above). */
    public static final double ALPHA = 0.05;

    /** Runs needed on each side of a change point (3 against 3 cannot reach {@link #ALPHA}; 3 against 5 can). */
    public static final int MIN_SEGMENT = 3;

    /** Runs a series needs before any split can reach {@link #ALPHA} (3 against 5 or 4 against 4; 3 against 4: 0.057). */
    public static final int MIN_RUNS = 8;

    /** The method in one sentence, for output footers. */
    public static final String METHOD = "change points: binary segmentation, two-sided Mann-Whitney U test at p <= "
            + ALPHA + " at the least-squares split of a segment, at least " + MIN_SEGMENT
            + " runs on each side and " + MIN_RUNS + " in all (fewer cannot reach p <= " + ALPHA
            + "), and a level change larger than the runs' noise floor.";

    private static final MannWhitneyUTest TEST = MannWhitneyUTest.withDefaults();

    private ChangePoints() {
    }

    /**
     * One change point.
     *
     * @param index    the first run of the new level (0-based position in the series)
     * @param before   median of the segment before it
     * @param after    median of the segment after it
     * @param pValue   the test's two-sided p-value
     * @param floor    the noise floor the change had to exceed (relative)
     */
    public record Change(int index, double before, double after, double pValue, double floor) {

        /** after / before - 1. */
        public double relative() {
            return after / before - 1;
        }
    }

    /**
     * The change points of {@code values}, in order of position.
     *
     * @param values chronological per-run medians (NaN entries are not allowed; leave such runs out)
     * @param floors per-run relative noise floors, same length
     */
    public static List<Change> find(double[] values, double[] floors) {
        if (values.length != floors.length) {
            throw new IllegalArgumentException("values and floors differ in length");
        }
        List<Change> out = new ArrayList<>();
        split(values, floors, 0, values.length, out);
        out.sort(Comparator.comparingInt(Change::index));
        return out;
    }

    private static void split(double[] values, double[] floors, int from, int to, List<Change> out) {
        if (to - from < Math.max(2 * MIN_SEGMENT, MIN_RUNS)) {
            return;
        }
        int best = -1;
        double bestScore = -1;
        for (int k = from + MIN_SEGMENT; k <= to - MIN_SEGMENT; k++) {
            double diff = mean(values, from, k) - mean(values, k, to);
            double score = (double) (k - from) * (to - k) / (to - from) * diff * diff;
            if (score > bestScore) {
                bestScore = score;
                best = k;
            }
        }
        double p = TEST.test(Arrays.copyOfRange(values, from, best), Arrays.copyOfRange(values, best, to)).getPValue();
        if (p > ALPHA) {
            return;
        }
        double before = median(values, from, best);
        double after = median(values, best, to);
        double floor = median(floors, from, to);
        if (before == 0 || Math.abs(after / before - 1) <= floor) {
            return;
        }
        out.add(new Change(best, before, after, p, floor));
        split(values, floors, from, best, out);
        split(values, floors, best, to, out);
    }

    private static double mean(double[] v, int from, int to) {
        return Arrays.stream(v, from, to).average().orElse(Double.NaN);
    }

    private static double median(double[] v, int from, int to) {
        return Stat.of(Arrays.stream(v, from, to).boxed().toList()).median();
    }
}
