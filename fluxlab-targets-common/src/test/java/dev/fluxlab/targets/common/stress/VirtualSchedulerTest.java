package dev.fluxlab.targets.common.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The two executors under the {@code -vt} scheduler: seed 002's scheduled pool runs at most {@code cores} blocking
 * tasks at once (its virtual threads are the pool's workers), one virtual thread per task runs them all at once.
 */
class VirtualSchedulerTest {

    private static final int CORES = Runtime.getRuntime().availableProcessors();

    @Test
    void scheduledPoolHoldsAtMostCoresBlockingTasksAtOnce() throws Exception {
        assertEquals(CORES, peakConcurrency(VirtualScheduler.SCHEDULED_POOL, CORES + 3));
    }

    @Test
    void perTaskRunsEveryBlockingTaskAtOnce() throws Exception {
        assertEquals(CORES + 3, peakConcurrency(VirtualScheduler.PER_TASK, CORES + 3));
    }

    @Test
    void namesParseAndUnknownOnesAreRefusedWithTheList() {
        assertEquals(VirtualScheduler.SCHEDULED_POOL, VirtualScheduler.of("scheduled-pool"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VirtualScheduler.of("pool"));
        assertTrue(e.getMessage().contains("per-task, scheduled-pool"), e.getMessage());
    }

    private static int peakConcurrency(VirtualScheduler kind, int tasks) throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        ExecutorService executor = kind.executor("test-vt-");
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < tasks; i++) {
                futures.add(executor.submit(() -> {
                    peak.accumulateAndGet(running.incrementAndGet(), Math::max);
                    try {
                        Thread.sleep(150);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    running.decrementAndGet();
                    assertTrue(Thread.currentThread().isVirtual());
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            executor.shutdownNow();
        }
        return peak.get();
    }
}
