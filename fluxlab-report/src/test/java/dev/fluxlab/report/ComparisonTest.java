package dev.fluxlab.report;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.Stat;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.fluxlab.report.Comparison.Verdict.BETTER;
import static dev.fluxlab.report.Comparison.Verdict.UNKNOWN;
import static dev.fluxlab.report.Comparison.Verdict.WITHIN_NOISE;
import static dev.fluxlab.report.Comparison.Verdict.WORSE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ComparisonTest {

    private static Stat s(double... v) {
        List<Double> list = new ArrayList<>();
        for (double d : v) {
            list.add(d);
        }
        return Stat.of(list);
    }

    @Test
    void singleRunsUseTheThreePercentFloor() {
        assertEquals(WITHIN_NOISE, Comparison.verdict(s(100_000), s(102_900)));
        assertEquals(WITHIN_NOISE, Comparison.verdict(s(100_000), s(97_100)));
        assertEquals(WITHIN_NOISE, Comparison.verdict(s(100_000), s(103_000)), "the floor itself is within noise");
        assertEquals(BETTER, Comparison.verdict(s(100_000), s(103_100)));
        assertEquals(WORSE, Comparison.verdict(s(100_000), s(96_900)));
    }

    @Test
    void repeatsUseTheirMeasuredSpread() {
        // A ±1%, B ±1%: band 2%, ranges do not overlap
        assertEquals(BETTER, Comparison.verdict(s(99_000, 100_000, 101_000), s(104_000, 105_000, 106_000)));
        assertEquals(WORSE, Comparison.verdict(s(99_000, 100_000, 101_000), s(94_000, 95_000, 96_000)));
        // 2.5% apart with ±1% each: no overlap and beyond the band; with repeats there is no 3% floor
        assertEquals(BETTER, Comparison.verdict(s(99_000, 100_000, 101_000), s(101_500, 102_500, 103_500)));
        // overlapping ranges are noise even when the medians are far apart
        assertEquals(WITHIN_NOISE, Comparison.verdict(s(80_000, 100_000, 101_000), s(100_500, 120_000, 121_000)));
        // a lopsided spread: ranges do not touch, but 3% apart is inside A's ±10.5% band
        assertEquals(WITHIN_NOISE, Comparison.verdict(s(80_000, 100_000, 101_000), s(102_000, 103_000, 104_000)));
    }

    @Test
    void oneSideSingleStillGetsTheFloor() {
        assertEquals(WITHIN_NOISE, Comparison.verdict(s(99_900, 100_000, 100_100), s(102_000)));
        assertEquals(BETTER, Comparison.verdict(s(99_900, 100_000, 100_100), s(104_000)));
    }

    @Test
    void missingFiguresAreNotAVerdict() {
        assertEquals(UNKNOWN, Comparison.verdict(s(), s(1)));
        assertEquals(UNKNOWN, Comparison.verdict(s(0), s(1)));
    }

    @Test
    void runsAreMatchedByCellIdAndLoneCellsListed() {
        RunResult a = Fixtures.run();
        RunResult full = Fixtures.run("B", List.of(), new double[]{60_000, 61_000, 59_000}, new double[]{80_500, 81_000, 79_000},
                new double[]{30_000, 31_000});
        List<CellResult> cells = new ArrayList<>(full.cells().subList(0, 2));
        CellResult extra = Fixtures.cell(4, "h2c", "io_uring", new double[]{90_000}, 150, false, true, List.of(), List.of());
        cells.add(extra);
        RunResult b = new RunResult(full.schema(), "B", full.suite(), full.suiteFile(), full.description(), full.status(), full.startedAt(),
                full.finishedAt(), full.environment(), full.tables(), full.settings(), cells, full.noise());
        Comparison c = Comparison.of(a, b);
        assertEquals(2, c.rows().size());
        Comparison.Row first = c.rows().get(0);
        assertEquals(1.2, first.ratio(), 1e-9);
        assertEquals(BETTER, first.verdict());
        assertEquals(WITHIN_NOISE, c.rows().get(1).verdict());
        assertEquals(1, c.onlyA().size());
        assertTrue(c.onlyA().get(0).contains("transport=nio"), c.onlyA().toString());
        assertEquals(1, c.onlyB().size());
        assertTrue(c.onlyB().get(0).contains("io_uring"), c.onlyB().toString());

        String text = String.join("\n", CompareReport.lines(c));
        assertTrue(text.contains("60,000 ±2% (n=3)"), text);
        assertTrue(text.contains("1.20x"), text);
        assertTrue(text.contains("better"), text);
        assertTrue(text.contains("only in A:"), text);
        assertTrue(text.contains("only in B:"), text);
        assertTrue(text.replace("\n", " ").contains("at least 3% when a side has a single repeat"), text);
        String md = CompareReport.markdown(c);
        assertTrue(md.contains("| cell | A req/s | B req/s | B/A | verdict |"), md);
        assertTrue(md.contains("within noise"), md);
    }
}
