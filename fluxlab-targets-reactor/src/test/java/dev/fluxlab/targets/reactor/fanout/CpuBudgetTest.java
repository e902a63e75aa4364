package dev.fluxlab.targets.reactor.fanout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The calibrated per-request CPU cost costs about the CPU time asked for, measured on the thread's CPU clock. */
class CpuBudgetTest {

    @Test
    void calibratedWorkTakesAboutTheCpuTimeAskedFor() {
        CpuBudget budget = CpuBudget.calibrate(Duration.ofMillis(4));
        assertTrue(budget.iterations() > 0 && budget.roundsPerMs() > 0, budget.toString());
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] cpu = new long[9];
        long sink = 0;
        for (int i = 0; i < cpu.length; i++) {
            long t0 = threads.getCurrentThreadCpuTime();
            // as the service does it: the request's share per component, three components
            for (int c = 0; c < 3; c++) {
                sink += CpuWork.rounds(budget.iterationsPerPart(3), i + c);
            }
            cpu[i] = threads.getCurrentThreadCpuTime() - t0;
        }
        Arrays.sort(cpu);
        double medianMs = cpu[cpu.length / 2] / 1e6;
        // the thread's CPU clock is not stretched by other jobs; the margin covers JIT state and clock granularity
        assertTrue(medianMs > 2.0 && medianMs < 8.0, "4 ms asked, median " + medianMs + " ms (" + sink + ")");
    }

    @Test
    void zeroCostsNothing() {
        assertEquals(0, CpuBudget.calibrate(Duration.ZERO).iterations());
        assertEquals(0, CpuBudget.NONE.iterationsPerPart(3));
    }
}
