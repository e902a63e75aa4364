package dev.fluxlab.model.warmup;

import java.util.List;

/**
 * Whether a JVM's JIT has work pending: the "queue empty" half of an automatic warm-up's end when the JVM's compiler
 * threads can be read (the compile-rate rule of {@link WarmupPolicy} otherwise).
 *
 * <p>JDK 25 publishes no compile-queue length in its performance counters: read from a live target's hsperfdata, the
 * {@code sun.ci} family holds totals only ({@code totalCompiles}, {@code standardCompiles}, {@code osrCompiles},
 * {@code totalBailouts}, {@code totalInvalidates}, {@code nmethodCodeSize}, {@code nmethodSize}, {@code threads}, the
 * last compiled, failed and invalidated method) and {@code java.ci.totalTime}, the compilations' elapsed time booked
 * when each ends; no per-thread compiler counters and no deoptimisation count. What does tell pending work is the
 * compiler threads' CPU time ({@code /proc/<pid>/task/<tid>/stat} of the threads named {@code C1 CompilerThre} and
 * {@code C2 CompilerThre}): a compiler thread takes a task from the queue and compiles it, on CPU, or waits on an
 * empty queue, off it. So a JVM whose compiler threads used less than its floor ({@link WarmupPolicy#compileFloor})
 * of CPU in each of the last {@link #DRAIN_SECONDS} seconds, and invalidated no compiled method meanwhile (an
 * invalidation sends its method back to be compiled again), has drained its queue. This sees a long C2 compilation
 * while it runs (the elapsed-time counter books it only when it ends, so a 3 s window can pass over it), and it does
 * not read CPU that other processes took from the compiler as compiling: on a loaded 2-core machine the elapsed-time
 * counter grew 5-9 times faster than the compiler threads' CPU (recorded series in the probe's tests). Both are why
 * its window can be shorter than {@link WarmupPolicy#JIT_QUIET_SECONDS}.
 */
public final class PendingCompiles {

    /** Over how many of the last seconds the compiler threads must each have stayed below the floor. */
    public static final int DRAIN_SECONDS = 2;

    private PendingCompiles() {
    }

    /**
     * One reading of a JVM: {@code seconds} on a monotonic clock, its compiler threads' CPU milliseconds so far (NaN:
     * not readable) and its invalidated compiled methods so far.
     */
    public record Reading(double seconds, double compilerCpuMs, long invalidations) {
    }

    /**
     * Whether the JVM read as {@code readings} (oldest first, about a second apart) has no compile work pending: each
     * of the last {@link #DRAIN_SECONDS} steps below {@code floorMsPerS} of compiler CPU per second, and no
     * invalidation over them. False with fewer readings; null (the rule cannot tell) when there is no reading or a
     * reading of the window lacks the compiler CPU.
     */
    public static Boolean drained(List<Reading> readings, double floorMsPerS) {
        int n = readings.size();
        if (n == 0 || Double.isNaN(readings.get(n - 1).compilerCpuMs())) {
            return null;
        }
        if (n < DRAIN_SECONDS + 1) {
            return false;
        }
        List<Reading> window = readings.subList(n - DRAIN_SECONDS - 1, n);
        if (window.stream().anyMatch(r -> Double.isNaN(r.compilerCpuMs()))) {
            return null;
        }
        for (int i = 1; i < window.size(); i++) {
            Reading a = window.get(i - 1);
            Reading b = window.get(i);
            double span = b.seconds() - a.seconds();
            if (span <= 0 || (b.compilerCpuMs() - a.compilerCpuMs()) / span >= floorMsPerS
                    || b.invalidations() != a.invalidations()) {
                return false;
            }
        }
        return true;
    }
}
