package dev.fluxlab.model.theory;

import static dev.fluxlab.model.Readiness.ASYNC_CORE;
import static dev.fluxlab.model.Readiness.ASYNC_MAX;
import static dev.fluxlab.model.Readiness.ASYNC_QUEUE;
import static dev.fluxlab.model.Readiness.BLOCKING_EXECUTION;
import static dev.fluxlab.model.Readiness.COMMON_POOL;
import static dev.fluxlab.model.Readiness.ELASTIC_CAP;
import static dev.fluxlab.model.Readiness.SLEEP_MS;
import static dev.fluxlab.model.Readiness.WAIT_MS;
import static dev.fluxlab.model.Readiness.WORKERS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The theory column on synthetic readiness lines and measurements. */
class TheoryTest {

    private static Map<String, String> ready(String... kv) {
        Map<String, String> m = new HashMap<>(Map.of(WORKERS, "4", SLEEP_MS, "1000", ELASTIC_CAP, "120",
                ASYNC_CORE, "100", ASYNC_MAX, "200", ASYNC_QUEUE, "1000", COMMON_POOL, "11",
                BLOCKING_EXECUTION, "event-loop"));
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    private static double predicted(Placement p, Map<String, String> r, int concurrency) {
        return Theory.predict(p, r, concurrency).orElseThrow().predictedRps();
    }

    @Test
    void seed002FiguresAtConcurrency1000() {
        // the seed's machine: 12 cores, 1 s sleep, ab -c 1000; measured 11.99 / 117.8 / 99.77 / 10.99 req/s
        assertEquals(4.0, predicted(Placement.EVENT_LOOP, ready(), 1000), 1e-9);
        assertEquals(120.0, predicted(Placement.BOUNDED_ELASTIC, ready(), 1000), 1e-9);
        assertEquals(100.0, predicted(Placement.TASK_POOL, ready(), 1000), 1e-9);
        assertEquals(11.0, predicted(Placement.COMMON_POOL, ready(), 1000), 1e-9);
        assertEquals(1000.0, predicted(Placement.VIRTUAL, ready(), 1000), 1e-9);
    }

    @Test
    void taskPoolGrowsPastCoreOnlyWhenItsQueueIsFull() {
        assertEquals(50, Theory.taskPoolThreads(100, 200, 1000, 50));
        assertEquals(100, Theory.taskPoolThreads(100, 200, 1000, 1100));
        assertEquals(150, Theory.taskPoolThreads(100, 200, 1000, 1150));
        assertEquals(200, Theory.taskPoolThreads(100, 200, 1000, 5000));
        assertEquals(200, Theory.taskPoolThreads(100, 200, 0, 300));
        assertEquals(200.0, predicted(Placement.TASK_POOL, ready(ASYNC_QUEUE, "0"), 5000), 1e-9);
    }

    @Test
    void concurrencyCapsEveryPlacementAndSleepScales() {
        Map<String, String> r = ready(SLEEP_MS, "100");
        assertEquals(30.0, predicted(Placement.BOUNDED_ELASTIC, r, 3), 1e-9);
        assertEquals(200.0 * 10, predicted(Placement.VIRTUAL, r, 200), 1e-9);
        assertTrue(Theory.predict(Placement.BOUNDED_ELASTIC, r, 3).orElseThrow().basis().contains("capped"));
    }

    @Test
    void eventLoopHandlersOnVirtualThreadsScaleWithConcurrency() {
        assertEquals(200.0, predicted(Placement.EVENT_LOOP, ready(BLOCKING_EXECUTION, "virtual"), 200), 1e-9);
    }

    @Test
    void fanOutCeilingIsUsersOverTheDelay() {
        TheoryResult t = Theory.predict(Placement.NON_BLOCKING_WAIT, Map.of(WAIT_MS, "50"), 300).orElseThrow();
        assertEquals(6000.0, t.predictedRps(), 1e-9);
        assertTrue(t.basis().contains("latency floor 50 ms"), t.basis());
        assertTrue(Theory.predict(Placement.NON_BLOCKING_WAIT, Map.of(SLEEP_MS, "50"), 300).isEmpty());
    }

    @Test
    void missingSizesGiveNoPrediction() {
        Map<String, String> r = ready();
        r.remove(ELASTIC_CAP);
        assertTrue(Theory.predict(Placement.BOUNDED_ELASTIC, r, 10).isEmpty());
        assertTrue(Theory.predict(Placement.VIRTUAL, Map.of(SLEEP_MS, "0"), 10).isEmpty());
        assertTrue(Theory.predict(Placement.VIRTUAL, ready(), 0).isEmpty());
    }

    @Test
    void measuredFarFromPredictedIsFlagged() {
        TheoryResult p = Theory.predict(Placement.BOUNDED_ELASTIC, ready(SLEEP_MS, "100", ELASTIC_CAP, "20"), 200)
                .orElseThrow();
        assertEquals(200.0, p.predictedRps(), 1e-9);
        TheoryResult close = Theory.compare(p, 193.0);
        assertEquals(0.965, close.ratio(), 1e-9);
        assertFalse(close.gap());
        assertTrue(Theory.compare(p, 100.0).gap());
        assertTrue(Theory.compare(p, 260.0).gap());
        assertEquals(null, Theory.compare(p, null).gap());
    }

    @Test
    void placementNames() {
        assertEquals(Placement.TASK_POOL, Placement.of("task-pool"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Placement.of("fork")).getMessage()
                .contains("bounded-elastic"));
    }
}
