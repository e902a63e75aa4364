package dev.fluxlab.model.claim;

import dev.fluxlab.model.decide.Trial;
import dev.fluxlab.model.decide.TrialRecord;
import dev.fluxlab.model.decide.Window;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.run.FigureName;
import dev.fluxlab.model.run.Stat;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A claim judged from a recorded interleaved trial: the windows decide, whatever the repeats said. */
class TrialJudgeTest {

    private static final Trial.Plan PLAN = new Trial.Plan(5, 40, 0.05);

    private static CellResult cell(String id, double rps) {
        Stat t = Stat.of(List.of(rps));
        CellSummary s = new CellSummary(t, Map.of(), null, null, Map.of(), Map.of(), Map.of(), null);
        return new CellResult(id, 1, Map.of(), Map.of(), List.of(), s, true, List.of(), List.of(), null, null, null);
    }

    private static Claim claim(String relation) {
        return new Claim("c", "seed.txt", null, FigureName.parse(FigureName.THROUGHPUT), Relation.parse(relation),
                List.of(new Claim.ClaimCell("a", "A", null), new Claim.ClaimCell("b", "B", null)));
    }

    /** {@code rounds} rounds of windows: A at {@code ratio} times B, each window with log noise {@code sd}. */
    private static TrialRecord trial(double ratio, double sd, int rounds, String ended) {
        Random random = new Random(42);
        List<Window> windows = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            double machine = 50_000 * Math.exp(0.2 * Math.sin(r / 3.0)); // the machine's slow move: both alike
            windows.add(new Window("a", r, r * 5.0, 2, 1, 0, machine * ratio * Math.exp(sd * random.nextGaussian()),
                    null, null, null));
            windows.add(new Window("b", r, r * 5.0 + 2.5, 2, 1, 0, machine * Math.exp(sd * random.nextGaussian()),
                    null, null, null));
        }
        return new TrialRecord("c", FigureName.THROUGHPUT, List.of("a", "b"), 2, 0.5, PLAN, 1, windows, ended, 60,
                List.of());
    }

    private static ClaimResult judge(String relation, TrialRecord trial, double aRps, double bRps) {
        return ClaimJudge.judge(List.of(claim(relation)), List.of(cell("a", aRps), cell("b", bRps)), null,
                List.of(trial)).get(0);
    }

    /**
     * The repeats said A / B = 1.04 (confirmed '>' from single repeats measured one after the other); the trial's
     * windows, A and B alike, leave it open with its interval: the order effect is not taken for a difference.
     */
    @Test
    void anAaPairIsNotCalledDifferentByItsWindows() {
        ClaimResult r = judge(">", trial(1.0, 0.05, 40, TrialRecord.BUDGET), 52_000, 50_000);
        assertEquals("inconclusive", r.verdict(), r.reason());
        assertEquals(ClaimResult.INTERLEAVED, r.basis());
        assertEquals(ClaimResult.InconclusiveWhy.STRADDLES.label(), r.why());
        assertTrue(r.reason().startsWith("A / B = "), r.reason());
        assertTrue(r.reason().contains("(straddles 1)") && r.reason().contains("the trial ended: budget spent")
                && r.reason().contains("would likely decide it at the observed noise"), r.reason());
        assertEquals(1, r.intervals().size());
        ClaimResult.PairInterval p = r.intervals().get(0);
        assertTrue(p.low() < 1 && p.high() > 1, p.toString());
        assertEquals("open", p.outcome());
    }

    @Test
    void aClearEffectIsConfirmedAndTheOtherWayContradicted() {
        ClaimResult yes = judge(">= 1.5x", trial(3.0, 0.05, 5, TrialRecord.DECIDED), 1, 1);
        assertEquals("confirmed", yes.verdict(), yes.reason());
        assertNull(yes.why());
        ClaimResult no = judge(">", trial(0.5, 0.05, 5, TrialRecord.DECIDED), 1, 1);
        assertEquals("contradicted", no.verdict(), no.reason());
        assertTrue(no.intervals().get(0).high() < 1, no.intervals().toString());
    }

    /** A 'within 5%' A/A claim is confirmed once the interval fits inside (1/1.05, 1.05). */
    @Test
    void withinIsConfirmedWhenTheIntervalFitsInside() {
        ClaimResult r = judge("within 5%", trial(1.0, 0.02, 40, TrialRecord.DECIDED), 1, 1);
        assertEquals("confirmed", r.verdict(), r.reason());
        assertTrue(r.intervals().get(0).low() > 1 / 1.05 && r.intervals().get(0).high() < 1.05,
                r.intervals().toString());
    }

    /**
     * A duet trial is judged from the same paired windows (the verdict and interval do not depend on the method); its
     * reason says the cells were loaded together, a trial that alternated instead of duet says why, and the minutes
     * more it would need count one window per duet round against one per cell alternated.
     */
    @Test
    void theMethodIsSaidAndCountsItsRounds() {
        TrialRecord alternated = trial(1.0, 0.05, 40, TrialRecord.BUDGET);
        TrialRecord duet = alternated.withMethod(dev.fluxlab.model.decide.DecideMethod.DUET, null);
        ClaimResult a = judge(">", alternated, 1, 1);
        ClaimResult d = judge(">", duet, 1, 1);
        assertEquals(a.verdict(), d.verdict());
        assertEquals(a.intervals(), d.intervals());
        assertTrue(d.reason().contains("40 duet (cells loaded together) rounds of 2 s windows"), d.reason());
        assertTrue(a.reason().contains("40 interleaved rounds of 2 s windows"), a.reason());
        assertEquals(2 * (2 + 0.5 + TrialRecord.JOB_OVERHEAD_SECONDS), alternated.secondsPerRound(), 1e-9);
        assertEquals(2 + 0.5 + TrialRecord.JOB_OVERHEAD_SECONDS, duet.secondsPerRound(), 1e-9);
        ClaimResult fellBack = judge(">", alternated.withMethod(dev.fluxlab.model.decide.DecideMethod.ALTERNATE,
                "B's injector wrk has no start gate"), 1, 1);
        assertTrue(fellBack.reason().contains(" % intervals of the sequential test; alternated instead of duet: B's "
                + "injector wrk has no start gate"), fellBack.reason());
        assertEquals(2, minutesMore(a) / minutesMore(d), 0.05, a.reason() + " / " + d.reason());
    }

    /** Burn-in rounds repeated because a JVM still compiled are said beside the rounds counted; other notes are not. */
    @Test
    void aLongerBurnInIsSaidInTheBasis() {
        TrialRecord t = trial(3.0, 0.05, 5, TrialRecord.DECIDED);
        TrialRecord burnt = new TrialRecord(t.claim(), t.figure(), t.cells(), t.windowSeconds(), t.settleSeconds(),
                t.plan(), t.seed(), t.windows(), t.ended(), t.seconds(), List.of("A: measured while JVM 1 (target) was "
                + "still compiling", "burn-in: 3 rounds, until no window found a watched JVM compiling"));
        ClaimResult r = judge(">= 1.5x", burnt, 1, 1);
        assertTrue(r.reason().contains(" % intervals of the sequential test; burn-in: 3 rounds, until no window found "
                + "a watched JVM compiling, claimed >= 1.5x)"), r.reason());
        assertTrue(!r.reason().contains("A: measured while"), "the cell's warm-up note is not a burn-in's: " + r.reason());
    }

    /** The minutes more a reason says the trial would need. */
    private static double minutesMore(ClaimResult r) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("more rounds \\(([0-9.]+) min\\)")
                .matcher(r.reason());
        assertTrue(m.find(), r.reason());
        return Double.parseDouble(m.group(1));
    }

    /** A trial that could not run leaves the repeats' verdict, with the reason it did not run. */
    @Test
    void aTrialThatDidNotRunKeepsTheRepeatsVerdict() {
        TrialRecord none = TrialRecord.notRun("c", FigureName.THROUGHPUT, List.of("a", "b"),
                "A is loaded by wrk: trials use one local fluxlab injector");
        ClaimResult r = judge(">", none, 100, 10);
        assertEquals("confirmed", r.verdict());
        assertEquals(ClaimResult.REPEATS, r.basis());
        assertTrue(r.reason().endsWith("; not interleaved: A is loaded by wrk: trials use one local fluxlab injector"),
                r.reason());
    }

    /** The relation as pair tests: an ordering neighbour by neighbour, 'within' every pair. */
    @Test
    void relationsBecomePairTests() {
        assertEquals(2, ClaimTests.of(Relation.parse(">"), List.of("a", "b", "c")).size());
        assertEquals(3, ClaimTests.of(Relation.parse("within 5%"), List.of("a", "b", "c")).size());
        assertEquals(1.5, ClaimTests.of(Relation.parse(">= 1.5x"), List.of("a", "b")).get(0).low());
    }

    /** A trial that ended before its first look (a target exited, say) leaves the repeats' verdict, saying so. */
    @Test
    void aTrialCutShortKeepsTheRepeatsVerdict() {
        ClaimResult r = judge(">", trial(3.0, 0.05, 2, "a target of A exited"), 100, 10);
        assertEquals("confirmed", r.verdict(), r.reason());
        assertEquals(ClaimResult.REPEATS, r.basis());
        assertTrue(r.reason().endsWith("; its interleaved trial ended after 2 of the 5 rounds a verdict needs: a target "
                + "of A exited"), r.reason());
    }
}
