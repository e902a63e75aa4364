package dev.fluxlab.model.decide;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RatioIntervalTest {

    /** Figures of B, and A's as B's times exp(d), so the log ratios are the chosen d. */
    private static double[][] pairs(double[] b, double... d) {
        double[] a = new double[d.length];
        for (int i = 0; i < d.length; i++) {
            a[i] = b[i] * Math.exp(d[i]);
        }
        return new double[][]{a, b};
    }

    /**
     * Five pairs, log ratios d = 0.10, 0.02, 0.14, 0.06, 0.08, by hand:
     * <ul>
     *   <li>mean m = 0.40 / 5 = 0.08; deviations 0.02, -0.06, 0.06, -0.02, 0;</li>
     *   <li>squares sum to 0.0080, so s = sqrt(0.0080 / 4) = 0.0447214 and s / sqrt(5) = 0.02;</li>
     *   <li>lag-1 products -0.0012 - 0.0036 - 0.0012 + 0 = -0.0060: r1 = -0.75, taken as 0, so n_eff = 5;</li>
     *   <li>median 0.08, MAD 0.02, so nothing lies beyond 0.08 ± 4 x 1.4826 x 0.02 = ± 0.1186;</li>
     *   <li>t(0.975, 4 df) = 2.776445 (the tables' 2.776): half-width 0.0555289;</li>
     *   <li>ratio exp(0.08) = 1.083287, bounds exp(0.0244711) = 1.024773 and exp(0.1355289) = 1.145142.</li>
     * </ul>
     */
    @Test
    void fivePairsByHand() {
        double[][] p = pairs(new double[]{100, 200, 150, 120, 90}, 0.10, 0.02, 0.14, 0.06, 0.08);
        RatioInterval i = RatioInterval.of(p[0], p[1], 0.05);
        assertEquals(1.083287, i.ratio(), 1e-6);
        assertEquals(1.024773, i.low(), 1e-6);
        assertEquals(1.145142, i.high(), 1e-6);
        assertEquals(5, i.pairs());
        assertEquals(5, i.effectivePairs());
        assertEquals(0.0447214, i.sdLog(), 1e-7);
        assertEquals(0, i.autocorrelation());
        assertEquals(0, i.winsorized());
        assertEquals(0.05, i.alpha());
        // swapping the cells mirrors the interval on the log scale
        RatioInterval swapped = RatioInterval.of(p[1], p[0], 0.05);
        assertEquals(1 / i.high(), swapped.low(), 1e-12);
        assertEquals(1 / i.low(), swapped.high(), 1e-12);
    }

    /**
     * The same five pairs: m = 0.08, s = 0.0447214, n_eff = n, z(0.975) = 1.959964. To exclude 1.05 (ln = 0.0487902,
     * 0.0312098 away): (1.959964 x 0.0447214 / 0.0312098)^2 = 7.89, so 8 pairs. To exclude 1 (0.08 away): 1.2 pairs,
     * but never fewer than one more than the five already there.
     */
    @Test
    void roundsToExcludeByHand() {
        double[][] p = pairs(new double[]{100, 200, 150, 120, 90}, 0.10, 0.02, 0.14, 0.06, 0.08);
        RatioInterval i = RatioInterval.of(p[0], p[1], 0.05);
        assertEquals(8, i.roundsToExclude(1.05));
        assertEquals(6, i.roundsToExclude(1));
        assertEquals(Double.POSITIVE_INFINITY, i.roundsToExclude(i.ratio()));
        assertEquals(Double.POSITIVE_INFINITY, RatioInterval.of(new double[]{2}, new double[]{1}, 0.05)
                .roundsToExclude(1));
        assertThrows(IllegalArgumentException.class, () -> i.roundsToExclude(0));
    }

    /**
     * One window hit by a stall: d = 0, 0.01, -0.01, 0.02, -0.02, 0.01, 0, 1.0. Median (0 + 0.01) / 2 = 0.005;
     * absolute deviations 0.005, 0.005, 0.015, 0.015, 0.025, 0.005, 0.005, 0.995, whose median, the MAD, is
     * (0.005 + 0.015) / 2 = 0.01. The reach is 4 x 1.4826 x 0.01 = 0.059304, so 1.0 is clipped to 0.064304 and the
     * mean is (0.01 + 0.064304) / 8 = 0.009288 instead of 1.01 / 8 = 0.12625.
     */
    @Test
    void anOutlyingPairIsClipped() {
        double[][] p = pairs(new double[]{10, 10, 10, 10, 10, 10, 10, 10}, 0, 0.01, -0.01, 0.02, -0.02, 0.01, 0, 1.0);
        RatioInterval i = RatioInterval.of(p[0], p[1], 0.05);
        assertEquals(1, i.winsorized());
        assertEquals(Math.exp(0.074304 / 8), i.ratio(), 1e-9);
    }

    /** With a MAD of 0 (most pairs alike) there is no scale to clip by: the series is kept as it is. */
    @Test
    void aZeroMadClipsNothing() {
        double[][] p = pairs(new double[]{10, 10, 10, 10, 10}, 0, 0, 0, 0, 0.5);
        RatioInterval i = RatioInterval.of(p[0], p[1], 0.05);
        assertEquals(0, i.winsorized());
        assertEquals(Math.exp(0.1), i.ratio(), 1e-12);
    }

    /**
     * The log ratios 0.01 .. 0.05 rising, twice: deviations from 0.03 of -0.02 .. 0.02; lag-1 products 0.0002 + 0 + 0 +
     * 0.0002 - 0.0004 + 0.0002 + 0 + 0 + 0.0002 = 0.0004 over squares 0.0020 give r1 = 0.2 and n_eff = 10 x 0.8 / 1.2
     * = 6.666667; the interval must be wider than that of the same values in an order with no positive
     * autocorrelation (n_eff = 10).
     */
    @Test
    void autocorrelatedPairsWidenTheInterval() {
        double[] b = {50, 50, 50, 50, 50, 50, 50, 50, 50, 50};
        double[][] rising = pairs(b, 0.01, 0.02, 0.03, 0.04, 0.05, 0.01, 0.02, 0.03, 0.04, 0.05);
        double[][] mixed = pairs(b, 0.01, 0.05, 0.02, 0.04, 0.03, 0.01, 0.05, 0.02, 0.04, 0.03);
        RatioInterval r = RatioInterval.of(rising[0], rising[1], 0.05);
        RatioInterval m = RatioInterval.of(mixed[0], mixed[1], 0.05);
        assertEquals(0.2, r.autocorrelation(), 1e-9);
        assertEquals(10 * 0.8 / 1.2, r.effectivePairs(), 1e-9);
        assertEquals(10, m.effectivePairs());
        assertEquals(r.sdLog(), m.sdLog(), 1e-12);
        double widening = Math.log(r.high() / r.low()) / Math.log(m.high() / m.low());
        assertTrue(widening > Math.sqrt(10 / (10 * 0.8 / 1.2)),
                "rising " + r.low() + " .. " + r.high() + ", mixed " + m.low() + " .. " + m.high());
    }

    /**
     * Below 10 pairs the autocorrelation is not estimated: 0.01 .. 0.05 rising has a lag-1 autocorrelation of 0.4, which
     * would make n_eff 2.14; five interleaved pairs count as five.
     */
    @Test
    void fewPairsCountAsIndependent() {
        double[][] rising = pairs(new double[]{50, 50, 50, 50, 50}, 0.01, 0.02, 0.03, 0.04, 0.05);
        RatioInterval r = RatioInterval.of(rising[0], rising[1], 0.05);
        assertEquals(0, r.autocorrelation());
        assertEquals(5, r.effectivePairs());
    }

    @Test
    void tooFewPairsLeaveTheIntervalUnknown() {
        RatioInterval none = RatioInterval.of(new double[0], new double[0], 0.05);
        assertTrue(Double.isNaN(none.ratio()));
        assertEquals(0, none.low());
        assertEquals(Double.POSITIVE_INFINITY, none.high());
        RatioInterval one = RatioInterval.of(new double[]{3}, new double[]{2}, 0.05);
        assertEquals(1.5, one.ratio(), 1e-12);
        assertEquals(0, one.low());
        assertEquals(Double.POSITIVE_INFINITY, one.high());
        // two pairs whose log ratios rise: r1 = 0 here (one product over two squares is -1), so n_eff = 2 is enough
        RatioInterval two = RatioInterval.of(new double[]{2, 4}, new double[]{1, 1}, 0.05);
        assertTrue(two.high() < Double.POSITIVE_INFINITY);
    }

    @Test
    void noSpreadMakesThePoint() {
        RatioInterval i = RatioInterval.of(new double[]{2, 2, 2}, new double[]{1, 1, 1}, 0.05);
        assertEquals(0, i.sdLog());
        assertEquals(2, i.ratio(), 1e-12); // exp(ln 2) is 2 only to rounding
        assertEquals(i.ratio(), i.low());
        assertEquals(i.ratio(), i.high());
    }

    /** A look's alpha can be far below double precision near 1: the interval must still be finite, only wide. */
    @Test
    void aTinyAlphaGivesAWideFiniteInterval() {
        double[][] p = pairs(new double[]{100, 200, 150, 120, 90, 80, 70, 60, 50, 40}, 0.10, 0.02, 0.14, 0.06, 0.08,
                0.10, 0.02, 0.14, 0.06, 0.08);
        RatioInterval i = RatioInterval.of(p[0], p[1], 1e-20);
        assertTrue(i.low() > 0 && i.high() < Double.POSITIVE_INFINITY, i.low() + " .. " + i.high());
        assertTrue(i.high() > RatioInterval.of(p[0], p[1], 0.05).high());
        RatioInterval none = RatioInterval.of(p[0], p[1], 0);
        assertEquals(0, none.low());
        assertEquals(Double.POSITIVE_INFINITY, none.high());
    }

    @Test
    void unusableFiguresAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> RatioInterval.of(new double[]{1, 2}, new double[]{1}, 0.05));
        assertThrows(IllegalArgumentException.class,
                () -> RatioInterval.of(new double[]{1, 0}, new double[]{1, 1}, 0.05));
        assertThrows(IllegalArgumentException.class,
                () -> RatioInterval.of(new double[]{1, -2}, new double[]{1, 1}, 0.05));
        assertThrows(IllegalArgumentException.class,
                () -> RatioInterval.of(new double[]{1, Double.NaN}, new double[]{1, 1}, 0.05));
        assertThrows(IllegalArgumentException.class,
                () -> RatioInterval.of(new double[]{1, 1}, new double[]{1, Double.POSITIVE_INFINITY}, 0.05));
        assertThrows(IllegalArgumentException.class, () -> RatioInterval.of(new double[]{1}, new double[]{1}, 1));
    }
}
