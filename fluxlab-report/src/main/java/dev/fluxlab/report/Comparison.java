package dev.fluxlab.report;

import dev.fluxlab.model.claim.RecordedClaims;
import dev.fluxlab.model.http.HttpUrl;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.MachineSpeed;
import dev.fluxlab.model.run.NoiseBand;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.SpeedResponse;
import dev.fluxlab.model.run.Stat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Two runs side by side, cell by cell (matched by cell id, or by the knob values when a cell has no id), as data.
 *
 * <p><b>Verdict rule.</b> Let {@code r = B/A} be the ratio of the median throughputs and, for each side,
 * {@code s = (max - min) / 2 / median} its relative half range over the repeats (0 for a single repeat).
 * The noise band is {@code s(A) + s(B)}; when either side has a single repeat its noise is unknown, so the band is at
 * least {@link #SINGLE_RUN_FLOOR} (3%). The verdict is {@code within noise} when {@code |r - 1|} is within the band,
 * or when both sides have repeats and their min-max ranges overlap; otherwise {@code better} (B has more
 * throughput) or {@code worse}. It is {@code n/a} when a side has no throughput figure. When a run recorded its noise
 * floor ({@link NoiseBasis}), the band is at least that floor. p99 latency gets the same rule with the opposite
 * direction ({@link #higherIsBetter}).
 *
 * <p>With {@code normaliseSpeed}, B's throughput is divided by speed(B) / speed(A), the ratio of the two runs' typical
 * machine speeds ({@link RunResult#typicalMachineSpeed}: the median of the speeds measured before their repeats, else
 * before the run), so that a machine that ran faster or slower is not read as a change of the system under test;
 * latency is left as measured. The same speeds decide the fingerprint's machine-speed warning.
 *
 * @param a      label of the first run (its id)
 * @param b      label of the second run
 * @param rows   cells present in both runs, in A's order
 * @param onlyA  labels of cells only in A
 * @param onlyB  labels of cells only in B
 * @param noise  which noise floor the verdicts used
 * @param fingerprint how B's environment differs from A's in what moves numbers (empty when it does not)
 * @param requests the matched cells that sent another request in B than in A ({@link #requestDifferences}; empty
 *                 when none did)
 * @param speedNote how throughput was normalised by machine speed; null when it was not
 * @param speedEvidence whether throughput followed the machine-speed reference in the two runs' own repeats
 *                 ({@link #speedEvidence}); null when normalising was not asked and the speeds agree, or too few pairs
 * @param claims how the verdicts of the suites' claims moved from A to B, each run's claims judged again by this
 *               fluxlab from its recorded cells, as {@code fluxlab report} does (empty when neither run has claims)
 * @param separate what two separate runs can and cannot tell apart ({@link #separateRuns}); null when too few cells
 */
public record Comparison(String a, String b, List<Row> rows, List<String> onlyA, List<String> onlyB, NoiseBasis noise,
                         List<Fingerprint.Difference> fingerprint, List<Fingerprint.Difference> requests,
                         String speedNote, String speedEvidence, List<ClaimMove> claims, String separate) {

    /** Fewest matched valid cells from which {@link #separateRuns} estimates the runs' own scatter. */
    static final int MIN_SEPARATE_CELLS = 4;

    /**
     * What a comparison of two separate runs can say, in words: the machine's speed moves between runs and nothing in
     * them cancels it, so a move of the median cell (B/A over the valid matched cells) is a change of every cell or a
     * step of the machine alike; around it the cells scatter by {@code s}, 1.4826 times the median absolute deviation
     * of their log ratios (robust to a few cells that really changed), and a single cell's change below about
     * {@code exp(2 s) - 1} cannot be told from that scatter. Null below {@link #MIN_SEPARATE_CELLS} cells.
     */
    static String separateRuns(List<Row> rows) {
        double[] logs = rows.stream().filter(r -> r.invalid().isEmpty() && r.ratio() > 0 && Double.isFinite(r.ratio()))
                .mapToDouble(r -> Math.log(r.ratio())).sorted().toArray();
        if (logs.length < MIN_SEPARATE_CELLS) {
            return null;
        }
        double m = median(logs);
        double[] dev = java.util.Arrays.stream(logs).map(x -> Math.abs(x - m)).sorted().toArray();
        double s = 1.4826 * median(dev);
        return String.format(Locale.ROOT, "separate runs: the machine's speed moves between runs (on a shared VM by up "
                + "to 30 %% for minutes) and nothing in two separate runs cancels it. The median cell moved by %+.1f %% "
                + "(B/A %.3f over %d valid cells), which a change of every cell and a step of the machine would both "
                + "explain; around it the cells scatter by %.1f %% (scaled MAD), so a single cell's change under about "
                + "%.0f %% cannot be told from this noise. To decide, measure A and B in one run: a suite's 'ab' or "
                + "its claims are decided by interleaved trials (docs/suites.md)", (Math.exp(m) - 1) * 100, Math.exp(m),
                logs.length, s * 100, (Math.exp(2 * s) - 1) * 100);
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /**
     * The run settings that differ (measure, warm-up, thresholds, fork, the --set overrides...): the same suite name
     * with another measured window or path override is another experiment under the same cell ids.
     */
    static List<Fingerprint.Difference> settingDifferences(Map<String, Object> a, Map<String, Object> b) {
        if (a == null || b == null) {
            return List.of();
        }
        java.util.Set<String> keys = new java.util.TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        List<Fingerprint.Difference> out = new ArrayList<>();
        for (String k : keys) {
            if (!java.util.Objects.equals(a.get(k), b.get(k))) {
                out.add(new Fingerprint.Difference("setting " + k, String.valueOf(a.get(k)), String.valueOf(b.get(k))));
            }
        }
        return out;
    }

    /** Cells whose request differs that are named one by one; the rest are counted. */
    static final int REQUEST_DIFFERENCES_NAMED = 3;

    /**
     * The matched cells whose measured request differs (method, or path and query, as the injector sent them; the
     * port is left out): a scenario whose path was edited keeps its cell id, so the same id can name another
     * experiment, which the suite name and settings do not show.
     */
    static List<Fingerprint.Difference> requestDifferences(List<CellView[]> pairs) {
        List<Fingerprint.Difference> out = new ArrayList<>();
        int more = 0;
        for (CellView[] p : pairs) {
            String ra = request(p[0]);
            String rb = request(p[1]);
            if (ra == null || rb == null || ra.equals(rb)) {
                continue;
            }
            if (out.size() < REQUEST_DIFFERENCES_NAMED) {
                out.add(new Fingerprint.Difference("request of " + p[0].label(), ra, rb));
            } else {
                more++;
            }
        }
        if (more > 0) {
            out.add(new Fingerprint.Difference("request", "as in A", more + " more cell" + (more == 1 ? "" : "s")
                    + " sent another request in B"));
        }
        return out;
    }

    /** {@code GET /plaintext}: the method and the path and query of a cell's representative load; null if none. */
    static String request(CellView c) {
        RepeatResult r = c.representativeRepeat();
        if (r == null || r.load() == null || r.load().target() == null) {
            return null;
        }
        return (r.load().method() == null ? "" : r.load().method() + " ") + HttpUrl.pathAndQuery(r.load().target());
    }

    /** Smallest noise band assumed when a side has a single repeat. */
    public static final double SINGLE_RUN_FLOOR = NoiseBand.SINGLE_REPEAT_FLOOR;

    /** The rule in one sentence, for output footers. */
    public static final String RULE = "verdict: 'within noise' when |B/A - 1| <= relative half range of A + that of B (at least "
            + NoiseBand.SINGLE_REPEAT_FLOOR_PCT + "% when a side has a single repeat, and at least a recorded noise floor) or when both have repeats and their "
            + "min-max ranges overlap; else 'better' (B faster; for p99, lower) or 'worse'.";

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
     * @param p99Verdict the verdict on p99 (lower is better)
     */
    public record Row(String key, String label, Stat a, Stat b, double ratio, Verdict verdict,
                      Stat p99a, Stat p99b, double p99Ratio, String invalid, Verdict p99Verdict) {
    }

    /**
     * A cell that got worse beyond noise and beyond the threshold.
     *
     * @param row    the cell
     * @param figure {@code throughput} or {@code p99}
     * @param ratio  B/A of that figure
     */
    public record Regression(Row row, String figure, double ratio) {

        /** {@code h2c / epoll: throughput 0.82x}. */
        public String text() {
            return row.label() + ": " + figure + " " + Numbers.ratio(ratio) + " (" + (ratio > 1 ? "+" : "")
                    + Numbers.percent(ratio - 1) + ")";
        }
    }

    /** The figure of the latency verdict. */
    static final Figure P99 = Figure.parse("latency_p99_ms");

    public static Comparison of(RunResult a, RunResult b) {
        try {
            return of(a, b, false);
        } catch (ReportInputException e) {
            throw new IllegalStateException("not normalising cannot fail", e);
        }
    }

    /**
     * Compares {@code b} with {@code a}; see the class comment.
     *
     * @throws ReportInputException when {@code normaliseSpeed} is asked and a run recorded no machine speed
     */
    public static Comparison of(RunResult a, RunResult b, boolean normaliseSpeed) throws ReportInputException {
        MachineSpeed speedA = a.typicalMachineSpeed();
        MachineSpeed speedB = b.typicalMachineSpeed();
        double speedRatio = Fingerprint.speedRatio(speedA, speedB);
        String speedNote = null;
        if (normaliseSpeed) {
            if (Double.isNaN(speedRatio)) {
                throw new ReportInputException("--normalise-speed needs the machine speed of both runs (measured before "
                        + "their repeats, or before they started), and " + (speedA != null ? "B (" + name(b) + ")"
                        : "A (" + name(a) + ")") + " recorded none; compare without --normalise-speed");
            }
            speedNote = "throughput normalised by machine speed: B's req/s divided by speed(B)/speed(A) = "
                    + String.format(Locale.ROOT, "%.3f", speedRatio) + " (A " + describe(speedA) + ", B "
                    + describe(speedB) + "); latency as measured";
        }
        double scaleB = normaliseSpeed ? 1 / speedRatio : 1;
        ReportModel ma = ReportModel.of(a);
        ReportModel mb = ReportModel.of(b);
        Map<String, CellView> cellsB = new LinkedHashMap<>();
        for (CellView c : mb.cells()) {
            cellsB.put(key(c), c);
        }
        List<CellView[]> pairs = new ArrayList<>();
        List<String> onlyA = new ArrayList<>();
        for (CellView ca : ma.cells()) {
            CellView cb = cellsB.remove(key(ca));
            if (cb == null) {
                onlyA.add(describe(ca));
            } else {
                pairs.add(new CellView[]{ca, cb});
            }
        }
        boolean anyRepeats = pairs.stream().anyMatch(p -> p[0].throughput().n() > 1 && p[1].throughput().n() > 1);
        NoiseBasis noise = NoiseBasis.of(a, b, anyRepeats);
        List<Row> rows = new ArrayList<>();
        for (CellView[] p : pairs) {
            CellView ca = p[0];
            CellView cb = p[1];
            Stat ta = ca.throughput();
            Stat tb = scale(cb.throughput(), scaleB);
            Stat pa = P99.value().apply(ca);
            Stat pb = P99.value().apply(cb);
            String invalid = (ca.valid() ? "" : "A") + (cb.valid() ? "" : (ca.valid() ? "B" : "+B"));
            rows.add(new Row(key(ca), ca.label(), ta, tb, ratio(ta, tb), verdict(ta, tb, noise.floor(), Figure.THROUGHPUT.higherIsBetter()),
                    pa, pb, ratio(pa, pb), invalid, verdict(pa, pb, noise.floor(), higherIsBetter(P99))));
        }
        List<String> onlyB = cellsB.values().stream().map(Comparison::describe).toList();
        double speedFloor = Math.max(noise.floor(), SINGLE_RUN_FLOOR);
        List<Fingerprint.Difference> differ = new ArrayList<>();
        if (!java.util.Objects.equals(a.suite(), b.suite())) {
            // cells are matched by id alone: two suites may name different experiments alike
            differ.add(new Fingerprint.Difference("suite", a.suite(), b.suite()));
        }
        differ.addAll(settingDifferences(a.settings(), b.settings()));
        differ.addAll(Fingerprint.differences(a.environment(), speedA, b.environment(), speedB, speedFloor));
        boolean speedDiffers = differ.stream().anyMatch(d -> d.what().equals(Fingerprint.MACHINE_SPEED));
        return new Comparison(name(a), name(b), rows, onlyA, onlyB, noise, List.copyOf(differ),
                List.copyOf(requestDifferences(pairs)), speedNote,
                speedEvidence(a, b, normaliseSpeed || speedDiffers, normaliseSpeed),
                ClaimMove.of(a.withClaims(RecordedClaims.rejudged(a)), b.withClaims(RecordedClaims.rejudged(b))),
                separateRuns(rows));
    }

    /**
     * What the two runs' own repeats say of throughput against the machine-speed reference ({@link SpeedResponse}),
     * when the speed matters here ({@code asked}: normalising, or the runs' speeds differ); null otherwise or when
     * the runs hold too few pairs of repeats. A warning when normalising and throughput did not follow the reference.
     */
    static String speedEvidence(RunResult a, RunResult b, boolean asked, boolean normalising) {
        if (!asked) {
            return null;
        }
        List<CellResult> cells = new ArrayList<>();
        cells.addAll(a.cells() == null ? List.of() : a.cells());
        cells.addAll(b.cells() == null ? List.of() : b.cells());
        SpeedResponse r = SpeedResponse.of(cells);
        if (r == null) {
            return null;
        }
        if (normalising && r.notInStep()) {
            return "WARNING: --normalise-speed assumes that throughput moves in step with the reference workload, but "
                    + "in the two runs' own repeats " + r.describe() + ": the normalised figures likely mislead";
        }
        return "machine speed against throughput: in the two runs' own repeats " + r.describe()
                + (!normalising && r.notInStep() ? ": the speed difference need not have moved these figures" : "");
    }

    /**
     * The cells that got worse beyond noise (verdict {@code worse}) and by more than {@code threshold} (relative, e.g.
     * 0.05): throughput lower than {@code 1 - threshold} times A's, or p99 higher than {@code 1 + threshold} times A's.
     */
    public List<Regression> regressions(double threshold) {
        List<Regression> out = new ArrayList<>();
        for (Row r : rows) {
            if (r.verdict() == Verdict.WORSE && r.ratio() < 1 - threshold) {
                out.add(new Regression(r, "throughput", r.ratio()));
            }
            if (r.p99Verdict() == Verdict.WORSE && r.p99Ratio() > 1 + threshold) {
                out.add(new Regression(r, "p99", r.p99Ratio()));
            }
        }
        return out;
    }

    /**
     * The cells A measured that B did not: those only in A, and those whose B side has no throughput to compare (no
     * repeat, or none with a figure). A regression gate cannot pass them: an empty or crashed B would pass as
     * "no regression".
     */
    public List<String> unmeasuredInB() {
        List<String> out = new ArrayList<>(onlyA);
        for (Row r : rows) {
            boolean measuredA = r.a() != null && r.a().n() > 0 && r.a().median() > 0;
            boolean measuredB = r.b() != null && r.b().n() > 0 && !Double.isNaN(r.b().median());
            if (measuredA && !measuredB) {
                out.add(r.label());
            }
        }
        return out;
    }

    /**
     * The cells valid in A and invalid in B (errors over the threshold, a crashed target, an unsettled warm-up...): a
     * regression gate cannot pass them either, whatever B's figures; a run whose every cell failed passed as "no
     * regression".
     */
    public List<String> invalidInB() {
        return rows.stream().filter(r -> "B".equals(r.invalid())).map(Row::label).toList();
    }

    /** Whether more of {@code figure} is better ({@link Figure#higherIsBetter}, the direction its table declares). */
    public static boolean higherIsBetter(Figure figure) {
        return figure.higherIsBetter();
    }

    /** The verdict for throughput figures {@code a} and {@code b} (higher is better, no recorded floor); see the class comment. */
    public static Verdict verdict(Stat a, Stat b) {
        return verdict(a, b, 0, true);
    }

    /**
     * The verdict for {@code b} against {@code a}; see the class comment.
     *
     * @param floor          a recorded noise floor the band is at least (0 for none)
     * @param higherIsBetter the figure's direction
     */
    public static Verdict verdict(Stat a, Stat b, double floor, boolean higherIsBetter) {
        if (a == null || b == null || a.n() == 0 || b.n() == 0 || !(a.median() > 0) || Double.isNaN(b.median())) {
            return Verdict.UNKNOWN;
        }
        if (NoiseBand.indistinguishable(b, a, 1, floor)) {
            return Verdict.WITHIN_NOISE;
        }
        return (b.median() > a.median()) == higherIsBetter ? Verdict.BETTER : Verdict.WORSE;
    }

    private static Stat scale(Stat s, double f) {
        return f == 1 ? s : new Stat(s.median() * f, s.min() * f, s.max() * f, s.mean() * f, s.stdev() * f, s.n());
    }

    /** {@code 265,000,000 ops/s (median of 16 repeats)} or {@code ... (before the run)}. */
    private static String describe(MachineSpeed s) {
        return Numbers.integer(s.opsPerSecond()) + " ops/s (" + (s.at() == null ? "median of " + s.samples() + " repeats"
                : "before the run") + ")";
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
