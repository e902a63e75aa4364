package dev.fluxlab.model.decide;

import org.junit.jupiter.api.Test;

import static dev.fluxlab.model.decide.PairTest.Outcome.FAILS;
import static dev.fluxlab.model.decide.PairTest.Outcome.HOLDS;
import static dev.fluxlab.model.decide.PairTest.Outcome.OPEN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PairTestTest {

    private static RatioInterval interval(double low, double high) {
        return new RatioInterval(Math.sqrt(low * high), low, high, 10, 10, 0.1, 0, 0, 0.05);
    }

    @Test
    void greater() {
        PairTest t = PairTest.greater("a", "b");
        assertEquals(HOLDS, t.test(interval(1.02, 1.10)));
        assertEquals(FAILS, t.test(interval(0.90, 0.99)));
        assertEquals(FAILS, t.test(interval(0.90, 1.00)));
        assertEquals(OPEN, t.test(interval(0.98, 1.05)));
        assertEquals(OPEN, t.test(new RatioInterval(1.2, 0, Double.POSITIVE_INFINITY, 1, 1, Double.NaN, 0, 0, 0.05)));
    }

    @Test
    void atLeast() {
        PairTest t = PairTest.atLeast("fast", "slow", 10);
        assertEquals(HOLDS, t.test(interval(150, 190)));
        assertEquals(OPEN, t.test(interval(8, 12)));
        assertEquals(FAILS, t.test(interval(5, 9)));
    }

    @Test
    void ratio() {
        PairTest t = PairTest.ratio("a", "b", 0.9, 1.1);
        assertEquals(HOLDS, t.test(interval(0.95, 1.05)));
        assertEquals(OPEN, t.test(interval(0.85, 1.05)));
        assertEquals(OPEN, t.test(interval(0.85, 1.15)));
        assertEquals(FAILS, t.test(interval(1.12, 1.2)));
        assertEquals(FAILS, t.test(interval(0.5, 0.8)));
    }

    /** Within 5 %: 1/1.05 = 0.952381 .. 1.05, the same range read from either cell. */
    @Test
    void within() {
        PairTest t = PairTest.within("a", "b", 0.05);
        assertEquals(1 / 1.05, t.low(), 1e-15);
        assertEquals(1.05, t.high(), 1e-15);
        assertEquals(HOLDS, t.test(interval(0.96, 1.04)));
        assertEquals(OPEN, t.test(interval(0.94, 1.04)));
        assertEquals(FAILS, t.test(interval(1.06, 1.2)));
        assertThrows(IllegalArgumentException.class, () -> PairTest.within("a", "b", 0));
    }

    /** A point on an end of the (open) range: A/B exactly 1 is not A > B. */
    @Test
    void aPointOnTheBoundFails() {
        assertEquals(FAILS, PairTest.greater("a", "b").test(interval(1, 1)));
        assertEquals(HOLDS, PairTest.greater("a", "b").test(interval(1.01, 1.01)));
    }

    @Test
    void aRangeMustBeOne() {
        assertThrows(IllegalArgumentException.class, () -> PairTest.ratio("a", "b", 1.1, 0.9));
        assertThrows(IllegalArgumentException.class, () -> PairTest.ratio("a", "b", -1, 2));
        assertThrows(IllegalArgumentException.class, () -> PairTest.greater("a", "a"));
    }
}
