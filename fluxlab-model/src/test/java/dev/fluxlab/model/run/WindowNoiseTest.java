package dev.fluxlab.model.run;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WindowNoiseTest {

    private static final List<Integer> STEPS = List.of(100, 100, 110, 110, 100, 100, 90, 90, 100, 100, 100, 100);

    /**
     * Computed by hand: 1 s windows give 11 pairs, seven equal and four 10/105 or 10/95 apart (median 0); 2 s windows
     * (100, 110, 100, 90, 100, 100) give 9.52, 9.52, 10.53, 10.53 and 0 %; 4 s windows give 2 pairs, too few.
     */
    @Test
    void adjacentWindowsAreComparedPerLength() {
        List<WindowNoise> n = WindowNoise.of(STEPS);
        assertEquals(2, n.size(), n.toString());
        assertEquals(1, n.get(0).windowSeconds());
        assertEquals(11, n.get(0).pairs());
        assertEquals(0, n.get(0).medianPct(), 1e-9);
        assertEquals(1000.0 / 95, n.get(0).worstPct(), 1e-9);
        assertEquals(2, n.get(1).windowSeconds());
        assertEquals(5, n.get(1).pairs());
        assertEquals(1000.0 / 105, n.get(1).medianPct(), 1e-9);
        assertEquals(1000.0 / 95, n.get(1).worstPct(), 1e-9);
    }

    /** A 13th second fills no 2 s window, so it changes the 1 s figure only. */
    @Test
    void aTrailingPartOfAWindowIsLeftOut() {
        List<Integer> longer = new ArrayList<>(STEPS);
        longer.add(1000);
        List<WindowNoise> n = WindowNoise.of(longer);
        assertEquals(12, n.get(0).pairs());
        assertEquals(2 * 900.0 / 1100 * 100, n.get(0).worstPct(), 1e-9);
        assertEquals(WindowNoise.of(STEPS).get(1), n.get(1));
    }

    @Test
    void tooShortASeriesStatesNothing() {
        assertTrue(WindowNoise.of(List.of()).isEmpty());
        assertTrue(WindowNoise.of(List.of(1, 2, 3, 4, 5)).isEmpty(), "5 seconds give 4 pairs");
        assertEquals(1, WindowNoise.of(List.of(1, 2, 3, 4, 5, 6)).size(), "6 seconds give 5 pairs of 1 s windows");
    }

    /** Two empty windows have nothing to compare; an empty one beside a full one is as far apart as can be. */
    @Test
    void emptyWindows() {
        List<WindowNoise> n = WindowNoise.of(List.of(0, 0, 0, 0, 0, 100, 100, 100, 100, 100, 100));
        assertEquals(6, n.get(0).pairs(), "the four pairs of two empty seconds are left out");
        assertEquals(200, n.get(0).worstPct(), 1e-9);
        assertEquals(0, n.get(0).medianPct(), 1e-9);
        assertTrue(WindowNoise.of(List.of(0, 0, 0, 0, 0, 0, 0)).isEmpty());
    }

    /** Steady seconds give no noise at any length; the lengths double while five pairs fit. */
    @Test
    void aSteadyLoadHasNone() {
        List<Integer> flat = new ArrayList<>();
        for (int i = 0; i < 96; i++) {
            flat.add(5000);
        }
        List<WindowNoise> n = WindowNoise.of(flat);
        assertEquals(List.of(1, 2, 4, 8, 16), n.stream().map(WindowNoise::windowSeconds).toList());
        n.forEach(w -> assertEquals(0, w.worstPct(), 1e-9));
        assertEquals(5, n.get(4).pairs());
    }
}
