package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.run.CellResult;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.fluxlab.runner.verdict.SteadinessFixtures.cell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PlausibilityTest {

    /** The case seen here: one h2c cell at 194 µs per request among siblings at 12-20 µs. */
    @Test
    void aTargetSeveralTimesCostlierThanItsSiblingsIsFlaggedWithBothFigures() {
        List<CellResult> cells = new ArrayList<>();
        double[] siblings = {12, 14, 15, 16, 18, 19, 20, 13};
        for (int i = 0; i < siblings.length; i++) {
            cells.add(cell(i + 1, "reactor-netty", siblings[i], 80_000));
        }
        cells.add(cell(9, "reactor-netty", 194, 9_196));
        List<CellResult> out = Plausibility.flag(cells);
        String r = String.join("|", out.get(8).reasons());
        assertTrue(r.startsWith("warning: implausible CPU per request: target reactor-netty needed 194.0 µs"), r);
        assertTrue(r.contains("the 15.5 µs median of its 8 sibling cells"), r);
        for (int i = 0; i < 8; i++) {
            assertTrue(out.get(i).reasons().isEmpty(), "sibling " + i + ": " + out.get(i).reasons());
        }
        assertTrue(out.get(8).valid(), "a warning, not a verdict: the figure may still be what the system does");
        assertEquals(out, Plausibility.flag(out), "flagged once");
    }

    @Test
    void cheaperCellsAndOtherProcessesAreLeftAlone() {
        // pipelining makes a cell much cheaper per request: never flagged; a different target has no siblings
        List<CellResult> out = Plausibility.flag(List.of(cell(1, "netty", 7.7, 136_000), cell(2, "netty", 1.4, 900_000),
                cell(3, "netty", 8.0, 130_000), cell(4, "undertow", 80, 20_000)));
        out.forEach(c -> assertTrue(c.reasons().isEmpty(), c.id() + ": " + c.reasons()));
    }

    @Test
    void threeTimesCostlierIsWithinWhatCellsLegitimatelyDiffer() {
        List<CellResult> out = Plausibility.flag(List.of(cell(1, "frontend", 10, 1), cell(2, "frontend", 11, 1),
                cell(3, "frontend", 30, 1)));
        assertTrue(out.get(2).reasons().isEmpty(), out.get(2).reasons().toString());
    }
}
