package dev.fluxlab.report;

import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.Stat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two runs side by side, cell by cell (matched by cell id, or by the knob values when a cell has no id), as data.
 *
 * <p><b>Verdict rule.</b> Let {@code r = B/A} be the ratio of the median throughputs and, for each side,
 * {@code s = (max - min) / 2 / median} its relative half range over the repeats (0 for a single repeat).
 * The noise band is {@code s(A) + s(B)}; when either side has a single repeat its noise is unknown, so the band is at
 * least {@link #SINGLE_RUN_FLOOR} (3%). The verdict is {@code within noise} when {@code |r - 1|} is within the band,
 * or when both sides have repeats and their min-max ranges overlap; otherwise {@code better} (B has more
 * throughput) or {@code worse}. It is {@code n/a} when a side has no throughput figure.
 *
 * @param a      label of the first run (its id)
 * @param b      label of the second run
 * @param rows   cells present in both runs, in A's order
 * @param onlyA  labels of cells only in A
 * @param onlyB  labels of cells only in B
 */
public record Comparison(String a, String b, List<Row> rows, List<String> onlyA, List<String> onlyB) {

    /** Smallest noise band assumed when a side has a single repeat. */
    public static final double SINGLE_RUN_FLOOR = 0.03;

    /** The rule in one sentence, for output footers. */
    public static final String RULE = "verdict: 'within noise' when |B/A - 1| <= relative half range of A + that of B (at least "
            + "3% when a side has a single repeat) or when both have repeats and their min-max ranges overlap;"
            + " else 'better' (B faster) or 'worse'.";

    public enum Verdict {
        BETTER("better"), WORSE("worse"), WITHIN_NOISE("within noise"), UNKNOWN("n/a");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /**
     * One matched cell.
     *
     * @param key      the matching key (cell id)
     * @param label    the knob values that vary
     * @param a        A's throughput
     * @param b        B's throughput
     * @param ratio    B/A of the medians
     * @param verdict  see the class comment
     * @param p99a     A's p99 latency (ms)
     * @param p99b     B's p99 latency (ms)
     * @param p99Ratio B/A of p99 (lower is better)
     * @param invalid  which side has an invalid cell ({@code A}, {@code B}, {@code A+B}) or empty
     */
    public record Row(String key, String label, Stat a, Stat b, double ratio, Verdict verdict,
                      Stat p99a, Stat p99b, double p99Ratio, String invalid) {
    }

    public static Comparison of(RunResult a, RunResult b) {
        ReportModel ma = ReportModel.of(a);
        ReportModel mb = ReportModel.of(b);
        Map<String, CellView> cellsB = new LinkedHashMap<>();
        for (CellView c : mb.cells()) {
            cellsB.put(key(c), c);
        }
        List<Row> rows = new ArrayList<>();
        List<String> onlyA = new ArrayList<>();
        for (CellView ca : ma.cells()) {
            CellView cb = cellsB.remove(key(ca));
            if (cb == null) {
                onlyA.add(describe(ca));
                continue;
            }
            Stat ta = ca.throughput();
            Stat tb = cb.throughput();
            String invalid = (ca.valid() ? "" : "A") + (cb.valid() ? "" : (ca.valid() ? "B" : "+B"));
            rows.add(new Row(key(ca), ca.label(), ta, tb, ratio(ta, tb), verdict(ta, tb),
                    ca.latency("p99"), cb.latency("p99"), ratio(ca.latency("p99"), cb.latency("p99")), invalid));
        }
        List<String> onlyB = cellsB.values().stream().map(Comparison::describe).toList();
        return new Comparison(name(a), name(b), rows, onlyA, onlyB);
    }

    /** The verdict for throughput figures {@code a} and {@code b} (higher is better); see the class comment. */
    public static Verdict verdict(Stat a, Stat b) {
        if (a == null || b == null || a.n() == 0 || b.n() == 0 || !(a.median() > 0) || Double.isNaN(b.median())) {
            return Verdict.UNKNOWN;
        }
        double r = b.median() / a.median();
        double band = a.relativeSpread() + b.relativeSpread();
        if (a.n() < 2 || b.n() < 2) {
            band = Math.max(band, SINGLE_RUN_FLOOR);
        }
        boolean overlap = a.n() >= 2 && b.n() >= 2 && a.min() <= b.max() && b.min() <= a.max();
        if (overlap || Math.abs(r - 1) <= band + 1e-9) {
            return Verdict.WITHIN_NOISE;
        }
        return r > 1 ? Verdict.BETTER : Verdict.WORSE;
    }

    private static double ratio(Stat a, Stat b) {
        if (a == null || b == null || a.n() == 0 || b.n() == 0 || a.median() == 0) {
            return Double.NaN;
        }
        return b.median() / a.median();
    }

    private static String key(CellView c) {
        return c.cell().id() != null ? c.cell().id() : Knobs.key(c.cell().knobs());
    }

    private static String describe(CellView c) {
        String key = key(c);
        return c.label().equals(key) ? key : c.label() + " (" + key + ")";
    }

    private static String name(RunResult r) {
        return r.runId() != null ? r.runId() : r.suite();
    }
}
