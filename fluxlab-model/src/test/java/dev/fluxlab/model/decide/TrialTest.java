package dev.fluxlab.model.decide;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TrialTest {

    private static final List<String> AB = List.of("a", "b");
    private static final Trial.Plan PLAN = new Trial.Plan(10, 60, 0.05);

    private static Trial greater() {
        return new Trial(AB, List.of(PairTest.greater("a", "b")), WindowFigure.THROUGHPUT, PLAN);
    }

    private static Window window(String cell, int round, double rps) {
        return new Window(cell, round, round * 10.0, 5, Math.round(rps * 5), 0, rps, null, null, null);
    }

    private static Window p99(String cell, int round, Double ms) {
        return new Window(cell, round, round * 10.0, 5, 5000, 0, 1000, null, null, ms);
    }

    /**
     * The looks: minRounds, then each 1.25 times the last (rounded up, one more at least) while maxRounds is 1.25 times
     * further, and maxRounds.
     */
    @Test
    void theLooksGrowGeometrically() {
        List<Integer> looks = new java.util.ArrayList<>();
        for (int r = 1; r <= 60; r++) {
            if (PLAN.looksAt(r)) {
                looks.add(r);
            }
        }
        assertEquals(List.of(10, 13, 17, 22, 28, 35, 44, 60), looks);
        Trial.Plan small = new Trial.Plan(3, 8, 0.05);
        assertEquals(List.of(3, 4, 5, 8), java.util.stream.IntStream.rangeClosed(1, 8).filter(small::looksAt)
                .boxed().toList());
    }

    @Test
    void aTrialNeedsCellsTestsAndAPlan() {
        List<PairTest> ab = List.of(PairTest.greater("a", "b"));
        assertThrows(IllegalArgumentException.class, () -> new Trial(List.of("a"), ab, WindowFigure.THROUGHPUT, PLAN));
        assertThrows(IllegalArgumentException.class,
                () -> new Trial(List.of("a", "a"), ab, WindowFigure.THROUGHPUT, PLAN));
        assertThrows(IllegalArgumentException.class, () -> new Trial(AB, List.of(), WindowFigure.THROUGHPUT, PLAN));
        assertThrows(IllegalArgumentException.class,
                () -> new Trial(AB, List.of(PairTest.greater("a", "c")), WindowFigure.THROUGHPUT, PLAN));
        assertThrows(IllegalArgumentException.class, () -> new Trial.Plan(1, 60, 0.05));
        assertThrows(IllegalArgumentException.class, () -> new Trial.Plan(10, 9, 0.05));
        assertThrows(IllegalArgumentException.class, () -> new Trial.Plan(10, 60, 0));
        assertThrows(IllegalArgumentException.class, () -> new Trial.Plan(10, 60, 1));
    }

    @Test
    void eachRoundIsShuffledAfresh() {
        Trial trial = new Trial(List.of("a", "b", "c"), List.of(PairTest.greater("a", "b")), WindowFigure.THROUGHPUT,
                PLAN);
        Random random = new Random(1);
        Set<List<String>> seen = new HashSet<>();
        for (int round = 0; round < 40; round++) {
            List<String> order = trial.order(round, random);
            List<String> sorted = new ArrayList<>(order);
            Collections.sort(sorted);
            assertEquals(List.of("a", "b", "c"), sorted);
            seen.add(order);
        }
        assertEquals(6, seen.size(), "all six orders of three cells within 40 rounds: " + seen);
    }

    @Test
    void windowsOfOtherCellsOrTwiceInARoundAreRefused() {
        Trial trial = greater();
        assertThrows(IllegalArgumentException.class, () -> trial.add(window("c", 0, 100)));
        trial.add(window("a", 0, 100));
        assertThrows(IllegalArgumentException.class, () -> trial.add(window("a", 0, 101)));
    }

    /**
     * Three cells, p99 compared. Round 0 complete; round 1 lacks c's window; round 2 has b's p99 missing; round 3 has
     * c's p99 at 0; round 4 complete. Only rounds 0 and 4 count, but a/b pairs in rounds 0, 1, 3 and 4.
     */
    @Test
    void aRoundCountsWhenEveryCellHasAUsableFigure() {
        Trial trial = new Trial(List.of("a", "b", "c"), List.of(PairTest.greater("a", "b"), PairTest.greater("b", "c")),
                WindowFigure.P99, new Trial.Plan(2, 10, 0.05));
        trial.add(p99("a", 0, 10.0));
        trial.add(p99("b", 0, 9.0));
        trial.add(p99("c", 0, 8.0));
        trial.add(p99("a", 1, 11.0));
        trial.add(p99("b", 1, 9.5));
        trial.add(p99("a", 2, 10.5));
        trial.add(p99("b", 2, null));
        trial.add(p99("c", 2, 8.0));
        trial.add(p99("a", 3, 10.0));
        trial.add(p99("b", 3, 9.0));
        trial.add(p99("c", 3, 0.0));
        trial.add(p99("a", 4, 10.2));
        trial.add(p99("b", 4, 9.1));
        trial.add(p99("c", 4, Double.NaN));
        assertEquals(1, trial.rounds());
        trial.add(p99("c", 5, 8.0));
        trial.add(p99("b", 5, 9.0));
        trial.add(p99("a", 5, 10.0));
        assertEquals(2, trial.rounds());
        Trial.Look look = trial.look();
        assertEquals(2, look.rounds());
        assertEquals(5, look.pairs().get(0).interval().pairs(), "a/b: rounds 0, 1, 3, 4, 5");
        assertEquals(2, look.pairs().get(1).interval().pairs(), "b/c: rounds 0 and 5");
    }

    @Test
    void looksBeforeMinRoundsSpendNothing() {
        Trial trial = greater();
        for (int r = 0; r < 9; r++) {
            trial.add(window("a", r, 2000 + r));
            trial.add(window("b", r, 1000 - r));
            Trial.Look look = trial.look();
            assertEquals(Trial.State.OPEN, look.state());
            assertEquals(0, look.alphaSpentTotal());
            assertFalse(trial.done(look));
        }
        Trial.Look early = trial.look();
        assertEquals(0, early.pairs().getFirst().interval().low());
        assertEquals(Double.POSITIVE_INFINITY, early.pairs().getFirst().interval().high());
        assertEquals(2.0, early.pairs().getFirst().interval().ratio(), 0.02);
    }

    /**
     * From minRounds on, each look the plan schedules spends its increment; a look between two scheduled ones, or a
     * second look at the same rounds, spends nothing more.
     */
    @Test
    void eachLookSpendsItsIncrement() {
        Trial trial = new Trial(AB, List.of(PairTest.greater("a", "b"), PairTest.greater("b", "a")),
                WindowFigure.THROUGHPUT, PLAN);
        Random random = new Random(9);
        double tPrevious = 0;
        for (int r = 0; r < 20; r++) {
            trial.add(window("a", r, 1000 * Math.exp(0.1 * random.nextGaussian())));
            trial.add(window("b", r, 1000 * Math.exp(0.1 * random.nextGaussian())));
            Trial.Look look = trial.look();
            if (r + 1 >= PLAN.minRounds() && !PLAN.looksAt(r + 1)) {
                assertEquals(AlphaSpending.spent(0.05, tPrevious), look.alphaSpentTotal(), 1e-15,
                        "round " + (r + 1) + " is no look: nothing more spent");
            } else if (r + 1 >= PLAN.minRounds()) {
                double t = (r + 1) / 60.0;
                assertEquals(AlphaSpending.spent(0.05, t), look.alphaSpentTotal(), 1e-15);
                assertEquals(AlphaSpending.atLook(0.05, tPrevious, t) / 2,
                        look.pairs().getFirst().interval().alpha(), 1e-18);
                tPrevious = t;
                assertSame(look, trial.look());
            }
        }
    }

    @Test
    void aTrialIsDoneWhenDecidedOrOutOfRounds() {
        Trial trial = new Trial(AB, List.of(PairTest.greater("a", "b")), WindowFigure.THROUGHPUT,
                new Trial.Plan(3, 5, 0.05));
        for (int r = 0; r < 5; r++) {
            trial.add(window("a", r, r % 2 == 0 ? 1100 : 900));
            trial.add(window("b", r, r % 2 == 0 ? 900 : 1100));
            Trial.Look look = trial.look();
            assertEquals(Trial.State.OPEN, look.state());
            assertEquals(r == 4, trial.done(look));
        }
    }

    /**
     * The report's look gives the plain interval at alpha / pairs, which a reader recomputes from the windows, and
     * keeps the state of the last sequential look, whose interval was wider.
     */
    @Test
    void theFinalLookReportsThePlainIntervalAndKeepsTheState() {
        Trial trial = greater();
        TrialSimulation.Result run = TrialSimulation.run(trial, new Random(21), Map.of("a", 1100.0, "b", 1000.0),
                0.05, TrialSimulation.steady());
        Trial.Look last = run.look();
        Trial.Look report = trial.finalLook();
        assertEquals(last.state(), report.state());
        assertEquals(last.rounds(), report.rounds());
        assertEquals(last.alphaSpentTotal(), report.alphaSpentTotal());
        RatioInterval decided = last.pairs().getFirst().interval();
        RatioInterval plain = report.pairs().getFirst().interval();
        assertEquals(0.05, plain.alpha());
        assertTrue(decided.alpha() < plain.alpha());
        assertTrue(plain.low() > decided.low() && plain.high() < decided.high());
        assertEquals(last.pairs().getFirst().outcome(), report.pairs().getFirst().outcome());
    }

    /** A report replays the windows of results.json and reaches the runner's verdict, whatever their order there. */
    @Test
    void recomputeReachesTheRunnersVerdict() {
        for (long seed = 1; seed <= 5; seed++) {
            Trial trial = greater();
            TrialSimulation.Result run = TrialSimulation.run(trial, new Random(seed), Map.of("a", 1050.0, "b", 1000.0),
                    0.05, TrialSimulation.drift(0.9, 0.05));
            List<Window> stored = new ArrayList<>(run.windows());
            // windows measured past the stop (say, a round in flight) do not move the verdict
            stored.add(window("a", 1000, 5000));
            stored.add(window("b", 1000, 10));
            Collections.shuffle(stored, new Random(seed));
            Trial.Look again = Trial.recompute(AB, List.of(PairTest.greater("a", "b")), WindowFigure.THROUGHPUT, PLAN,
                    stored);
            assertEquals(run.look(), again);
            Trial replayed = Trial.replay(AB, List.of(PairTest.greater("a", "b")), WindowFigure.THROUGHPUT, PLAN,
                    stored);
            assertEquals(trial.finalLook(), replayed.finalLook());
        }
        Trial.Look none = Trial.recompute(AB, List.of(PairTest.greater("a", "b")), WindowFigure.THROUGHPUT, PLAN,
                List.of());
        assertEquals(Trial.State.OPEN, none.state());
        assertEquals(0, none.rounds());
    }

    /** Counts the trials of a simulated plan that end in each state. */
    private static Map<Trial.State, Integer> states(int trials, long seed, double ratio, double noise,
                                                    Supplier<TrialSimulation.Speed> speed,
                                                    PairTest test, Trial.Plan plan, int[] roundsOut) {
        Random random = new Random(seed);
        Map<Trial.State, Integer> out = new EnumMap<>(Trial.State.class);
        for (Trial.State s : Trial.State.values()) {
            out.put(s, 0);
        }
        for (int k = 0; k < trials; k++) {
            Trial trial = new Trial(AB, List.of(test), WindowFigure.THROUGHPUT, plan);
            Trial.Look look = TrialSimulation.run(trial, random, Map.of("a", 1000.0 * ratio, "b", 1000.0), noise,
                    speed.get()).look();
            out.merge(look.state(), 1, Integer::sum);
            if (roundsOut != null) {
                roundsOut[k] = look.rounds();
            }
        }
        return out;
    }

    /**
     * (a) A/A, iid lognormal window noise of 0.10, 200 trials of up to 60 rounds. For {@code greater(a, b)} a FAILS
     * says b > a (what {@code greater(b, a)} HOLDS would say) and a HOLDS says a > b: in an A/A trial either is an
     * error, and together they may happen in at most alpha = 5 % of the trials.
     */
    @Test
    void aSameCellTrialRarelyDecides() {
        Map<Trial.State, Integer> s = states(200, 101, 1, 0.10, TrialSimulation::steady, PairTest.greater("a", "b"),
                PLAN, null);
        int wrong = s.get(Trial.State.HOLDS) + s.get(Trial.State.FAILS);
        assertTrue(wrong <= 10, "A/A decided in " + wrong + " of 200 trials: " + s);
    }

    /**
     * (b) A true 5 % difference with window noise 0.05 and an AR(1) drift of the machine's speed common to both cells
     * of a round (phi 0.9, innovations 0.05: a stationary spread of 11.5 %, twice the effect): detected in at least
     * 90 % of 100 trials within 60 rounds. The drift cancels in the pairs' ratios. At a window noise of 0.10, 60 rounds
     * are too few for 5 %, whatever the looks: even a single test at the 60th round, at the whole alpha, would find it
     * in about 76 % of trials (the log ratio's mean, 0.0488, is 2.67 standard errors of 0.141 / sqrt(60)).
     */
    @Test
    void aFivePercentDifferenceIsFoundThroughDrift() {
        Map<Trial.State, Integer> s = states(100, 202, 1.05, 0.05, () -> TrialSimulation.drift(0.9, 0.05),
                PairTest.greater("a", "b"), PLAN, null);
        assertTrue(s.get(Trial.State.HOLDS) >= 90, "5 % found in " + s);
        assertEquals(0, s.get(Trial.State.FAILS));
    }

    /**
     * (c) The machine slows by 30 % halfway through an A/A trial. When the step falls between rounds it hits both
     * cells of a round alike and cancels; when it falls inside a round (after the round's first window) it leaves one
     * pair off by ln 0.7. Neither may make the trial decide in more than 10 % of 100 trials.
     */
    @Test
    void aStepInTheMachinesSpeedIsNotTakenForADifference() {
        for (int position : new int[]{0, 1}) {
            Map<Trial.State, Integer> s = states(100, 303 + position, 1, 0.10,
                    () -> TrialSimulation.step(30, position, 0.7), PairTest.greater("a", "b"), PLAN, null);
            int wrong = s.get(Trial.State.HOLDS) + s.get(Trial.State.FAILS);
            assertTrue(wrong <= 10, "step at position " + position + ": decided in " + wrong + " of 100: " + s);
        }
    }

    /**
     * (d) A 171x difference, window noise 0.10 and drift, is decided at the first look that may decide, minRounds 10
     * of 60, in at least 90 of 100 trials, and never fails. The first look spends spent(0.05, 1/6) = 1.6e-6; the
     * trials it leaves open are those whose few log ratios happen to look autocorrelated (n_eff shrinks); they decide
     * a round or two later.
     */
    @Test
    void aHugeDifferenceIsDecidedAtTheFirstLook() {
        int[] rounds = new int[100];
        Map<Trial.State, Integer> s = states(100, 404, 171, 0.10, () -> TrialSimulation.drift(0.9, 0.05),
                PairTest.atLeast("a", "b", 10), PLAN, rounds);
        assertEquals(100, s.get(Trial.State.HOLDS), "171x against >= 10x: " + s);
        long atFirst = Arrays.stream(rounds).filter(r -> r == PLAN.minRounds()).count();
        assertTrue(atFirst >= 90, "decided at minRounds in " + atFirst + " of 100");
    }

    private static final Trial.Plan FUTILE_PLAN = new Trial.Plan(10, 60, 0.05, 4);

    /**
     * (e) Futility: an A/A pair tested for "a faster than b" sits on its threshold, so with a futility factor of 4 the
     * trial gives up early (from a third of the plan, 20 of 60 rounds) in most of 200 trials instead of running all 60
     * rounds, and stopping early never makes a verdict: the error rate stays within alpha.
     */
    @Test
    void aPairOnItsThresholdStopsEarlyAndStillRarelyDecides() {
        int[] rounds = new int[200];
        Map<Trial.State, Integer> s = states(200, 101, 1, 0.10, TrialSimulation::steady, PairTest.greater("a", "b"),
                FUTILE_PLAN, rounds);
        int wrong = s.get(Trial.State.HOLDS) + s.get(Trial.State.FAILS);
        assertTrue(wrong <= 10, "A/A decided in " + wrong + " of 200 trials: " + s);
        long early = Arrays.stream(rounds).filter(r -> r < 40).count();
        assertTrue(early >= 120, "stopped before 40 of 60 rounds in " + early + " of 200");
        Trial.Plan off = new Trial.Plan(10, 60, 0.05);
        assertEquals(0, off.futility());
    }

    /** (f) Futility costs a real 5 % difference (case b) next to nothing: still found in at least 88 of 100. */
    @Test
    void futilityKeepsTheFivePercentDifference() {
        Map<Trial.State, Integer> s = states(100, 202, 1.05, 0.05, () -> TrialSimulation.drift(0.9, 0.05),
                PairTest.greater("a", "b"), FUTILE_PLAN, null);
        assertTrue(s.get(Trial.State.HOLDS) >= 88, "5 % found in " + s);
        assertEquals(0, s.get(Trial.State.FAILS));
    }

    /** A trial that stopped for futility replays to the same stop; the same windows without futility run on. */
    @Test
    void aFutileStopIsRecomputedFromTheWindows() {
        List<PairTest> tests = List.of(PairTest.greater("a", "b"));
        Trial trial;
        TrialSimulation.Result run;
        long seed = 7;
        do { // the first of the simulated A/A trials that gives up early (most do: case e)
            trial = new Trial(AB, tests, WindowFigure.THROUGHPUT, FUTILE_PLAN);
            run = TrialSimulation.run(trial, new Random(seed++), Map.of("a", 1000.0, "b", 1000.0), 0.10,
                    TrialSimulation.steady());
        } while (run.look().rounds() >= 60 && seed < 30);
        assertTrue(trial.futile(run.look()), "A/A on its threshold: " + run.look().rounds() + " rounds");
        assertTrue(run.look().rounds() < 60);
        Trial.Look replayed = Trial.recompute(AB, tests, WindowFigure.THROUGHPUT, FUTILE_PLAN, run.windows());
        assertEquals(run.look().rounds(), replayed.rounds());
        assertEquals(Trial.State.OPEN, replayed.state());
        Trial.Look without = Trial.recompute(AB, tests, WindowFigure.THROUGHPUT, new Trial.Plan(10, 60, 0.05),
                run.windows());
        assertFalse(new Trial(AB, tests, WindowFigure.THROUGHPUT, new Trial.Plan(10, 60, 0.05)).futile(without));
        assertThrows(IllegalArgumentException.class, () -> new Trial.Plan(10, 60, 0.05, -1));
        assertThrows(IllegalArgumentException.class, () -> new Trial.Plan(10, 60, 0.05, Double.POSITIVE_INFINITY));
    }
}
