package dev.fluxlab.model.stats;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TrendTest {

    @Test
    void aStraightLineHasItsSlopeAndNoError() {
        Trend t = Trend.of(List.of(100.0, 110.0, 120.0, 130.0, 140.0));
        assertEquals(10.0, t.slope(), 1e-9);
        assertEquals(120.0, t.mean(), 1e-9);
        assertEquals(0.0, t.standardError(), 1e-9);
        assertEquals(10.0 / 120.0, t.relativeSlope(), 1e-12);
        assertTrue(t.beyondNoise(3));
    }

    @Test
    void aFlatNoisySeriesIsNoTrend() {
        Trend t = Trend.of(List.of(100.0, 120.0, 90.0, 115.0, 95.0, 110.0));
        assertEquals(105.0, t.mean(), 1e-9);
        assertTrue(Math.abs(t.relativeSlope()) < 0.02, "slope " + t.relativeSlope());
        assertFalse(t.beyondNoise(3));
    }

    @Test
    void knownFit() {
        // y = 1, 3, 2, 5: slope 1.1 (sxy 5.5 / sxx 5), residual sum of squares 2.7, se = sqrt(2.7 / 2 / 5)
        Trend t = Trend.of(List.of(1.0, 3.0, 2.0, 5.0));
        assertEquals(1.1, t.slope(), 1e-12);
        assertEquals(Math.sqrt(2.7 / 2 / 5), t.standardError(), 1e-12);
    }

    @Test
    void zeroMeanIsAnInfiniteRelativeSlopeAndTwoSamplesHaveNoError() {
        assertEquals(Double.POSITIVE_INFINITY, Trend.relativeSlope(List.of(0.0, 0.0, 0.0)));
        assertTrue(Double.isNaN(Trend.of(List.of(1.0, 2.0)).standardError()));
        assertThrows(IllegalArgumentException.class, () -> Trend.of(List.of(1.0)));
    }

    /** A flat series has a zero slope and a zero error: it is no trend (0 >= 3 x 0 called it one). */
    @Test
    void aFlatSeriesIsNotBeyondNoiseAndAStraightRiseIs() {
        assertFalse(Trend.of(List.of(5.0, 5.0, 5.0, 5.0)).beyondNoise(3));
        assertTrue(Trend.of(List.of(1.0, 2.0, 3.0, 4.0)).beyondNoise(3));
        assertFalse(Trend.of(List.of(1.0, 2.0)).beyondNoise(3), "two samples have no error to judge by");
    }
    /**
     * Four samples leave two degrees of freedom, where three standard errors are no test at 1 %: 0, 1.6, 1.4, 3 has a
     * slope of 0.88 with a standard error of sqrt(0.648 / 2 / 5) = 0.2546 (t = 3.46), beyond 3 errors but within
     * Student's 9.925 (1 %) and 4.303 (5 %); 0, 1.2, 1.8, 3 (slope 0.96, error sqrt(0.072 / 10), t = 11.3) is a trend.
     */
    @Test
    void significanceUsesStudentsQuantileForTheSamplesGiven() {
        Trend noisy = Trend.of(List.of(0.0, 1.6, 1.4, 3.0));
        assertEquals(0.88, noisy.slope(), 1e-12);
        assertEquals(Math.sqrt(0.648 / 2 / 5), noisy.standardError(), 1e-12);
        assertEquals(4, noisy.samples());
        assertTrue(noisy.beyondNoise(3));
        assertFalse(noisy.significant(0.05));
        assertFalse(noisy.significant(0.01));
        Trend ramp = Trend.of(List.of(0.0, 1.2, 1.8, 3.0));
        assertTrue(ramp.significant(0.01));
        assertFalse(Trend.of(List.of(1.0, 2.0)).significant(0.01), "two samples have no error to judge by");
        assertFalse(Trend.of(List.of(5.0, 5.0, 5.0, 5.0)).significant(0.01));
        assertThrows(IllegalArgumentException.class, () -> ramp.significant(0));
        assertThrows(IllegalArgumentException.class, () -> ramp.significant(1));
    }
}
