package dev.fluxlab.targets.reactor.fanout;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;

/**
 * A per-request CPU cost given as CPU time (seed 003's service spent about 5 ms of CPU per request: 4 vCPUs at
 * 80-90 % for 659 req/s), turned into a fixed amount of work once at start-up: {@link #calibrate} times the busy
 * loop of {@link CpuWork} against the calling thread's CPU clock (not the wall clock, which a busy machine
 * stretches), so every request later does the same work whatever else runs on the machine. The work per request is
 * then a loop count, and the CPU it takes is what the calibration measured it to take.
 *
 * @param perRequest    the CPU time asked for per request
 * @param iterations    busy-loop rounds that take {@code perRequest} of CPU on this machine
 * @param roundsPerMs   the calibration's result: rounds per millisecond of thread CPU
 */
record CpuBudget(Duration perRequest, long iterations, double roundsPerMs) {

    /** No CPU cost. */
    static final CpuBudget NONE = new CpuBudget(Duration.ZERO, 0, 0);

    /** CPU time the calibration measures over, per attempt. */
    private static final long SAMPLE_NANOS = 50_000_000L;

    /**
     * Measures the busy loop's speed on this thread's CPU clock (after a JIT warm-up of the loop) and sizes
     * {@code perRequest}. The fastest of three samples wins: a sample can only be slowed (preempted between clock
     * reads, a cache evicted), never sped up.
     *
     * @throws IllegalStateException when this JVM cannot read a thread's CPU time
     */
    static CpuBudget calibrate(Duration perRequest) {
        if (perRequest.isZero()) {
            return NONE;
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (!threads.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM cannot measure thread CPU time, so --request-cpu cannot be "
                    + "calibrated; leave it at 0");
        }
        long sink = 0;
        for (int i = 0; i < 200; i++) {
            sink += CpuWork.rounds(20_000, i);   // warm the loop up so C2 has compiled it
        }
        double best = 0;
        for (int attempt = 0; attempt < 3; attempt++) {
            long rounds = 0;
            long cpu0 = threads.getCurrentThreadCpuTime();
            long cpu;
            do {
                sink += CpuWork.rounds(10_000, rounds);
                rounds += 10_000;
                cpu = threads.getCurrentThreadCpuTime();
            } while (cpu - cpu0 < SAMPLE_NANOS);
            best = Math.max(best, rounds / ((cpu - cpu0) / 1e6));
        }
        if (sink == 42) {
            System.err.print("");   // keeps the loop's result alive
        }
        return new CpuBudget(perRequest, Math.max(1, Math.round(best * perRequest.toNanos() / 1e6)), best);
    }

    /** The share of the request's work one of {@code parts} components does. */
    long iterationsPerPart(int parts) {
        return iterations == 0 ? 0 : Math.max(1, iterations / parts);
    }
}
