package dev.fluxlab.targets.common.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
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
        assertEquals(CORES, concurrency(VirtualScheduler.SCHEDULED_POOL, CORES + 3, CORES));
    }

    @Test
    void perTaskRunsEveryBlockingTaskAtOnce() throws Exception {
        assertEquals(CORES + 3, concurrency(VirtualScheduler.PER_TASK, CORES + 3, CORES + 3));
    }

    @Test
    void namesParseAndUnknownOnesAreRefusedWithTheList() {
        assertEquals(VirtualScheduler.SCHEDULED_POOL, VirtualScheduler.of("scheduled-pool"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VirtualScheduler.of("pool"));
        assertTrue(e.getMessage().contains("per-task, scheduled-pool"), e.getMessage());
    }

    /**
     * Submits {@code tasks} tasks that each block until released and returns how many run at once: once
     * {@code started} of them run (waited for, at most 30 s: no fixed sleep, which on a loaded machine let the first
     * tasks end before the last began), plus a moment in which a task past an executor's bound would start too. Then
     * releases them all and waits for every one (a pool runs the rest after).
     */
    private static int concurrency(VirtualScheduler kind, int tasks, int started) throws Exception {
        AtomicInteger running = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService executor = kind.executor("test-vt-");
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < tasks; i++) {
                futures.add(executor.submit(() -> {
                    running.incrementAndGet();
                    assertTrue(Thread.currentThread().isVirtual());
                    assertTrue(release.await(30, TimeUnit.SECONDS), "never released");
                    return null;
                }));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (running.get() < started && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            Thread.sleep(200); // a task beyond the executor's bound would start in this moment
            int atOnce = running.get();
            release.countDown();
            for (Future<?> f : futures) {
                f.get(30, TimeUnit.SECONDS);
            }
            assertEquals(tasks, running.get(), "every task ran");
            return atOnce;
        } finally {
            release.countDown();
            executor.shutdownNow();
        }
    }
}
