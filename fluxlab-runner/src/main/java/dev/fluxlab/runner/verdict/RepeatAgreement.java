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
 * {@link #agreementBound(NoiseFloor)} is flagged as bimodal with every repeat's figure, instead of being summarised
 * as if it were noise.
 *
 * <p>The noise floor is a median (and worst) disagreement of measurements with nothing changed. With {@code --aa} every
 * cell runs an even number of repeats, interleaved, so the floor is measured on purpose ({@code aa-pairs}): each pair
 * of repeats 1 and 2, 3 and 4, ... of a cell gives {@code |A1 - A2| / mean}. Otherwise it comes from whatever repeats
 * the suite ran ({@code repeat-spread}): each cell with two or more gives {@code (max - min) / mean}. Every repeat that
 * measured counts, valid or not: a repeat made invalid by a slow JVM is exactly the disagreement the floor must show.
 */
public final class RepeatAgreement {

    /** Least disagreement that counts as bimodal, whatever the floor: two JVMs of one cell 15 % apart are suspect. */
    public static final double MIN_BOUND = 0.15;
    /** A disagreement counts as bimodal above this many times the run's median A/A disagreement. */
    public static final double FLOOR_FACTOR = 3.0;
    static final String MARK = "repeats disagree";

    private RepeatAgreement() {
    }

    /** The run's noise floor (see the class comment); null when no cell gives a pair or a spread. */
    public static NoiseFloor noiseFloor(List<CellResult> cells, boolean aaPairs) {
        if (cells == null) {
            return null;
        }
        List<Double> gaps = new ArrayList<>();
        for (CellResult c : cells) {
            List<Double> cell = aaPairs ? pairGaps(c) : List.of(disagreement(c));
            cell.stream().filter(g -> !Double.isNaN(g)).forEach(g -> gaps.add(g * 100));
        }
        if (gaps.isEmpty()) {
            return null;
        }
        Stat s = Stat.of(gaps);
        return new NoiseFloor(round(s.median()), round(s.max()), gaps.size(), aaPairs ? "aa-pairs" : "repeat-spread");
    }

    /** How far apart repeats may lie before a cell is bimodal: the larger of 15 % and 3x the run's median floor. */
    public static double agreementBound(NoiseFloor floor) {
        return floor == null ? MIN_BOUND : Math.max(MIN_BOUND, FLOOR_FACTOR * floor.medianPct() / 100);
    }

    /** The cells, each flagged where its repeats disagree beyond {@link #agreementBound(NoiseFloor)}. */
    public static List<CellResult> flag(List<CellResult> cells, NoiseFloor floor) {
        if (cells == null) {
            return null;
        }
        double bound = agreementBound(floor);
        List<CellResult> out = new ArrayList<>();
        for (CellResult c : cells) {
            double gap = disagreement(c);
            if (Double.isNaN(gap) || gap <= bound || (c.reasons() != null && c.reasons().stream().anyMatch(r -> r.contains(MARK)))) {
                out.add(c);
                continue;
            }
            List<String> figures = measured(c).stream().map(r -> String.format(Locale.ROOT, "#%d %,.0f",
                    r.repeat(), r.load().throughputRps())).toList();
            out.add(c.withMoreReasons(List.of(String.format(Locale.ROOT,
                    "%s%s: throughput by repeat %s req/s lie %.0f %% apart (bound %.0f %%): bimodal, one JVM may have "
                            + "landed in a slow state; read the repeats, not the median", Verdict.WARNING, MARK,
                    String.join(", ", figures), gap * 100, bound * 100))));
        }
        return out;
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
