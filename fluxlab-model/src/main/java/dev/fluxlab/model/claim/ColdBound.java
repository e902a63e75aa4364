package dev.fluxlab.model.claim;

import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.run.ClaimVerdict;
import dev.fluxlab.model.run.FigureKind;
import dev.fluxlab.model.run.Stat;
import dev.fluxlab.model.theory.TheoryCeiling;
import dev.fluxlab.model.theory.TheoryResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a figure measured while one of the cell's JVMs was still compiling can still say: the range its warm value may
 * lie in.
 *
 * <p>A compiling JVM spends CPU on its compiler threads and runs part of its code interpreted or at a lower tier, so
 * its warm throughput is at least the cold one, and its warm latency at most the cold one. The other end of the range
 * is open, unless the cell's theory gives a ceiling: a blocking endpoint cannot serve more than its threads divided by
 * the sleep ({@code TheoryResult.predictedRps}), however warm (a theory below the measured value is taken as wrong for
 * that cell, and the range stays open).
 *
 * <p>A claim's verdict from cells of which some are cold stands when it holds wherever in their ranges the warm
 * values lie ({@link #robust}): a 5x-faster cell that was still compiling is 5x faster at least, while a cell that
 * lost a comparison while compiling might not lose it warm, and its claim stays inconclusive as before. Only the
 * figures the JIT moves one way are bounded: throughput, latency and CPU per request; a cold cell of any other figure
 * leaves the claim inconclusive.
 *
 * <p>A throughput at its ceiling ({@link TheoryCeiling}: within 3 % of it, or a response of the window) is not cold: its range is that narrow
 * (a figure measured above its ceiling by no more than that is taken as at it, the range closed at the measured value).
 * Such a cell is still checked over its range, so that a verdict it could reverse warm stays inconclusive, but a verdict
 * that holds, or a claim the noise band leaves inconclusive anyway, says nothing of its compiling. Its latency and CPU
 * per request are bounded as any cold cell's: the ceiling says nothing of them ({@link TheoryCeiling}).
 *
 * @param index    the cell's position among the claim's cells
 * @param label    the cell's label in the claim
 * @param why      "measured while JVM ... was still compiling (...)"
 * @param low      the lowest value its warm figure may have
 * @param high     the highest value its warm figure may have
 * @param ceiling  the theory's ceiling that bounds {@code high}, or null
 * @param warmer   true when the warm figure is at least the measured one (throughput), false when at most (latency)
 * @param atCeiling true when the throughput is at its theory ceiling ({@link TheoryCeiling}): not counted cold
 */
record ColdBound(int index, String label, String why, double low, double high, Double ceiling, boolean warmer,
                 boolean atCeiling) {

    /** How far an open end reaches, as a factor of the measured value: far beyond any ratio a claim states. */
    private static final double OPEN = 1e9;

    /**
     * The range of a cold cell's warm figure, or empty when the JIT does not move {@code kind} one known way.
     *
     * @param measured the cell's median
     * @param theory   the cell's theory (may be null): its prediction bounds throughput from above
     * @param windowS  the length of the cell's measured windows, in seconds (0 when unknown), for
     *                 {@link TheoryCeiling#of(Double, TheoryResult, double)}
     */
    static Optional<ColdBound> of(FigureKind kind, int index, String label, String why, double measured,
                                  TheoryResult theory, double windowS) {
        return switch (kind) {
            case THROUGHPUT -> {
                Optional<TheoryCeiling> at = TheoryCeiling.of(measured, theory, windowS);
                if (at.isPresent()) {
                    double top = Math.max(measured, at.get().ceilingRps());
                    yield Optional.of(new ColdBound(index, label, why + ", " + at.get().why(), measured, top, top,
                            true, true));
                }
                Double ceiling = theory != null && theory.predictedRps() >= measured ? theory.predictedRps() : null;
                yield Optional.of(new ColdBound(index, label, why, measured,
                        ceiling != null ? ceiling : measured * OPEN, ceiling, true, false));
            }
            case LATENCY, CPU_PER_REQUEST_US -> Optional.of(new ColdBound(index, label, why, measured / OPEN, measured,
                    null, false, false));
            default -> Optional.empty();
        };
    }

    /**
     * {@code verdict}, reached on the measured medians, if it holds for every warm value the cold cells may take
     * (explained in its reason); otherwise inconclusive, naming the first cold cell.
     *
     * <p>Each relation is monotone in each cell's value, so the check looks at the ends of the ranges only: a pair's
     * "A above B" holds throughout when it holds with A at its lowest and B at its highest, and fails throughout when
     * it fails with A at its highest and B at its lowest. An ordering is confirmed when every neighbouring pair holds
     * throughout, contradicted when one pair fails throughout; {@code within} is confirmed when the largest possible
     * spread is inside, contradicted when one pair is apart throughout.
     */
    static ClaimJudge.Judgement robust(Relation relation, List<ClaimResult.Measured> m, List<ColdBound> cold,
                                       double floor, ClaimJudge.Judgement verdict) {
        boolean holds = switch (verdict.verdict()) {
            case CONFIRMED -> confirmedThroughout(relation, m, cold, floor);
            case CONTRADICTED -> contradictedThroughout(relation, m, cold, floor);
            default -> false;
        };
        ColdBound first = cold.get(0);
        if (!holds) {
            String depends = verdict.verdict() == ClaimVerdict.INCONCLUSIVE ? "" : "; measured as it was, the claim "
                    + "reads " + verdict.verdict().label() + ", but a warm JVM could read otherwise";
            return new ClaimJudge.Judgement(ClaimVerdict.INCONCLUSIVE, first.label + " was " + first.why + depends);
        }
        List<String> notes = new ArrayList<>();
        for (ColdBound c : cold) {
            if (c.atCeiling) {
                continue; // at its ceiling: not cold, and the verdict holds there too
            }
            notes.add(c.label + " was " + c.why + ": its warm figure can only be "
                    + (c.warmer ? "higher" : "lower")
                    + (c.ceiling == null ? "" : " (at most theory's " + ClaimJudge.format(c.ceiling) + ")"));
        }
        if (notes.isEmpty()) {
            return verdict;
        }
        return new ClaimJudge.Judgement(verdict.verdict(), verdict.reason() + "; " + String.join("; ", notes)
                + ", and the verdict holds for any such value");
    }

    private static boolean confirmedThroughout(Relation relation, List<ClaimResult.Measured> m,
                                               List<ColdBound> cold, double floor) {
        return switch (relation) {
            case Relation.Greater g -> {
                for (int i = 0; i + 1 < m.size(); i++) {
                    if (!is(relation, pair(m, cold, i, false, i + 1, true), floor, ClaimVerdict.CONFIRMED)) {
                        yield false;
                    }
                }
                yield true;
            }
            case Relation.AtLeast a -> is(relation, pair(m, cold, 0, false, 1, true), floor, ClaimVerdict.CONFIRMED);
            case Relation.Ratio r -> is(relation, pair(m, cold, 0, false, 1, true), floor, ClaimVerdict.CONFIRMED)
                    && is(relation, pair(m, cold, 0, true, 1, false), floor, ClaimVerdict.CONFIRMED);
            case Relation.Within w -> {
                for (int i = 0; i < m.size(); i++) {
                    for (int j = 0; j < m.size(); j++) {
                        if (i != j && !is(relation, pair(m, cold, i, true, j, false), floor, ClaimVerdict.CONFIRMED)) {
                            yield false;
                        }
                    }
                }
                yield true;
            }
        };
    }

    private static boolean contradictedThroughout(Relation relation, List<ClaimResult.Measured> m,
                                                  List<ColdBound> cold, double floor) {
        return switch (relation) {
            case Relation.Greater g -> {
                for (int i = 0; i + 1 < m.size(); i++) {
                    if (is(relation, pair(m, cold, i, true, i + 1, false), floor, ClaimVerdict.CONTRADICTED)) {
                        yield true;
                    }
                }
                yield false;
            }
            case Relation.AtLeast a -> is(relation, pair(m, cold, 0, true, 1, false), floor,
                    ClaimVerdict.CONTRADICTED);
            case Relation.Ratio r -> (is(relation, pair(m, cold, 0, true, 1, false), floor, ClaimVerdict.CONTRADICTED)
                    && is(relation, pair(m, cold, 0, false, 1, true), floor, ClaimVerdict.CONTRADICTED))
                    && sameSide(pair(m, cold, 0, true, 1, false), pair(m, cold, 0, false, 1, true), r);
            case Relation.Within w -> {
                for (int i = 0; i < m.size(); i++) {
                    for (int j = 0; j < m.size(); j++) {
                        // i at its lowest still above j at its highest: the pair's smallest possible spread
                        List<ClaimResult.Measured> p = pair(m, cold, i, false, j, true);
                        if (i != j && p.get(0).measured().median() >= p.get(1).measured().median()
                                && is(relation, p, floor, ClaimVerdict.CONTRADICTED)) {
                            yield true;
                        }
                    }
                }
                yield false;
            }
        };
    }

    /** Both corners of a ratio claim outside its range on the same side (a range between them would be crossed). */
    private static boolean sameSide(List<ClaimResult.Measured> hi, List<ClaimResult.Measured> lo, Relation.Ratio r) {
        double qHi = hi.get(0).measured().median() / hi.get(1).measured().median();
        double qLo = lo.get(0).measured().median() / lo.get(1).measured().median();
        return (qHi < r.low() && qLo < r.low()) || (qHi > r.high() && qLo > r.high());
    }

    private static boolean is(Relation relation, List<ClaimResult.Measured> pair, double floor, ClaimVerdict v) {
        return ClaimJudge.judge(relation, pair, floor).verdict() == v;
    }

    /**
     * Cells {@code i} and {@code j} (in that order) at one end of their ranges each: {@code iHigh} puts cell i at its
     * highest possible warm value, else its lowest; likewise {@code jHigh}. A warm cell stays at its median.
     */
    private static List<ClaimResult.Measured> pair(List<ClaimResult.Measured> m, List<ColdBound> cold, int i,
                                                   boolean iHigh, int j, boolean jHigh) {
        return List.of(at(m.get(i), bound(cold, i), iHigh), at(m.get(j), bound(cold, j), jHigh));
    }

    private static ColdBound bound(List<ColdBound> cold, int index) {
        return cold.stream().filter(c -> c.index == index).findFirst().orElse(null);
    }

    private static ClaimResult.Measured at(ClaimResult.Measured m, ColdBound bound, boolean high) {
        if (bound == null) {
            return m;
        }
        Stat s = m.measured();
        double f = (high ? bound.high : bound.low) / s.median();
        Stat scaled = new Stat(s.median() * f, s.min() * f, s.max() * f, s.mean() * f, s.stdev() * f, s.n());
        return new ClaimResult.Measured(m.id(), m.label(), m.claimed(), scaled, m.valid());
    }
}
