package dev.fluxlab.model.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EffectiveSizeTest {

    /**
     * 1, 2, 3, 4, 5 by hand: mean 3, squared deviations 4 + 1 + 0 + 1 + 4 = 10, so sd = sqrt(10 / 4); lag-1 products
     * (-1)(-2) + 0 + 0 + (2)(1) = 4, r1 = 4 / 10 = 0.4, n_eff = 5 x 0.6 / 1.4 = 2.142857.
     */
    @Test
    void aRisingSeriesCountsForFewerSamples() {
        EffectiveSize e = EffectiveSize.of(new double[]{1, 2, 3, 4, 5});
        assertEquals(5, e.n());
        assertEquals(3, e.mean(), 1e-12);
        assertEquals(Math.sqrt(2.5), e.sd(), 1e-12);
        assertEquals(0.4, e.autocorrelation(), 1e-12);
        assertEquals(5 * 0.6 / 1.4, e.effective(), 1e-12);
    }

    /** An alternating series has a negative r1: taken as 0, so it counts as n samples, never more. */
    @Test
    void anAlternatingSeriesCountsAsItsLength() {
        EffectiveSize e = EffectiveSize.of(new double[]{1, 3, 1, 3, 1, 3});
        assertEquals(0, e.autocorrelation());
        assertEquals(6, e.effective());
    }

    /** A straight ramp of many samples has r1 near 1: capped, so n_eff stays above zero. */
    @Test
    void theAutocorrelationIsCapped() {
        double[] x = new double[100];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
        }
        EffectiveSize e = EffectiveSize.of(x);
        assertEquals(EffectiveSize.MAX_R1, e.autocorrelation());
        assertEquals(100 * 0.1 / 1.9, e.effective(), 1e-9);
    }

    @Test
    void constantShortAndEmptySeries() {
        EffectiveSize constant = EffectiveSize.of(new double[]{7, 7, 7});
        assertEquals(0, constant.sd());
        assertEquals(0, constant.autocorrelation());
        assertEquals(3, constant.effective());
        EffectiveSize one = EffectiveSize.of(new double[]{7});
        assertEquals(7, one.mean());
        assertTrue(Double.isNaN(one.sd()));
        assertTrue(Double.isNaN(EffectiveSize.of(new double[0]).mean()));
    }
}
