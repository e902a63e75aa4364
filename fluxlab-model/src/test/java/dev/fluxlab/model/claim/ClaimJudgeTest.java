package dev.fluxlab.model.claim;

import dev.fluxlab.model.run.ClaimVerdict;
import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.load.JitActivity;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.load.WatchedJvm;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.FigureName;
import dev.fluxlab.model.run.NoiseFloor;
import dev.fluxlab.model.run.Stat;
import dev.fluxlab.model.theory.TheoryResult;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClaimJudgeTest {

    /** A valid cell whose throughput repeats are {@code rps} (and p99 = 1000 / median). */
    private static CellResult cell(String id, double... rps) {
        return cell(id, true, null, rps);
    }

    private static CellResult cell(String id, boolean valid, TheoryResult theory, double... rps) {
        List<Double> v = new ArrayList<>();
        for (double d : rps) {
            v.add(d);
        }
        Stat t = Stat.of(v);
        Stat p99 = Stat.of(v.stream().map(x -> 1000 / x).toList());
        CellSummary s = new CellSummary(t, Map.of("p99", p99), null, null, Map.of(), Map.of(), Map.of(), null);
        return new CellResult(id, 1, Map.of(), Map.of(), List.of(), s, valid, valid ? List.of() : List.of("it crashed"),
                List.of(), null, theory, null);
    }

    private static Claim claim(String relation, String... ids) {
        return claimOn(FigureName.THROUGHPUT, relation, ids);
    }

    private static Claim claimOn(String figure, String relation, String... ids) {
        List<Claim.ClaimCell> cells = new ArrayList<>();
        for (String id : ids) {
            cells.add(new Claim.ClaimCell(id, id, null));
        }
        return new Claim("c", "seed.txt", null, FigureName.parse(figure), Relation.parse(relation), cells);
    }

    private static ClaimResult judge(Claim c, NoiseFloor noise, CellResult... cells) {
        return ClaimJudge.judge(List.of(c), List.of(cells), noise).get(0);
    }

    private static ClaimVerdict verdict(Claim c, CellResult... cells) {
        return judge(c, null, cells).verdictValue();
    }

    /** {@code c} with one repeat whose load document watched a target JVM compiling {@code compileMs} in 3 s. */
    private static CellResult measuredWhileCompiling(CellResult c, double compileMs) {
        LoadResult load = new LoadResult(LoadResult.SCHEMA, "t", "h2", "closed", "GET", 5, 50, null, 15, false, 3, 3000,
                Map.of(), 1000, null, 0, 0, 0, 0, List.of(), null, "us", null, "epoll", null, null, false,
                List.of(new WatchedJvm(4242, WatchedJvm.TARGET, 900.0, new JitActivity(3, 134, compileMs, 0, 0))),
                null, null, null);
        RepeatResult r = new RepeatResult(1, "2026-11-23T23:00:00Z", load, List.of(), List.of(), true, List.of(), null,
                3.0, null, null, null, null, null, null);
        return new CellResult(c.id(), c.index(), c.knobs(), c.versions(), List.of(r), c.summary(), true, List.of(),
                List.of(), null, c.theory(), null);
    }

    /** A theory whose prediction is {@code rps} (a blocking endpoint's ceiling). */
    private static TheoryResult ceiling(double rps) {
        return new TheoryResult("task-pool", 100, 100, 200, rps, "pool core (100) / 100 ms", null, null);
    }

    @Test
    void aColdCellThatWinsItsComparisonWouldOnlyWinItMoreClearlyWarm() {
        // the faster cell was compiling: warm, it serves at least as much, so "a > b" holds for any warm value
        ClaimResult r = judge(claim(">", "a", "b"), null, measuredWhileCompiling(cell("a", 3000), 3333), cell("b", 1000));
        assertEquals(ClaimVerdict.CONFIRMED, r.verdictValue(), r.reason());
        assertTrue(r.reason().contains("a was measured while JVM 4242 (target) was still compiling")
                && r.reason().contains("its warm figure can only be higher")
                && r.reason().endsWith("the verdict holds for any such value"), r.reason());
        assertNull(r.why());
        // the same cell loses "b > a" whatever its warm value: contradicted
        assertEquals(ClaimVerdict.CONTRADICTED, verdict(claim(">", "b", "a"),
                measuredWhileCompiling(cell("a", 3000), 3333), cell("b", 1000)));
        // ">= 2x" with the cold cell on top holds too; with it below, warm it might reach the factor
        assertEquals(ClaimVerdict.CONFIRMED, verdict(claim(">= 2x", "a", "b"),
                measuredWhileCompiling(cell("a", 3000), 3333), cell("b", 1000)));
        ClaimResult below = judge(claim(">= 2x", "b", "a"), null, cell("b", 1000),
                measuredWhileCompiling(cell("a", 3000), 3333));
        assertEquals(ClaimVerdict.CONTRADICTED, below.verdictValue(), below.reason());
        ClaimResult open = judge(claim(">= 2x", "a", "b"), null, cell("a", 3000),
                measuredWhileCompiling(cell("b", 1400), 3333));
        assertEquals(ClaimVerdict.INCONCLUSIVE, open.verdictValue());
        assertTrue(open.reason().startsWith("b was measured while JVM 4242")
                && open.reason().contains("measured as it was, the claim reads confirmed, but a warm JVM could read "
                + "otherwise"), open.reason());
        assertEquals(ClaimResult.InconclusiveWhy.CELL.label(), open.why());
    }

    @Test
    void theoryCeilingBoundsAColdBlockingCell() {
        // b lost while compiling, but its endpoint cannot serve more than theory's 600 req/s: a at 1000 stays ahead
        CellResult coldB = measuredWhileCompiling(cell("b", true, ceiling(600), 500), 3333);
        ClaimResult r = judge(claim(">", "a", "b"), null, cell("a", 1000), coldB);
        assertEquals(ClaimVerdict.CONFIRMED, r.verdictValue(), r.reason());
        assertTrue(r.reason().contains("at most theory's 600"), r.reason());
        // a ceiling above a's figure bounds nothing useful
        assertEquals(ClaimVerdict.INCONCLUSIVE, verdict(claim(">", "a", "b"), cell("a", 1000),
                measuredWhileCompiling(cell("b", true, ceiling(1500), 500), 3333)));
        // a theory below what the cell measured is wrong for that cell: no ceiling
        assertEquals(ClaimVerdict.INCONCLUSIVE, verdict(claim(">", "a", "b"), cell("a", 1000),
                measuredWhileCompiling(cell("b", true, ceiling(400), 500), 3333)));
    }

    @Test
    void aThroughputAtItsTheoryCeilingIsNotCold() {
        // s3/wfs: webflux-netty 01-async-pool served 1,000 req/s of its 1,000 while its target compiled, and lost
        // "02-elastic-blocking > 01-async-pool" 0.20x: at its ceiling, no word of compiling in the verdict
        CellResult pool = measuredWhileCompiling(cell("pool", true, ceiling(1000), 1000), 3333);
        ClaimResult r = judge(claim(">", "elastic", "pool"), null, cell("elastic", 200), pool);
        assertEquals(ClaimVerdict.CONTRADICTED, r.verdictValue(), r.reason());
        assertTrue(!r.reason().contains("compiling"), r.reason());
        // 98.6 % of 2,000 (s3/wfs 01vt-async-virtual): within the 3 % as well, and a claim the band leaves open stays
        // open for the noise, not for a cold cell
        CellResult vt = measuredWhileCompiling(cell("vt", true, ceiling(2000), 1972), 3333);
        ClaimResult close = judge(claim(">", "vt", "x"), null, vt, cell("x", 1960));
        assertEquals(ClaimVerdict.INCONCLUSIVE, close.verdictValue(), close.reason());
        assertEquals(ClaimResult.InconclusiveWhy.NOISE.label(), close.why(), close.reason());
        assertTrue(!close.reason().contains("compiling"), close.reason());
        // a throughput above its ceiling by window noise (1,010 of 1,000) is at it too
        assertEquals(ClaimVerdict.CONFIRMED, verdict(claim(">", "a", "b"),
                measuredWhileCompiling(cell("a", true, ceiling(1000), 1010), 3333), cell("b", 500)));
    }

    @Test
    void aCeilingCellIsStillCheckedOverItsRangeAndItsLatencyStaysCold() {
        // b at 97.5 % of 1,000 while compiling, a 4 % above it: warm, b could reach 1,000, within a's band
        CellResult b = measuredWhileCompiling(cell("b", true, ceiling(1000), 975), 3333);
        ClaimResult r = judge(claim(">", "a", "b"), null, cell("a", 1014), b);
        assertEquals(ClaimVerdict.INCONCLUSIVE, r.verdictValue(), r.reason());
        assertTrue(r.reason().startsWith("b was measured while JVM 4242 (target) was still compiling")
                && r.reason().contains("but throughput is at 97.5 % of the 1,000 req/s its placement allows"),
                r.reason());
        // at 90 % of its ceiling the cell is cold as before: its warm value may be anywhere up to the ceiling
        ClaimResult far = judge(claim(">", "a", "b"), null, cell("a", 2000),
                measuredWhileCompiling(cell("b", true, ceiling(1000), 900), 3333));
        assertEquals(ClaimVerdict.CONFIRMED, far.verdictValue(), far.reason());
        assertTrue(far.reason().contains("b was measured while JVM 4242 (target) was still compiling")
                && far.reason().contains("at most theory's 1,000"), far.reason());
        // latency: the ceiling says nothing of it, so a p99 above the other's may fall below it warm, as before
        assertEquals(ClaimVerdict.INCONCLUSIVE, verdict(claimOn("latency_p99_ms", ">", "b", "a"), cell("a", 2000),
                measuredWhileCompiling(cell("b", true, ceiling(1000), 1000), 3333)));
    }

    @Test
    void coldOrderingsWithinAndOtherFigures() {
        // a > b > c with the middle cell cold: its warm value could pass a, so the ordering cannot be confirmed ...
        assertEquals(ClaimVerdict.INCONCLUSIVE, verdict(claim(">", "a", "b", "c"), cell("a", 3000),
                measuredWhileCompiling(cell("b", 2000), 3333), cell("c", 1000)));
        // ... but a pair the other way whatever b's warm value is contradicts it: a below the cold b already
        assertEquals(ClaimVerdict.CONTRADICTED, verdict(claim(">", "a", "b", "c"), cell("a", 1000),
                measuredWhileCompiling(cell("b", 2000), 3333), cell("c", 500)));
        // within 5 %: a cold cell could be anywhere above, so "the same" cannot be confirmed ...
        assertEquals(ClaimVerdict.INCONCLUSIVE, verdict(claim("within 5%", "a", "b"), cell("a", 1000),
                measuredWhileCompiling(cell("b", 1010), 3333)));
        // ... while a cold cell already 2x above stays apart
        assertEquals(ClaimVerdict.CONTRADICTED, verdict(claim("within 5%", "a", "b"), cell("a", 1000),
                measuredWhileCompiling(cell("b", 2000), 3333)));
        // ... and a cold cell 2x below might catch up
        assertEquals(ClaimVerdict.INCONCLUSIVE, verdict(claim("within 5%", "a", "b"), cell("a", 2000),
                measuredWhileCompiling(cell("b", 1000), 3333)));
        // latency: a cold cell's warm p99 can only be lower; its p99 (1 ms) below a's (3.3 ms) stays below
        assertEquals(ClaimVerdict.CONFIRMED, verdict(claimOn("latency_p99_ms", ">", "a", "b"), cell("a", 300),
                measuredWhileCompiling(cell("b", 1000), 3333)));
        assertEquals(ClaimVerdict.CONTRADICTED, verdict(claimOn("latency_p99_ms", ">", "b", "a"), cell("a", 300),
                measuredWhileCompiling(cell("b", 1000), 3333)));
        // ... while above a's it might fall below it warm
        assertEquals(ClaimVerdict.INCONCLUSIVE, verdict(claimOn("latency_p99_ms", ">", "b", "a"), cell("a", 1000),
                measuredWhileCompiling(cell("b", 300), 3333)));
        // a figure the JIT moves no known way (errors) leaves a cold cell's claim inconclusive
        assertTrue(ColdBound.of(dev.fluxlab.model.run.FigureKind.ERRORS, 0, "a", "cold", 5, null, 3).isEmpty());
        assertTrue(ColdBound.of(dev.fluxlab.model.run.FigureKind.RSS_MAX_MB, 0, "a", "cold", 5, null, 3).isEmpty());
    }

    @Test
    void aCellMeasuredWhileItsJvmStillCompiledLeavesTheClaimInconclusive() {
        // 3x apart, far outside any noise band, yet the slower cell's target was compiling: a cold JVM, not the system
        ClaimResult r = judge(claim(">", "a", "b"), null, cell("a", 3000), measuredWhileCompiling(cell("b", 1000), 3333));
        assertEquals(ClaimVerdict.INCONCLUSIVE, r.verdictValue());
        assertTrue(r.reason().startsWith("b was measured while JVM 4242 (target) was still compiling (134 compilations"),
                r.reason());
        // a JVM that compiled below its floor while measured does not hold the verdict back
        assertEquals(ClaimVerdict.CONFIRMED, verdict(claim(">", "a", "b"), cell("a", 3000),
                measuredWhileCompiling(cell("b", 1000), 1)));
    }

    @Test
    void greaterIsConfirmedContradictedOrWithinTheBand() {
        assertEquals(ClaimVerdict.CONFIRMED, verdict(claim(">", "a", "b"), cell("a", 1100), cell("b", 1000)));
        assertEquals(ClaimVerdict.CONTRADICTED, verdict(claim(">", "a", "b"), cell("a", 900), cell("b", 1000)));
        // single repeats: a 2 % difference is inside the 3 % band
        ClaimResult r = judge(claim(">", "a", "b"), null, cell("a", 1020), cell("b", 1000));
        assertEquals(ClaimVerdict.INCONCLUSIVE, r.verdictValue());
        assertTrue(r.reason().contains("noise band ±3.0%"), r.reason());
        // repeats whose ranges overlap are within noise even when the medians differ by 10 %
        assertEquals(ClaimVerdict.INCONCLUSIVE, verdict(claim(">", "a", "b"), cell("a", 1000, 1100, 1200),
                cell("b", 950, 1000, 1050)));
        // a recorded noise floor widens the band
        assertEquals(ClaimVerdict.INCONCLUSIVE, judge(claim(">", "a", "b"), new NoiseFloor(3, 12, 4, "aa-pairs"),
                cell("a", 1100), cell("b", 1000)).verdictValue());
    }

    @Test
    void anOrderingIsJudgedPairByPair() {
        Claim order = claim(">", "a", "b", "c");
        assertEquals(ClaimVerdict.CONFIRMED, verdict(order, cell("a", 300), cell("b", 200), cell("c", 100)));
        ClaimResult r = judge(order, null, cell("a", 300), cell("b", 100), cell("c", 200));
        assertEquals(ClaimVerdict.CONTRADICTED, r.verdictValue());
        assertTrue(r.reason().startsWith("the other way: b / c = 0.50x"), r.reason());
        assertEquals(ClaimVerdict.INCONCLUSIVE, verdict(order, cell("a", 300), cell("b", 200), cell("c", 199)));
    }

    @Test
    void atLeastComparesWithTheFactor() {
        Claim c = claim(">= 10x", "a", "b");
        assertEquals(ClaimVerdict.CONFIRMED, verdict(c, cell("a", 9000), cell("b", 120)));
        assertEquals(ClaimVerdict.CONTRADICTED, verdict(c, cell("a", 900), cell("b", 120)));
        assertEquals(ClaimVerdict.INCONCLUSIVE, verdict(c, cell("a", 1210), cell("b", 120)));
        assertTrue(judge(c, null, cell("a", 9000), cell("b", 120)).reason().contains("a / b = 75.0x, claimed >= 10x"));
    }

    @Test
    void aRatioMustLieInsideTheRangeClearOfBothBounds() {
        Claim c = claim("ratio 0.8..1.2", "a", "b");
        assertEquals(ClaimVerdict.CONFIRMED, verdict(c, cell("a", 1000), cell("b", 1000)));
        assertEquals(ClaimVerdict.CONTRADICTED, verdict(c, cell("a", 1500), cell("b", 1000)));
        assertEquals(ClaimVerdict.CONTRADICTED, verdict(c, cell("a", 500), cell("b", 1000)));
        assertEquals(ClaimVerdict.INCONCLUSIVE, verdict(c, cell("a", 1190), cell("b", 1000)));
        // a range narrower than the band can never be confirmed
        assertEquals(ClaimVerdict.INCONCLUSIVE, verdict(claim("ratio 0.99..1.01", "a", "b"), cell("a", 1000),
                cell("b", 1000)));
    }

    @Test
    void withinComparesTheLargestWithTheSmallest() {
        Claim c = claim("within 10%", "a", "b", "c");
        assertEquals(ClaimVerdict.CONFIRMED, verdict(c, cell("a", 1000), cell("b", 1010), cell("c", 1020)));
        ClaimResult r = judge(c, null, cell("a", 1000), cell("b", 1500), cell("c", 1020));
        assertEquals(ClaimVerdict.CONTRADICTED, r.verdictValue());
        assertTrue(r.reason().contains("b / a = 1.50x"), r.reason());
        assertEquals(ClaimVerdict.INCONCLUSIVE, verdict(c, cell("a", 1000), cell("b", 1100), cell("c", 1050)));
    }

    @Test
    void lowerIsBetterFiguresAreComparedAsValues() {
        // p99 = 1000 / throughput: b's p99 is larger
        Claim c = claimOn("latency_p99_ms", ">", "b", "a");
        assertEquals(ClaimVerdict.CONFIRMED, verdict(c, cell("a", 2000), cell("b", 1000)));
    }

    @Test
    void anInvalidMissingOrFigurelessCellIsInconclusive() {
        ClaimResult r = judge(claim(">", "a", "b"), null, cell("a", false, null, 5000), cell("b", 100));
        assertEquals(ClaimVerdict.INCONCLUSIVE, r.verdictValue());
        assertEquals("a is invalid: it crashed", r.reason());
        assertEquals(Boolean.FALSE, r.cells().get(0).valid());
        assertEquals(5000, r.cells().get(0).measured().median());
        r = judge(claim(">", "a", "b"), null, cell("a", 5000));
        assertEquals(ClaimVerdict.INCONCLUSIVE, r.verdictValue());
        assertTrue(r.reason().startsWith("b did not run"), r.reason());
        assertNull(r.cells().get(1).valid());
        r = judge(claimOn("latency_p75_ms", ">", "a", "b"), null, cell("a", 10), cell("b", 20));
        assertEquals("a has no latency_p75_ms figure", r.reason());
        CellResult empty = new CellResult("e", 1, Map.of(), Map.of(), List.of(), null, true, List.of(), List.of(), null, null, null);
        assertEquals(ClaimVerdict.INCONCLUSIVE, verdict(claim(">", "e", "b"), empty, cell("b", 20)));
        assertNull(ClaimJudge.judge(List.of(), List.of(), null));
    }

    @Test
    void saysWhenTheoryPredictsAnotherOrderHere() {
        TheoryResult pool = new TheoryResult("task pool", 200, 100, 200, 2000, "@Async pool (200) / 100 ms", null, null);
        TheoryResult elastic = new TheoryResult("bounded elastic", 20, 100, 200, 200, "boundedElastic cap (20) / 100 ms",
                null, null);
        ClaimResult r = judge(claim(">", "elastic", "pool"), null, cell("elastic", true, elastic, 190),
                cell("pool", true, pool, 1900));
        assertEquals(ClaimVerdict.CONTRADICTED, r.verdictValue());
        assertTrue(r.theory().startsWith("theory predicts otherwise on this machine: elastic 200 req/s"), r.theory());
        r = judge(claim(">", "pool", "elastic"), null, cell("elastic", true, elastic, 190), cell("pool", true, pool, 1900));
        assertNull(r.theory());
        // cells without a theory figure: nothing to say
        assertNull(judge(claim(">", "a", "b"), null, cell("a", 2), cell("b", 1)).theory());
    }

    /** Seed 003's strategies all wait on one mock API: theory gives them the same figure and predicts no order. */
    @Test
    void tiedPredictionsSayNothingAgainstAnOrdering() {
        TheoryResult same = new TheoryResult("non-blocking wait", 60, 50, 3, 1200, "connections / 50 ms", null, null);
        ClaimResult r = judge(claim(">", "rails", "mono"), null, cell("rails", true, same, 1180),
                cell("mono", true, same, 1100));
        assertNull(r.theory(), "a tie is no prediction that the order is otherwise: " + r.theory());
    }
}
