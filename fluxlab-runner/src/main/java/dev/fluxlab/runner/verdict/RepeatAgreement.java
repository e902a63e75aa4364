package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.NoiseFloor;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.Stat;

import java.util.ArrayList;
import java.util.Comparator;
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
        List<RepeatResult> m = measured(c);
        List<String> figures = m.stream().map(r -> String.format(Locale.ROOT, "#%d %,.0f",
                r.repeat(), r.load().throughputRps())).toList();
        Comparator<RepeatResult> byRate = Comparator.comparingDouble(r -> r.load().throughputRps());
        return c.withMoreReasons(List.of(String.format(Locale.ROOT,
                "%s%s: throughput by repeat %s req/s lie %.0f %% apart (bound %.0f %%): bimodal; %s; read the repeats, "
                        + "not the median", Verdict.WARNING, MARK, String.join(", ", figures), gap * 100, bound * 100,
                witness(m.stream().min(byRate).orElseThrow(), m.stream().max(byRate).orElseThrow()))));
    }

    /** CPU per request that counts as having risen between two repeats: 15 % more. */
    static final double CPU_RISE = 1.15;

    /**
     * What the processes' CPU per request says about the slowest repeat against the fastest. The injector does the
     * same work per request whatever state the target is in, so it is the witness. In an A/A run of the quick suite on
     * this 2-core VM (2026-11-25) three cells' slow repeats had the target at 24.8-28.1 µs against 15.2-16.5 µs per
     * request and the injector at 14.1-15.9 µs against 9.2-10.1 µs, with the reference workload at full speed before
     * them: every process was slower per request, so the machine or its kernel was, not one JVM. A target alone
     * spending more per request is the slow JVM state the flag was made for (194 against 12-20 µs in an h2c cell).
     */
    static String witness(RepeatResult slow, RepeatResult fast) {
        double ts = cpuPerRequest(slow, ProcessStats.TARGET), tf = cpuPerRequest(fast, ProcessStats.TARGET);
        double is = cpuPerRequest(slow, ProcessStats.INJECTOR), inf = cpuPerRequest(fast, ProcessStats.INJECTOR);
        if (!(ts > 0 && tf > 0)) {
            return "one JVM may have landed in a slow state";
        }
        double rt = ts / tf;
        String targets = String.format(Locale.ROOT, "the target's CPU per request %.1f µs against %.1f µs", ts, tf);
        if (!(is > 0 && inf > 0)) {
            return rt >= CPU_RISE ? targets + " in the faster repeat: one JVM may have landed in a slow state"
                    : targets + " in the faster repeat: the processes got less CPU in the slower one";
        }
        double ri = is / inf;
        String both = String.format(Locale.ROOT, "%s, the injector's %.1f µs against %.1f µs, in the faster repeat",
                targets, is, inf);
        if (rt >= CPU_RISE && ri >= 1 + (rt - 1) / 2) {
            return both + ": every process did the same work slower, so the machine or its kernel was slower then, "
                    + "not one JVM";
        }
        if (rt >= CPU_RISE) {
            return both + ": the target alone spent more per request, so its JVM was in a slower state";
        }
        return both + ": CPU per request hardly moved, so the processes got less CPU in the slower repeat (another "
                + "process, or the machine)";
    }

    /** The CPU per request of the repeat's processes of {@code role}, summed (a chain has several targets); 0 if none. */
    private static double cpuPerRequest(RepeatResult r, String role) {
        return r.processes() == null ? 0 : r.processes().stream().filter(p -> role.equals(p.role()))
                .mapToDouble(p -> p.cpuPerRequestUs()).sum();
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
                out.add(NoiseFloor.disagreement(a, b));
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
