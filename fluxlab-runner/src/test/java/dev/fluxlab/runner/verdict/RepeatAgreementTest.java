package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.NoiseFloor;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.fluxlab.runner.verdict.SteadinessFixtures.cell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RepeatAgreementTest {

    @Test
    void theNoiseFloorIsTheMedianAndWorstDisagreementOfTheCells() {
        List<CellResult> cells = List.of(cell(1, "t", 10, 100, 102), cell(2, "t", 10, 100, 104),
                cell(3, "t", 10, 100, 110), cell(4, "t", 10, 50), cell(5, "t", 10));
        NoiseFloor f = RepeatAgreement.judge(cells, true).floor();
        assertEquals(3, f.pairs(), "cells with fewer than two measured repeats do not count");
        assertEquals(3.92, f.medianPct(), 0.01); // 4 / 102
        assertEquals(9.52, f.worstPct(), 0.01);  // 10 / 105
        assertEquals("aa-pairs", f.basis());
        assertEquals("repeat-spread", RepeatAgreement.judge(cells, false).floor().basis());
        assertNull(RepeatAgreement.judge(List.of(cell(1, "t", 10, 100)), false).floor());
    }

    /**
     * With A/A pairs the floor is made of pairs, repeats 1-2 and 3-4 of a cell: a cell of four repeats at 100, 104,
     * 108 and 112 disagrees by 3.9 % and 3.6 % within its pairs, not by its 11.3 % range (it gave 11.3 % and counted
     * as one pair).
     */
    @Test
    void anAaFloorIsMadeOfThePairsNotOfACellsWholeRange() {
        List<CellResult> cells = List.of(cell(1, "t", 10, 100, 104, 108, 112), cell(2, "t", 10, 100, 102));
        NoiseFloor f = RepeatAgreement.judge(cells, true).floor();
        assertEquals(3, f.pairs());
        assertEquals(3.64, f.medianPct(), 0.01); // 4 / 110
        assertEquals(3.92, f.worstPct(), 0.01);  // 4 / 102
        NoiseFloor spread = RepeatAgreement.judge(cells, false).floor();
        assertEquals(2, spread.pairs(), "repeat spread: one figure per cell");
        assertEquals(11.32, spread.worstPct(), 0.01); // 12 / 106
    }

    /** The 9,196 vs 77,968 req/s case: a median of two such repeats means nothing, so the cell says so. */
    @Test
    void repeatsFarApartAreFlaggedAsBimodalWithEveryFigure() {
        RepeatAgreement.Judged j = RepeatAgreement.judge(List.of(cell(1, "t", 10, 9_196, 77_968),
                cell(2, "t", 10, 80_000, 84_000)), false);
        List<CellResult> out = j.cells();
        String r = String.join("|", out.get(0).reasons());
        assertTrue(r.startsWith("warning: repeats disagree: throughput by repeat #1 9,196, #2 77,968 req/s lie 158 % apart"), r);
        assertTrue(out.get(1).reasons().isEmpty(), "5 % apart is within max(15 %, 3 x 158 %)");
        assertEquals(out, RepeatAgreement.judge(out, false).cells(), "flagged once");
    }

    /**
     * The flag says who got slower, with the injector as the witness. Figures from the A/A run of 2026-11-25: both
     * processes 1.6x slower per request (the machine), and the h2c cell whose target alone needed 194 µs.
     */
    @Test
    void theFlagSaysWhetherTheMachineOrOneJvmWasSlower() {
        CellResult machine = SteadinessFixtures.cell(1, "t", 20, new double[]{50_581, 80_738},
                new double[]{24.75, 15.15}, new double[]{14.05, 9.17});
        CellResult jvm = SteadinessFixtures.cell(2, "t", 20, new double[]{9_196, 77_968},
                new double[]{194, 16}, new double[]{4.1, 4.0});
        CellResult starved = SteadinessFixtures.cell(3, "t", 20, new double[]{40_000, 70_000},
                new double[]{16, 15.5}, new double[]{9.5, 9.3});
        List<CellResult> out = RepeatAgreement.judge(List.of(machine, jvm, starved,
                cell(4, "t", 10, 80_000, 81_000), cell(5, "t", 10, 70_000, 71_000), cell(6, "t", 10, 60_000, 61_000),
                cell(7, "t", 10, 50_000, 51_000), cell(8, "t", 10, 40_000, 40_500)), false).cells();
        String m = String.join("|", out.get(0).reasons());
        assertTrue(m.contains("the target's CPU per request 24.8 µs against 15.2 µs, the injector's 14.1 µs against 9.2 µs, "
                + "in the faster repeat: every process did the same work slower, so the machine or its kernel was slower"), m);
        String j = String.join("|", out.get(1).reasons());
        assertTrue(j.contains("194.0 µs against 16.0 µs") && j.contains("the target alone spent more per request, so its "
                + "JVM was in a slower state"), j);
        String s = String.join("|", out.get(2).reasons());
        assertTrue(s.contains("CPU per request hardly moved, so the processes got less CPU in the slower repeat"), s);
    }

    /**
     * A cell's own disagreement stays out of its bound. The audit's two-cell run: repeats 9,086, 27,208 and 30,655
     * req/s (97 % apart) beside a cell within 16 %; with the cell in the median the bound was 3 x 56.5 % = 170 % and
     * the cell could never be flagged.
     */
    @Test
    void aCellIsJudgedAgainstTheOtherCellsNotItself() {
        RepeatAgreement.Judged j = RepeatAgreement.judge(List.of(cell(1, "t", 10, 9_086, 27_208, 30_655),
                cell(2, "t", 10, 35_000, 38_000, 41_000)), false);
        String r = String.join("|", j.cells().get(0).reasons());
        assertTrue(r.contains("lie 97 % apart (bound 47 %)"), r);
        assertTrue(j.cells().get(1).reasons().isEmpty(), "16 % apart is within max(15 %, 3 x 97 %)");
        assertTrue(RepeatAgreement.judge(List.of(cell(1, "t", 10, 100, 125)), false).cells().get(0).reasons().get(0)
                .contains("(bound 15 %)"), "a lone cell: the least bound");
    }

    /**
     * The floor leaves bimodal cells out: one cell whose JVM landed in a slow state had set the worst floor of the
     * run at 97 %, and `compare` then called a 50 % drop of a cell whose repeats agreed within 8 % "within noise".
     */
    @Test
    void theFloorLeavesBimodalCellsOutAndCountsThem() {
        List<CellResult> cells = List.of(cell(1, "t", 10, 9_086, 30_655), cell(2, "t", 10, 100, 104),
                cell(3, "t", 10, 100, 106), cell(4, "t", 10, 100, 102));
        RepeatAgreement.Judged j = RepeatAgreement.judge(cells, false);
        assertEquals(3, j.floor().pairs());
        assertEquals(5.83, j.floor().worstPct(), 0.01); // 6 / 103
        assertEquals(1, j.floor().bimodalCells());
        RepeatAgreement.Judged allBimodal = RepeatAgreement.judge(List.of(cell(1, "t", 10, 100, 300)), false);
        assertNull(allBimodal.floor(), "no agreeing cell, no floor: a disturbed cell's 100 % is not the run's noise");
        assertTrue(allBimodal.cells().getFirst().reasons().stream().anyMatch(r -> r.contains("repeats disagree")));
    }

    @Test
    void theBoundFollowsANoisyMachinesFloor() {
        assertEquals(0.15, RepeatAgreement.bound(List.of()), 1e-9);
        assertEquals(0.15, RepeatAgreement.bound(List.of(0.02, 0.05)), 1e-9);
        assertEquals(0.30, RepeatAgreement.bound(List.of(0.05, 0.10, 0.20)), 1e-9);
        List<CellResult> out = RepeatAgreement.judge(List.of(cell(1, "t", 10, 100, 125), cell(2, "t", 10, 100, 110),
                cell(3, "t", 10, 100, 111)), false).cells();
        assertTrue(out.get(0).reasons().isEmpty(), "22 % apart on a machine whose other cells disagree by 10 %");
    }
}
