package dev.fluxlab.model.theory;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A throughput within 3 % of its placement's ceiling, and the sentence that says what that proves. */
class TheoryCeilingTest {

    @Test
    void withinThreePercentOfTheCeilingOnEitherSide() {
        assertTrue(TheoryCeiling.of(1000.0, 1000.0, 0).isPresent());
        assertTrue(TheoryCeiling.of(1972.0, 2000.0, 0).isPresent(), "98.6 %");
        assertTrue(TheoryCeiling.of(970.0, 1000.0, 0).isPresent(), "the bound itself");
        assertTrue(TheoryCeiling.of(969.0, 1000.0, 0).isEmpty());
        assertTrue(TheoryCeiling.of(900.0, 1000.0, 0).isEmpty(), "90 %: the JIT may have taken 10 %");
        assertTrue(TheoryCeiling.of(1030.0, 1000.0, 0).isPresent(), "above by window noise");
        assertTrue(TheoryCeiling.of(61.7, 40.0, 0).isEmpty(), "a bursty cell at 1.54x: the theory is wrong for it");
        // a functional run's 06-common-pool: 10, 10, 9 responses in a 3 s window of its 10 req/s, one short by an edge
        assertTrue(TheoryCeiling.of(9.667, 10.0, 3).isPresent(), "one response short of 0.97");
        assertTrue(TheoryCeiling.of(9.667, 10.0, 0).isEmpty(), "no window, no allowance");
        assertTrue(TheoryCeiling.of(9.333, 10.0, 3).isEmpty(), "two responses short");
        assertTrue(TheoryCeiling.of(1930.0, 2000.0, 3).isEmpty(), "at 2,000 req/s one response is nothing");
    }

    @Test
    void unknownFiguresProveNothing() {
        assertTrue(TheoryCeiling.of(null, 1000.0, 0).isEmpty());
        assertTrue(TheoryCeiling.of(1000.0, (Double) null, 3).isEmpty());
        assertTrue(TheoryCeiling.of(1000.0, (TheoryResult) null, 3).isEmpty());
        assertTrue(TheoryCeiling.of(Double.NaN, 1000.0, 0).isEmpty());
        assertTrue(TheoryCeiling.of(0.0, 0.0, 0).isEmpty());
    }

    @Test
    void saysHowFarTheJitCanHaveLoweredIt() {
        assertEquals("but throughput is at 98.6 % of the 2,000 req/s its placement allows: the JIT cannot have "
                + "lowered it by more than 1.4 % (its latency and CPU figures are not covered)",
                TheoryCeiling.of(1971.67, 2000.0, 0).orElseThrow().why());
        assertTrue(TheoryCeiling.of(1000.0, 1000.0, 0).orElseThrow().why()
                .contains("at 100.0 % of the 1,000 req/s its placement allows: the JIT cannot have lowered it ("));
    }
}
