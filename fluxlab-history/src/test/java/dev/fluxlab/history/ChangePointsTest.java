package dev.fluxlab.history;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Synthetic series (made up here, seeded): the method must find steps, and must not find noise or outliers. */
class ChangePointsTest {

    private static double[] noisy(int n, double level, double relativeNoise, long seed) {
        Random r = new Random(seed);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = level * (1 + relativeNoise * (2 * r.nextDouble() - 1));
        }
        return v;
    }

    private static double[] floors(int n, double floor) {
        double[] f = new double[n];
        Arrays.fill(f, floor);
        return f;
    }

    @Test
    void aStepOfTwentyPercentIsFoundAtItsIndex() {
        for (long seed = 1; seed <= 20; seed++) {
            double[] v = noisy(16, 100_000, 0.02, seed);
            for (int i = 9; i < v.length; i++) {
                v[i] *= 1.20;
            }
            List<ChangePoints.Change> found = ChangePoints.find(v, floors(v.length, 0.03));
            assertEquals(1, found.size(), "seed " + seed + ": " + found);
            assertEquals(9, found.get(0).index(), "seed " + seed);
            assertEquals(0.20, found.get(0).relative(), 0.03, "seed " + seed);
        }
    }

    @Test
    void twoStepsAreBothFound() {
        double[] v = noisy(18, 50_000, 0.01, 7);
        for (int i = 6; i < v.length; i++) {
            v[i] *= i < 12 ? 0.8 : 1.1;
        }
        List<ChangePoints.Change> found = ChangePoints.find(v, floors(v.length, 0.03));
        assertEquals(List.of(6, 12), found.stream().map(ChangePoints.Change::index).toList(), found.toString());
    }

    @Test
    void noiseWithinTheFloorFindsNone() {
        // ±1.5%: no two runs disagree by more than the 3% floor
        for (long seed = 1; seed <= 50; seed++) {
            double[] v = noisy(20, 100_000, 0.015, seed);
            assertTrue(ChangePoints.find(v, floors(v.length, 0.03)).isEmpty(), "seed " + seed);
        }
    }

    @Test
    void aSignificantShiftSmallerThanTheFloorIsIgnored() {
        double[] v = noisy(16, 100_000, 0.002, 3);
        for (int i = 8; i < v.length; i++) {
            v[i] *= 1.02;
        }
        assertEquals(1, ChangePoints.find(v, floors(v.length, 0.01)).size(), "2% is beyond a 1% floor");
        assertTrue(ChangePoints.find(v, floors(v.length, 0.05)).isEmpty(), "2% is inside a 5% floor");
    }

    @Test
    void aSingleOutlierIsNotAChangePoint() {
        for (long seed = 1; seed <= 20; seed++) {
            double[] v = noisy(15, 100_000, 0.01, seed);
            v[7] = 160_000;
            assertTrue(ChangePoints.find(v, floors(v.length, 0.03)).isEmpty(), "seed " + seed);
            v[7] = 40_000;
            assertTrue(ChangePoints.find(v, floors(v.length, 0.03)).isEmpty(), "seed " + seed);
        }
    }

    @Test
    void tooShortASeriesHasNoChangePoint() {
        assertTrue(ChangePoints.find(new double[]{1, 1, 2, 2, 2}, floors(5, 0)).isEmpty());
        assertTrue(ChangePoints.find(new double[0], new double[0]).isEmpty());
        double[] sevenRuns = {100, 101, 99, 50, 51, 49, 50};
        assertTrue(ChangePoints.find(sevenRuns, floors(7, 0.03)).isEmpty(), "3 against 4 cannot reach p 0.05");
        double[] eightRuns = {100, 101, 99, 50, 51, 49, 50, 52};
        assertEquals(3, ChangePoints.find(eightRuns, floors(8, 0.03)).get(0).index(), "3 against 5 can (p 0.036)");
        assertTrue(ChangePoints.METHOD.contains("8 in all"), ChangePoints.METHOD);
    }
}
