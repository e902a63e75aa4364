package dev.fluxlab.model.claim;

import dev.fluxlab.model.run.ClaimVerdict;
import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.FigureName;
import dev.fluxlab.model.run.FigureKind;
import dev.fluxlab.model.run.FigureValue;
import dev.fluxlab.model.run.NoiseBand;
import dev.fluxlab.model.run.NoiseFloor;
import dev.fluxlab.model.run.Stat;
import dev.fluxlab.model.decide.TrialRecord;
import dev.fluxlab.model.theory.TheoryResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Judges a suite's claims against a run's cells. A claim is <b>inconclusive</b> when a compared cell did not run, is
 * invalid or lacks the figure, was measured while one of its JVMs was still compiling and the verdict depends on how
 * far that JIT had got ({@link ColdBound}: a cold JVM's throughput is a lower bound of its warm one, so a cold cell
 * that wins a comparison would only win it more clearly once warm, while a cold cell that loses it might not lose it
 * warm; a throughput at its theory ceiling is not cold, {@link dev.fluxlab.model.theory.TheoryCeiling}), or when the
 * comparison its relation needs falls within the noise band of the two
 * figures ({@link NoiseBand}: their repeats' spread, the run's recorded noise floor, at least 3 % for a single
 * repeat); otherwise <b>confirmed</b> or <b>contradicted</b>. Per relation:
 * <ul>
 *   <li>{@code A > B > C}: every neighbouring pair is compared; one pair clearly the other way contradicts, one pair
 *       within the band leaves it inconclusive;</li>
 *   <li>{@code A >= k x B}: A is compared with k times B;</li>
 *   <li>{@code ratio LO..HI}: A / B must lie inside the range and be told apart from both bounds;</li>
 *   <li>{@code within P%}: the largest figure is compared with (1 + P) times the smallest.</li>
 * </ul>
 * For a throughput claim whose cells all carry a theory figure, the relation is also evaluated on the predicted
 * throughputs; when theory predicts otherwise on this machine, the result says so.
 */
public final class ClaimJudge {

    private ClaimJudge() {
    }

    /** Every claim judged against {@code cells}, with the run's noise floor (may be null), without trials. */
    public static List<ClaimResult> judge(List<Claim> claims, List<CellResult> cells, NoiseFloor noise) {
        return judge(claims, cells, noise, null);
    }

    /**
     * Every claim judged: a claim with a measured interleaved trial among {@code trials} (may be null) from its
     * windows ({@link TrialJudge}), any other from {@code cells} with the run's noise floor (may be null).
     */
    public static List<ClaimResult> judge(List<Claim> claims, List<CellResult> cells, NoiseFloor noise,
                                          List<TrialRecord> trials) {
        return judge(claims, cells, noise, trials, null);
    }

    /**
     * {@link #judge(List, List, NoiseFloor, List)} on a machine of {@code cores} cores (null: not known): a claim whose
     * effect needs more ({@link Claim#notJudgeable}) is inconclusive as not judgeable on this machine, whatever its
     * cells measured.
     */
    public static List<ClaimResult> judge(List<Claim> claims, List<CellResult> cells, NoiseFloor noise,
                                          List<TrialRecord> trials, Integer cores) {
        if (claims == null || claims.isEmpty()) {
            return null;
        }
        Map<String, CellResult> byId = cells == null ? Map.of() : cells.stream()
                .collect(Collectors.toMap(CellResult::id, Function.identity(), (a, b) -> a));
        double floor = noise == null ? 0 : noise.worstPct() / 100;
        return claims.stream().map(c -> {
            TrialRecord trial = TrialJudge.trialOf(c, trials).orElse(null);
            ClaimResult plain = judge(c, byId, floor);
            Optional<String> small = c.notJudgeable(cores);
            if (small.isPresent()) {
                return new ClaimResult(plain.claim(), plain.source(), plain.quote(), plain.figure(), plain.relation(),
                        plain.cells(), ClaimVerdict.INCONCLUSIVE.label(), small.get(), plain.theory(), plain.basis(),
                        null, ClaimResult.InconclusiveWhy.MACHINE.label(), c.needsCores());
            }
            return trial == null ? plain : TrialJudge.judge(c, plain, trial);
        }).toList();
    }

    /** One claim from its cells' repeats; see the class comment. */
    public static ClaimResult judge(Claim claim, Map<String, CellResult> byId, double floor) {
        List<ClaimResult.Measured> measured = new ArrayList<>();
        List<ColdBound> cold = new ArrayList<>();
        String missing = null;
        for (Claim.ClaimCell cc : claim.cells()) {
            CellResult cell = byId.get(cc.id());
            Stat s = cell == null ? null : FigureValue.of(claim.figure(), cell);
            boolean usable = s != null && s.n() > 0 && !Double.isNaN(s.median());
            measured.add(new ClaimResult.Measured(cc.id(), cc.label(), cc.claimed(), usable ? s : null,
                    cell == null ? null : cell.valid()));
            if (missing != null) {
                continue;
            }
            String compiling = cell == null ? null : stillCompiling(cell);
            if (cell == null) {
                missing = cc.label() + " did not run (not in this run's results)";
            } else if (!cell.valid()) {
                missing = cc.label() + " is invalid" + (cell.reasons() == null || cell.reasons().isEmpty() ? ""
                        : ": " + cell.reasons().get(0));
            } else if (!usable) {
                missing = cc.label() + " has no " + claim.figure().key() + " figure";
            } else if (!(s.median() > 0)) {
                missing = cc.label() + " has " + claim.figure().key() + " " + format(s.median())
                        + ": figures are compared by their ratio, which needs figures above 0";
            } else if (compiling != null) {
                Optional<ColdBound> bound = ColdBound.of(claim.figure().kind(), measured.size() - 1, cc.label(),
                        compiling, s.median(), cell.theory(), longestWindow(cell));
                if (bound.isEmpty()) {
                    missing = cc.label() + " was " + compiling;
                } else {
                    cold.add(bound.get());
                }
            }
        }
        Judgement j = missing != null ? new Judgement(ClaimVerdict.INCONCLUSIVE, missing)
                : judge(claim.relation(), measured, floor);
        // cells at their theory ceiling are not cold: a claim the noise band leaves inconclusive stays so for the noise
        boolean onlyAtCeiling = cold.stream().allMatch(ColdBound::atCeiling);
        if (missing == null && !cold.isEmpty() && !(onlyAtCeiling && j.verdict() == ClaimVerdict.INCONCLUSIVE)) {
            j = ColdBound.robust(claim.relation(), measured, cold, floor, j);
            missing = j.verdict() == ClaimVerdict.INCONCLUSIVE ? j.reason() : null;
        }
        String why = j.verdict() != ClaimVerdict.INCONCLUSIVE ? null
                : (missing != null ? ClaimResult.InconclusiveWhy.CELL : ClaimResult.InconclusiveWhy.NOISE).label();
        return new ClaimResult(claim.title(), claim.source(), claim.quote(), claim.figure().key(),
                claim.relation().text(), measured, j.verdict().label(), j.reason(), theory(claim, byId),
                ClaimResult.REPEATS, null, why, claim.needsCores());
    }

    /** The first "measured while JVM ... was still compiling (...)" of the cell's repeats, or null. */
    private static String stillCompiling(CellResult cell) {
        return cell.repeats() == null ? null : cell.repeats().stream()
                .filter(r -> r.load() != null)
                .flatMap(r -> r.load().stillCompiling().stream())
                .findFirst().orElse(null);
    }

    /**
     * The longest measured window of the cell's repeats, in seconds (0 when none is known): the window a one-response
     * allowance at the theory ceiling is taken over, the smallest such allowance among the repeats.
     */
    private static double longestWindow(CellResult cell) {
        return cell.repeats() == null ? 0 : cell.repeats().stream().filter(r -> r.load() != null)
                .mapToDouble(r -> r.load().durationS()).max().orElse(0);
    }

    /** A verdict and the sentence that says why. */
    record Judgement(ClaimVerdict verdict, String reason) {
    }

    /** The relation judged on the cells' medians, with the noise band of their repeats and {@code floor}. */
    static Judgement judge(Relation relation, List<ClaimResult.Measured> m, double floor) {
        return switch (relation) {
            case Relation.Greater g -> greater(m, floor);
            case Relation.AtLeast a -> {
                Stat x = m.get(0).measured();
                Stat y = m.get(1).measured();
                String ratio = m.get(0).label() + " / " + m.get(1).label() + " = " + ratio(x.median() / y.median());
                yield compare(x, y, a.factor(), floor, ratio + ", claimed " + a.text(),
                        ClaimVerdict.CONFIRMED, ClaimVerdict.CONTRADICTED);
            }
            case Relation.Ratio r -> {
                Stat x = m.get(0).measured();
                Stat y = m.get(1).measured();
                double q = x.median() / y.median();
                String text = m.get(0).label() + " / " + m.get(1).label() + " = " + ratio(q) + ", claimed "
                        + r.text();
                if (NoiseBand.indistinguishable(x, y, r.low(), floor) || NoiseBand.indistinguishable(x, y, r.high(), floor)) {
                    yield new Judgement(ClaimVerdict.INCONCLUSIVE, text + "; a bound lies within the noise band "
                            + band(x, y, floor));
                }
                boolean inside = q > r.low() && q < r.high();
                yield new Judgement(inside ? ClaimVerdict.CONFIRMED : ClaimVerdict.CONTRADICTED, text);
            }
            case Relation.Within w -> {
                ClaimResult.Measured hi = m.stream().max((a, b) -> Double.compare(a.measured().median(),
                        b.measured().median())).orElseThrow();
                ClaimResult.Measured lo = m.stream().min((a, b) -> Double.compare(a.measured().median(),
                        b.measured().median())).orElseThrow();
                String text = "largest / smallest = " + hi.label() + " / " + lo.label() + " = "
                        + ratio(hi.measured().median() / lo.measured().median()) + ", claimed " + w.text();
                yield compare(hi.measured(), lo.measured(), 1 + w.fraction(), floor, text,
                        ClaimVerdict.CONTRADICTED, ClaimVerdict.CONFIRMED);
            }
        };
    }

    /** A against x times B: within the band inconclusive, above {@code above}, below {@code below}. */
    private static Judgement compare(Stat a, Stat b, double x, double floor, String text, ClaimVerdict above,
                                     ClaimVerdict below) {
        if (NoiseBand.indistinguishable(a, b, x, floor)) {
            return new Judgement(ClaimVerdict.INCONCLUSIVE, text + "; within the noise band " + band(a, b, floor));
        }
        return new Judgement(a.median() > x * b.median() ? above : below, text);
    }

    private static Judgement greater(List<ClaimResult.Measured> m, double floor) {
        List<String> against = new ArrayList<>();
        List<String> unclear = new ArrayList<>();
        List<String> held = new ArrayList<>();
        for (int i = 0; i + 1 < m.size(); i++) {
            ClaimResult.Measured a = m.get(i);
            ClaimResult.Measured b = m.get(i + 1);
            String pair = a.label() + " / " + b.label() + " = " + ratio(a.measured().median() / b.measured().median());
            if (NoiseBand.indistinguishable(a.measured(), b.measured(), 1, floor)) {
                unclear.add(pair + " (within the noise band " + band(a.measured(), b.measured(), floor) + ")");
            } else if (a.measured().median() > b.measured().median()) {
                held.add(pair);
            } else {
                against.add(pair);
            }
        }
        if (!against.isEmpty()) {
            return new Judgement(ClaimVerdict.CONTRADICTED, "the other way: " + String.join("; ", against)
                    + (unclear.isEmpty() ? "" : "; unclear: " + String.join("; ", unclear)));
        }
        if (!unclear.isEmpty()) {
            return new Judgement(ClaimVerdict.INCONCLUSIVE, "unclear: " + String.join("; ", unclear)
                    + (held.isEmpty() ? "" : "; held: " + String.join("; ", held)));
        }
        return new Judgement(ClaimVerdict.CONFIRMED, String.join("; ", held));
    }

    /**
     * What theory predicts for a throughput claim whose cells all carry a theory figure, when the relation does not
     * hold for the predicted throughputs; null otherwise.
     */
    private static String theory(Claim claim, Map<String, CellResult> byId) {
        if (claim.figure().kind() != FigureKind.THROUGHPUT) {
            return null;
        }
        List<TheoryResult> predicted = new ArrayList<>();
        for (Claim.ClaimCell cc : claim.cells()) {
            CellResult cell = byId.get(cc.id());
            if (cell == null || cell.theory() == null || !(cell.theory().predictedRps() > 0)) {
                return null;
            }
            predicted.add(cell.theory());
        }
        double[] p = predicted.stream().mapToDouble(TheoryResult::predictedRps).toArray();
        if (holds(claim.relation(), p) || ties(claim.relation(), p)) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < p.length; i++) {
            parts.add(claim.cells().get(i).label() + " " + format(p[i]) + " req/s (" + predicted.get(i).basis() + ")");
        }
        return "theory predicts otherwise on this machine: " + String.join(", ", parts);
    }

    /**
     * Whether theory cannot tell an ordering's neighbours apart: two predicted throughputs equal (seed 003's
     * strategies all wait for the same mock API, theory gives each the same figure), which says nothing against the
     * claim, so no "theory predicts otherwise" note is written.
     */
    static boolean ties(Relation relation, double[] v) {
        if (!(relation instanceof Relation.Greater)) {
            return false;
        }
        for (int i = 0; i + 1 < v.length; i++) {
            if (Math.abs(v[i] - v[i + 1]) <= 1e-9 * Math.max(Math.abs(v[i]), Math.abs(v[i + 1]))) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code relation} holds for exact figures {@code v} (no noise): for theory's predictions. */
    static boolean holds(Relation relation, double[] v) {
        return switch (relation) {
            case Relation.Greater g -> {
                for (int i = 0; i + 1 < v.length; i++) {
                    if (!(v[i] > v[i + 1])) {
                        yield false;
                    }
                }
                yield true;
            }
            case Relation.AtLeast a -> v[0] >= a.factor() * v[1];
            case Relation.Ratio r -> v[0] / v[1] >= r.low() && v[0] / v[1] <= r.high();
            case Relation.Within w -> java.util.Arrays.stream(v).max().orElse(0)
                    <= (1 + w.fraction()) * java.util.Arrays.stream(v).min().orElse(0);
        };
    }

    private static String band(Stat a, Stat b, double floor) {
        return "±" + percent(NoiseBand.band(a, b, floor));
    }

    static String ratio(double r) {
        return String.format(Locale.ROOT, r >= 10 ? "%.1fx" : "%.2fx", r);
    }

    static String percent(double f) {
        return String.format(Locale.ROOT, "%.1f%%", f * 100);
    }

    static String format(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }
}
