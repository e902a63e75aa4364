package dev.fluxlab.runner;

import dev.fluxlab.model.suite.Suite;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EstimateTest {

    private static Suite suite(String fork, String warmup) {
        return suite("[http1.1, h2c]", fork, warmup, "15s");
    }

    /** A suite with {@code warmup}; its bound {@code warmupMax} only beside {@code auto}, the one warm-up it bounds. */
    private static Suite suite(String protocols, String fork, String warmup, String warmupMax) {
        return Suite.parse("e.yaml", """
                targets:
                  reactor-netty: {knobs: {protocol: %s}}
                scenarios: {a: {path: /a}}
                load: {connections: [1, 2, 3]}
                warmup: %s
                %smeasure: 4s
                fork: %s
                """.formatted(protocols, warmup, warmup.equals("auto") ? "warmup_max: " + warmupMax + "\n" : "",
                fork));
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
        // per group of 3: first 2.5 + 1.5 injector + 15 (20 s typical cold warm-up, capped by the 15 s bound) + 4 + 0.7
        // = 23.7 s, then 2 x (6 typical warm warm-up + 4 + 0.7) = 2 x 10.7 s: the injector JVM is kept like the target
        assertEquals(Duration.ofMillis(2 * (23_700 + 2 * 10_700)), Estimate.total(s, s.cells()));
        // at most: every warm-up to its bound, start-ups still once per group
        assertEquals(Duration.ofMillis(2 * (23_700 + 2 * 19_700)), Estimate.bound(s, s.cells()));
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
        assertEquals(Duration.ofMillis(2 * (23_700 + 2 * 10_700)), Estimate.total(s, s.cells()));
    }

    @Test
    void aFixedWarmUpIsTakenAsWritten() {
        Suite s = suite("shared", "3s");
        // per group: 2.5 target + 1.5 injector + 3 x (3 + 4 + 0.7)
        assertEquals(Duration.ofMillis(2 * (4_000 + 3 * 7_700)), Estimate.total(s, s.cells()));
    }

    @Test
    void aRequestBoundedCellCountsItsMeasuredPhaseAsNothingAtLeastAndAtItsBoundAtMost() {
        Suite s = Suite.parse("req.yaml", """
                targets:
                  reactor-netty: {knobs: {protocol: [http1.1, h2c]}}
                scenarios: {a: {path: /a}}
                load: {connections: 2, requests: 1000}
                warmup: 3s
                measure: 40s
                fork: per-cell
                """);
        assertTrue(s.cells().stream().allMatch(Estimate::requestBounded));
        // per cell at least: 2.5 start + 1.5 injector + 3 warm-up + 0.7 stop, the 1,000 requests at a rate not known yet
        assertEquals(Duration.ofMillis(2 * 7_700), Estimate.total(s, s.cells()));
        // at most: each measured phase runs to its 40 s bound
        assertEquals(Duration.ofMillis(2 * 47_700), Estimate.bound(s, s.cells()));
        assertEquals("≥15s", Estimate.approximately(s, s.cells()));
        Suite timed = suite("per-cell", "3s");
        // 6 x (2.5 + 1.5 + 3 + 4 + 0.7) = 70.2 s
        assertEquals("~1m10s", Estimate.approximately(timed, timed.cells()));
    }

    @Test
    void tlsCellsWarmUpLongerThanCleartextOnes() {
        Suite s = suite("[h2, h2c]", "shared", "auto", "90s");
        assertEquals(List.of(true, true, true, false, false, false), s.cells().stream().map(Estimate::tls).toList());
        // h2 (TLS): first 2.5 + 1.5 + 56 cold + 4 + 0.7 = 64.7 s, then 2 x (24 warm + 4 + 0.7) = 2 x 28.7 s;
        // h2c: first 2.5 + 1.5 + 20 + 4 + 0.7 = 28.7 s, then 2 x (6 + 4 + 0.7) = 2 x 10.7 s
        assertEquals(List.of(Duration.ofMillis(64_700), Duration.ofMillis(28_700), Duration.ofMillis(28_700),
                        Duration.ofMillis(28_700), Duration.ofMillis(10_700), Duration.ofMillis(10_700)),
                Estimate.cells(s, s.cells()));
    }

    @Test
    void aTlsBoundBelowTheTypicalWarmUpIsPaidByEveryCell() {
        // the h2-proxy shape: a proxy whose backend is reached over https, warm-ups bounded at 15 s; measured there, nearly
        // every cell, warm or cold, ran into that bound
        Suite s = Suite.parse("proxy.yaml", """
                targets:
                  proxy:
                    entry: frontend
                    processes:
                      backend: {target: reactor-netty, knobs: {protocol: h2c}}
                      frontend: {target: frontend, knobs: {backend-url: "https://127.0.0.1:${backend.port}"}}
                scenarios: {a: {path: /a}}
                load: {connections: [1, 2]}
                warmup: auto
                warmup_max: 15s
                measure: 3s
                fork: shared
                """);
        assertTrue(s.cells().stream().allMatch(Estimate::tls));
        // 2 x 2.5 start-ups and the injector's 1.5 once, then per cell 15 + 3 + 0.7 = 18.7 s
        assertEquals(Duration.ofMillis(6_500 + 2 * 18_700), Estimate.total(s, s.cells()));
    }
}
