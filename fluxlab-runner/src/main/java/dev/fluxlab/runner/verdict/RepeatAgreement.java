package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.NoiseFloor;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.Stat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;

/**
 * Whether a cell's repeats agree, and how far repeats of one cell disagree across the run (the noise floor).
 *
 * <p>Repeats in fresh JVMs ({@code fork: per-cell}) are how a JVM that landed in a slow state shows itself: one repeat
 * far from the others. A median over such repeats hides it, so a cell whose throughput repeats lie further apart than
 * its bound, the larger of {@link #MIN_BOUND} and {@link #FLOOR_FACTOR} times the median disagreement of the run's
 * <em>other</em> cells, is flagged as bimodal with every repeat's figure, instead of being summarised as if it were
 * noise. The cell itself stays out of its own bound: in a run of few cells a bimodal cell would otherwise raise the
 * median it is judged against (two cells, repeats 9,086 and 30,655 req/s: a bound of 170 %, never reached).
 *
 * <p>The noise floor is a median (and worst) disagreement of measurements with nothing changed. With {@code --aa} every
 * cell runs an even number of repeats, interleaved, so the floor is measured on purpose ({@code aa-pairs}): each pair
 * of repeats 1 and 2, 3 and 4, ... of a cell gives {@code |A1 - A2| / mean}. Otherwise it comes from whatever repeats
 * the suite ran ({@code repeat-spread}): each cell with two or more gives {@code (max - min) / mean}. Every repeat that
 * measured counts, valid or not, except in cells flagged bimodal: their disagreement is a diagnosed state, shown on the
 * cell, and counted as noise it would set the floor of every other cell (one such cell at 97 % had made a 50 % drop of
 * another cell, whose repeats agreed within 8 %, "within noise" in {@code compare}). Their number is recorded with the
 * floor ({@link NoiseFloor#bimodalCells()}); when every cell that gives a figure is bimodal, the run has no floor.
 */
public final class RepeatAgreement {

    /** Least disagreement that counts as bimodal, whatever the floor: two JVMs of one cell 15 % apart are suspect. */
    public static final double MIN_BOUND = 0.15;
    /** A disagreement counts as bimodal above this many times the median A/A disagreement of the run's other cells. */
    public static final double FLOOR_FACTOR = 3.0;
    static final String MARK = "repeats disagree";

    private RepeatAgreement() {
    }

    /**
     * The run's cells, each flagged where its repeats disagree beyond its bound, and the run's noise floor (see the
     * class comment).
     *
     * @param cells the cells (null gives null cells and no floor)
     * @param floor the noise floor over the cells that agree; null when no cell that gives a pair or a spread agrees
     */
    public record Judged(List<CellResult> cells, NoiseFloor floor) {
    }

    /** Flags the bimodal cells and measures the floor over the others (see the class comment). */
    public static Judged judge(List<CellResult> cells, boolean aaPairs) {
        if (cells == null) {
            return new Judged(null, null);
        }
        List<List<Double>> gaps = cells.stream().map(c -> gaps(c, aaPairs)).toList();
        List<CellResult> out = new ArrayList<>();
        List<Double> agreeing = new ArrayList<>();
        int leftOut = 0;
        for (int i = 0; i < cells.size(); i++) {
            CellResult c = cells.get(i);
            List<Double> others = new ArrayList<>();
            for (int j = 0; j < cells.size(); j++) {
                if (j != i) {
                    others.addAll(gaps.get(j));
                }
            }
            CellResult flagged = flag(c, bound(others));
            if (bimodal(flagged) && !gaps.get(i).isEmpty()) {
                leftOut++;
            } else {
                agreeing.addAll(gaps.get(i));
            }
            out.add(flagged);
        }
        // no cell agreed: a floor measured on cells diagnosed as disturbed is not noise (104 % from one such cell made
        // compare call every difference "within noise"); the cells carry their own flags
        return new Judged(out, floor(agreeing, aaPairs, leftOut));
    }

    /** How far apart repeats may lie, given the other cells' disagreements: max(15 %, 3x their median). */
    static double bound(List<Double> otherGaps) {
        return otherGaps.isEmpty() ? MIN_BOUND : Math.max(MIN_BOUND, FLOOR_FACTOR * Stat.of(otherGaps).median());
    }

    /** The cell, flagged when its repeats disagree beyond {@code bound}; a cell flagged before is left as it is. */
    private static CellResult flag(CellResult c, double bound) {
        double gap = disagreement(c);
        if (Double.isNaN(gap) || gap <= bound || bimodal(c)) {
            return c;
        }
        List<String> figures = measured(c).stream().map(r -> String.format(Locale.ROOT, "#%d %,.0f",
                r.repeat(), r.load().throughputRps())).toList();
        return c.withMoreReasons(List.of(String.format(Locale.ROOT,
                "%s%s: throughput by repeat %s req/s lie %.0f %% apart (bound %.0f %%): bimodal, one JVM may have "
                        + "landed in a slow state; read the repeats, not the median", Verdict.WARNING, MARK,
                String.join(", ", figures), gap * 100, bound * 100)));
    }

    /** Whether the cell carries the {@value #MARK} warning. */
    private static boolean bimodal(CellResult c) {
        return c.reasons() != null && c.reasons().stream().anyMatch(r -> r.contains(MARK));
    }

    /** The cell's disagreements (fractions): its A/A pairs' gaps, or its one repeat spread; empty when it has none. */
    private static List<Double> gaps(CellResult c, boolean aaPairs) {
        List<Double> g = aaPairs ? pairGaps(c) : List.of(disagreement(c));
        return g.stream().filter(v -> !Double.isNaN(v)).toList();
    }

    private static NoiseFloor floor(List<Double> gaps, boolean aaPairs, int bimodal) {
        if (gaps.isEmpty()) {
            return null;
        }
        Stat s = Stat.of(gaps.stream().map(g -> g * 100).toList());
        return new NoiseFloor(round(s.median()), round(s.max()), gaps.size(), aaPairs ? "aa-pairs" : "repeat-spread",
                bimodal > 0 ? bimodal : null);
    }

    /** (max - min) / mean of the cell's throughput over repeats that measured; NaN below two such repeats. */
    static double disagreement(CellResult c) {
        List<RepeatResult> m = measured(c);
        if (m.size() < 2) {
            return Double.NaN;
        }
        Stat s = Stat.of(m.stream().map(r -> r.load().throughputRps()).toList());
        return s.mean() > 0 ? (s.max() - s.min()) / s.mean() : Double.NaN;
    }

    /** {@code |A1 - A2| / mean} of each A/A pair of the cell: repeats 1 and 2, 3 and 4, ..., where both measured. */
    static List<Double> pairGaps(CellResult c) {
        Map<Integer, Double> byRepeat = new HashMap<>();
        measured(c).forEach(r -> byRepeat.put(r.repeat(), r.load().throughputRps()));
        List<Double> out = new ArrayList<>();
        int last = byRepeat.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
        for (int first = 1; first < last; first += 2) {
            Double a = byRepeat.get(first), b = byRepeat.get(first + 1);
            if (a != null && b != null) {
                out.add(Math.abs(a - b) / ((a + b) / 2));
            }
        }
        return out;
    }

    private static List<RepeatResult> measured(CellResult c) {
        return c.repeats() == null ? List.of() : c.repeats().stream()
                .filter(r -> r.load() != null && r.load().throughputRps() > 0).toList();
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
