package dev.fluxlab.runner;

import dev.fluxlab.model.suite.Suite;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

class EstimateTest {

    private static Suite suite(String fork, String warmup) {
        return Suite.parse("e.yaml", """
                targets:
                  reactor-netty: {knobs: {protocol: [http1.1, h2c]}}
                scenarios: {a: {path: /a}}
                load: {connections: [1, 2, 3]}
                warmup: %s
                warmup_max: 15s
                measure: 4s
                fork: %s
                """.formatted(warmup, fork));
    }

    @Test
    void perCellPaysStartUpAndTheWholeWarmUpEveryCell() {
        Suite s = suite("per-cell", "auto");
        // 2.5 start + 1.5 injector + 15 warm-up bound + 4 measure + 0.7 stop = 23.7 s, 6 cells
        assertEquals(Duration.ofMillis(6 * 23_700), Estimate.total(s, s.cells()));
        assertEquals(Estimate.total(s, s.cells()), Estimate.bound(s, s.cells()));
    }

    @Test
    void sharedPaysStartUpAndColdWarmUpOncePerGroup() {
        Suite s = suite("shared", "auto");
        // per group of 3: first 2.5 + 1.5 + 15 (20 s typical cold warm-up, capped by the 15 s bound) + 4 + 0.7 = 23.7 s,
        // then 2 x (1.5 + 8 typical warm warm-up + 4 + 0.7) = 2 x 14.2 s
        assertEquals(Duration.ofMillis(2 * (23_700 + 2 * 14_200)), Estimate.total(s, s.cells()));
        // at most: every warm-up to its bound, start-up still once per group
        assertEquals(Duration.ofMillis(2 * (23_700 + 2 * 21_200)), Estimate.bound(s, s.cells()));
    }

    @Test
    void aColdMinimumRaisesTheFirstCellOfEachGroup() {
        Suite s = Suite.parse("est.yaml", """
                targets:
                  reactor-netty: {knobs: {protocol: [http1.1, h2c]}, cold_warmup_min: 14s}
                scenarios: {a: {path: /a}}
                load: {connections: [1, 2, 3]}
                warmup: auto
                warmup_max: 15s
                measure: 4s
                fork: shared
                """);
        // the first cell of each group warms at least 14 s, typically up to its 15 s bound: 2.5 + 1.5 + 15 + 4 + 0.7
        assertEquals(Duration.ofMillis(2 * (23_700 + 2 * 14_200)), Estimate.total(s, s.cells()));
    }

    @Test
    void aFixedWarmUpIsTakenAsWritten() {
        Suite s = suite("shared", "3s");
        // per group: 2.5 + 3 x (1.5 + 3 + 4 + 0.7)
        assertEquals(Duration.ofMillis(2 * (2_500 + 3 * 9_200)), Estimate.total(s, s.cells()));
    }
}
