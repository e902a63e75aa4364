package dev.fluxlab.model.load;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class LatencySummaryTest {

    private static LatencySummary of(double p50, double p75, double p90, double p99, double max) {
        return new LatencySummary(1, 1, p50, p75, p90, p99, Double.NaN, Double.NaN, max, Double.NaN);
    }

    @Test
    void percentilesInOrderCanBeTrue() {
        assertNull(of(1, 2, 3, 4, 5).disorder(false));
        assertNull(of(1, 1, 1, 1, 1).disorder(false), "ties are fine");
        assertNull(of(0, 0, 0, 0, 0).disorder(true), "all zero in whole milliseconds: every response under 1 ms");
        assertNull(of(1, Double.NaN, Double.NaN, 4, Double.NaN).disorder(false), "a figure the tool left out is skipped");
        assertNull(LatencySummary.UNKNOWN.disorder(false));
    }

    @Test
    void fallingPercentilesOrAZeroBesideAPositiveFigureCannot() {
        assertEquals("p99 0.500 ms below p90 3.000 ms", of(1, 2, 3, 0.5, 5).disorder(false));
        assertEquals("max 3.000 ms below p99 4.000 ms", of(1, 2, 3, 4, 3).disorder(false));
        assertEquals("p50 of 0 ms beside max 2950.000 ms", of(0, 0, 0, 0, 2950).disorder(false));
        assertEquals("every latency figure is 0", of(0, 0, 0, 0, 0).disorder(false), "no response takes 0 us");
    }

    /** ab prints whole milliseconds: its 50 % of 0 beside a 3 ms maximum is a fast loopback response. */
    @Test
    void aZeroInWholeMillisecondsCanBeTrue() {
        assertNull(of(0, 0, 1, 2, 3).disorder(true));
        assertEquals("p99 1.000 ms below p90 2.000 ms", of(0, 1, 2, 1, 3).disorder(true), "order still counts");
    }
}
