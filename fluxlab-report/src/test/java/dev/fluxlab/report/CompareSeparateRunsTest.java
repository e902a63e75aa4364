package dev.fluxlab.report;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What two separate runs can tell apart: the median cell's move and the cells' scatter around it, said in words. */
class CompareSeparateRunsTest {

    private static Comparison.Row row(double ratio, String invalid) {
        return new Comparison.Row("c" + ratio, "c", null, null, ratio, Comparison.Verdict.UNKNOWN, null, null, Double.NaN,
                invalid, Comparison.Verdict.UNKNOWN);
    }

    /**
     * Every cell about 15 % slower, scattered by a few percent: the move is said to be the machine's or a change of
     * every cell alike, and the smallest single-cell change it could tell is twice the scatter. By hand: log ratios of
     * 0.83, 0.85, 0.85, 0.87 and 0.90; median ln 0.85 = -0.1625 (-15.0 %); deviations 0.0238, 0.0, 0.0, 0.0233, 0.0572,
     * median 0.0233, scaled 0.0345 (3.4 %); exp(0.0690) - 1 = 7 %. The invalid cell is left out.
     */
    @Test
    void sayWhatSeparateRunsCannotTell() {
        List<Comparison.Row> rows = new ArrayList<>(List.of(row(0.83, ""), row(0.85, ""), row(0.85, ""), row(0.87, ""),
                row(0.90, ""), row(0.2, "B")));
        String s = Comparison.separateRuns(rows);
        assertTrue(s.contains("The median cell moved by -15.0 % (B/A 0.850 over 5 valid cells)"), s);
        assertTrue(s.contains("scatter by 3.4 % (scaled MAD), so a single cell's change under about 7 % cannot be told"),
                s);
        assertTrue(s.endsWith("decided by interleaved trials (docs/suites.md)"), s);
        assertNull(Comparison.separateRuns(rows.subList(0, 3)), "three cells are too few to estimate a scatter");
    }
}
