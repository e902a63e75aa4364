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
        NoiseFloor f = RepeatAgreement.noiseFloor(cells, true);
        assertEquals(3, f.pairs(), "cells with fewer than two measured repeats do not count");
        assertEquals(3.92, f.medianPct(), 0.01); // 4 / 102
        assertEquals(9.52, f.worstPct(), 0.01);  // 10 / 105
        assertEquals("aa-pairs", f.basis());
        assertEquals("repeat-spread", RepeatAgreement.noiseFloor(cells, false).basis());
        assertNull(RepeatAgreement.noiseFloor(List.of(cell(1, "t", 10, 100)), false));
    }

    /**
     * With A/A pairs the floor is made of pairs, repeats 1-2 and 3-4 of a cell: a cell of four repeats at 100, 104,
     * 108 and 112 disagrees by 3.9 % and 3.6 % within its pairs, not by its 11.3 % range (it gave 11.3 % and counted
     * as one pair).
     */
    @Test
    void anAaFloorIsMadeOfThePairsNotOfACellsWholeRange() {
        List<CellResult> cells = List.of(cell(1, "t", 10, 100, 104, 108, 112), cell(2, "t", 10, 100, 102));
        NoiseFloor f = RepeatAgreement.noiseFloor(cells, true);
        assertEquals(3, f.pairs());
        assertEquals(3.64, f.medianPct(), 0.01); // 4 / 110
        assertEquals(3.92, f.worstPct(), 0.01);  // 4 / 102
        NoiseFloor spread = RepeatAgreement.noiseFloor(cells, false);
        assertEquals(2, spread.pairs(), "repeat spread: one figure per cell");
        assertEquals(11.32, spread.worstPct(), 0.01); // 12 / 106
    }

    /** The 9,196 vs 77,968 req/s case: a median of two such repeats means nothing, so the cell says so. */
    @Test
    void repeatsFarApartAreFlaggedAsBimodalWithEveryFigure() {
        NoiseFloor floor = new NoiseFloor(3, 8, 16, "aa-pairs");
        List<CellResult> out = RepeatAgreement.flag(List.of(cell(1, "t", 10, 9_196, 77_968),
                cell(2, "t", 10, 80_000, 84_000)), floor);
        String r = String.join("|", out.get(0).reasons());
        assertTrue(r.startsWith("warning: repeats disagree: throughput by repeat #1 9,196, #2 77,968 req/s lie 158 % apart"), r);
        assertTrue(out.get(1).reasons().isEmpty(), "5 % apart is within max(15 %, 3 x 3 %)");
        assertEquals(out, RepeatAgreement.flag(out, floor), "flagged once");
    }

    @Test
    void theBoundFollowsANoisyMachinesFloor() {
        assertEquals(0.15, RepeatAgreement.agreementBound(null), 1e-9);
        assertEquals(0.15, RepeatAgreement.agreementBound(new NoiseFloor(2, 5, 10, "aa-pairs")), 1e-9);
        assertEquals(0.30, RepeatAgreement.agreementBound(new NoiseFloor(10, 20, 10, "aa-pairs")), 1e-9);
        List<CellResult> out = RepeatAgreement.flag(List.of(cell(1, "t", 10, 100, 125)), new NoiseFloor(10, 20, 10, "aa-pairs"));
        assertTrue(out.get(0).reasons().isEmpty(), "22 % apart on a machine whose A/A floor is 10 %");
    }
}
