package dev.fluxlab.model.run;

import dev.fluxlab.model.load.LoadResult;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The slope of throughput against the machine-speed reference over a run's pairs of repeats, by hand. */
class SpeedResponseTest {

    /** A repeat at {@code rps} req/s, measured after the reference ran at {@code ops} (null: no speed recorded). */
    private static RepeatResult repeat(int i, double rps, Double ops) {
        LoadResult l = new LoadResult(LoadResult.SCHEMA, "http://127.0.0.1:1/", "http1.1", "closed", "GET", 16, 1, null,
                1, true, 10, Math.round(rps * 10), Map.of(), rps, null, 0, 0, 1, 0.1, List.of(), null, "us", null, null,
                null, null, null, null, null, null, null);
        return new RepeatResult(i, "t", l, List.of(), List.of(), true, List.of(), null, null, null, null, null, null,
                ops == null ? null : new MachineSpeed(ops, 0.01, 9, "t"), null);
    }

    private static CellResult cell(int index, RepeatResult... repeats) {
        return new CellResult("c" + index, index, Map.of(), Map.of(), List.of(repeats), null, true, List.of(),
                List.of(), null, null, null);
    }

    /** One cell per (x, y): repeat 1 at 1e8 ops/s and 50,000 req/s, repeat 2 at e^x and e^y times those. */
    private static List<CellResult> pairs(double[] x, double[] y) {
        List<CellResult> cells = new ArrayList<>();
        for (int i = 0; i < x.length; i++) {
            cells.add(cell(i, repeat(1, 50_000, 1e8), repeat(2, 50_000 * Math.exp(y[i]), 1e8 * Math.exp(x[i]))));
        }
        return cells;
    }

    /**
     * x = 0.1, 0.2, -0.1, 0.3, -0.2 and y = 0.1, 0.3, -0.1, 0.2, -0.2: sum(x^2) = 0.19, sum(xy) = 0.18, slope 0.18 /
     * 0.19 = 0.9474; residuals 0.0053, 0.1105, -0.0053, -0.0842, -0.0105, their squares 0.019474, so the standard
     * error is sqrt(0.019474 / 4 / 0.19) = 0.1601: within two standard errors of 1 and far from 0, in step.
     */
    @Test
    void theSlopeThroughTheOriginAndItsStandardError() {
        SpeedResponse r = SpeedResponse.of(pairs(new double[]{0.1, 0.2, -0.1, 0.3, -0.2},
                new double[]{0.1, 0.3, -0.1, 0.2, -0.2}));
        assertEquals(5, r.pairs());
        assertEquals(0.18 / 0.19, r.slope(), 1e-9);
        assertEquals(0.1601, r.stderr(), 1e-4);
        assertTrue(r.inStep());
        assertFalse(r.notInStep());
        assertTrue(r.describe().startsWith("throughput followed the reference workload (slope 0.95 ± 0.16 over 5 pairs"),
                r.describe());
    }

    /** Throughput that ignores the reference: slope 0, no error, as far from 1 as it gets. */
    @Test
    void throughputThatIgnoresTheReferenceIsNotInStep() {
        SpeedResponse r = SpeedResponse.of(pairs(new double[]{0.4, -0.4, 0.3, -0.3, 0.2}, new double[5]));
        assertEquals(0, r.slope(), 1e-12);
        assertEquals(0, r.stderr(), 1e-12);
        assertTrue(r.notInStep());
        assertFalse(r.inStep());
        assertTrue(r.describe().startsWith("throughput did not follow the reference workload (slope 0.00 ± 0.00"),
                r.describe());
    }

    /** A slope of 0.5 ± 0.4 is neither: the pairs cannot tell. */
    @Test
    void aNoisySlopeIsUndecided() {
        SpeedResponse r = new SpeedResponse(0.5, 0.4, 12);
        assertFalse(r.notInStep());
        assertFalse(r.inStep());
        assertTrue(r.describe().startsWith("throughput may or may not have followed"), r.describe());
    }

    /** A precise slope near 1 is in step: missing 1 counts only beyond the tolerance of 0.25 as well. */
    @Test
    void aPreciseSlopeNearOneIsInStep() {
        assertTrue(new SpeedResponse(0.9, 0.01, 20).inStep());
        assertTrue(new SpeedResponse(1.2, 0.01, 20).inStep());
        assertTrue(new SpeedResponse(0.7, 0.01, 20).notInStep());
        assertTrue(new SpeedResponse(1.3, 0.01, 20).notInStep());
    }

    /** Consecutive repeats pair up within a cell; a repeat without a speed or a throughput is skipped. */
    @Test
    void pairsAreConsecutiveMeasuredRepeatsOfOneCell() {
        List<CellResult> cells = new ArrayList<>(pairs(new double[]{0.1, 0.2, -0.1, 0.3}, new double[]{0.1, 0.2, -0.1, 0.3}));
        assertNull(SpeedResponse.of(cells), "4 pairs are too few");
        // repeats 3, 1, 2 (out of order) and two that measured nothing usable (no speed, no throughput): (1, 2), (2, 3)
        cells.add(cell(9, repeat(3, 60_000, 1.2e8), repeat(1, 40_000, 0.8e8), repeat(2, 50_000, 1e8),
                repeat(4, 99_999, null), repeat(5, 0, 5e8)));
        SpeedResponse r = SpeedResponse.of(cells);
        assertEquals(6, r.pairs());
        assertEquals(1, r.slope(), 1e-9, "every pair moved in proportion to the reference");
    }

    @Test
    void aReferenceThatNeverMovedStatesNothing() {
        assertNull(SpeedResponse.of(pairs(new double[6], new double[]{0.1, 0.2, 0.3, 0.1, 0.2, 0.3})));
        assertNull(SpeedResponse.of(null));
        assertNull(SpeedResponse.of(List.of()));
    }
}
