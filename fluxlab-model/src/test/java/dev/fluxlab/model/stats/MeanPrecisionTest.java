package dev.fluxlab.model.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MeanPrecisionTest {

    @Test
    void tooFewSecondsHaveNoPrecision() {
        assertEquals(Double.POSITIVE_INFINITY, MeanPrecision.relativeHalfWidth(List.of(100, 101, 99, 100)));
        assertEquals(0, MeanPrecision.relativeHalfWidth(List.of(100, 100, 100, 100, 100)));
    }

    /** Independent seconds: the textbook interval, t(0.975, 9) = 2.262. */
    @Test
    void independentSecondsGiveTheTextbookInterval() {
        List<Double> x = List.of(100.0, 104.0, 97.0, 102.0, 99.0, 101.0, 96.0, 103.0, 100.0, 98.0);
        double mean = 100, sd = Math.sqrt(x.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / 9);
        // this series alternates, so its lag-1 autocorrelation is negative and taken as 0: n_eff = n
        assertEquals(2.262 * sd / Math.sqrt(10) / mean, MeanPrecision.relativeHalfWidth(x), 1e-3);
    }

    /** Slow waves (a neighbour's job, GC cycles) make seconds alike: the interval must widen, not shrink. */
    @Test
    void autocorrelatedSecondsWidenTheInterval() {
        Random r = new Random(7);
        List<Double> independent = new ArrayList<>();
        List<Double> wavy = new ArrayList<>();
        double level = 0;
        for (int i = 0; i < 60; i++) {
            double e = r.nextGaussian();
            independent.add(100 + 3 * e);
            level = 0.8 * level + e;
            wavy.add(100 + 3 * level * Math.sqrt(1 - 0.64));
        }
        double a = MeanPrecision.relativeHalfWidth(independent);
        double b = MeanPrecision.relativeHalfWidth(wavy);
        assertTrue(b > 2 * a, "AR(1) with phi 0.8 at the same variance: " + b + " vs " + a);
    }

    @Test
    void moreSecondsNarrowTheInterval() {
        Random r = new Random(11);
        List<Double> x = new ArrayList<>();
        double at10 = 0;
        for (int i = 0; i < 40; i++) {
            x.add(50_000 + 2_000 * r.nextGaussian());
            if (i == 9) {
                at10 = MeanPrecision.relativeHalfWidth(x);
            }
        }
        double at40 = MeanPrecision.relativeHalfWidth(x);
        assertTrue(at40 < at10 * 0.7, at10 + " -> " + at40);
        assertTrue(at40 < 0.02, "±2 % reached within 40 s at a 4 % per-second noise: " + at40);
    }

    /** A sample that is not a number gives no stated precision, not a solver's exception. */
    @Test
    void aNonNumberSampleIsNoPrecision() {
        assertEquals(Double.POSITIVE_INFINITY, MeanPrecision.relativeHalfWidth(List.of(1.0, 2.0, Double.NaN, 4.0, 5.0, 6.0)));
        assertEquals(Double.POSITIVE_INFINITY, MeanPrecision.relativeHalfWidth(
                List.of(1.0, 2.0, Double.POSITIVE_INFINITY, 4.0, 5.0, 6.0)));
    }
}
