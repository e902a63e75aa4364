package dev.fluxlab.probe;

import dev.fluxlab.model.load.JitActivity;
import dev.fluxlab.model.warmup.PendingCompiles;

/**
 * One reading of a JVM's JIT counters (totals since that JVM started).
 *
 * @param pid           the JVM's process id
 * @param nanoTime      {@link System#nanoTime()} of the reading, in this JVM
 * @param compiles      methods compiled so far ({@code sun.ci.totalCompiles})
 * @param compileMs     milliseconds spent compiling so far ({@code java.ci.totalTime} / {@code sun.os.hrt.frequency})
 * @param bailouts      compilations abandoned so far ({@code sun.ci.totalBailouts})
 * @param invalidations compiled methods invalidated so far ({@code sun.ci.totalInvalidates})
 * @param compilerCpuMs milliseconds of CPU its compiler threads used so far ({@link CompilerThreads}); NaN when not
 *                      readable (another machine's JVM, a system without {@code /proc})
 */
public record JitSnapshot(long pid, long nanoTime, long compiles, double compileMs, long bailouts, long invalidations,
                          double compilerCpuMs) {

    /** A reading without the compiler threads' CPU. */
    public JitSnapshot(long pid, long nanoTime, long compiles, double compileMs, long bailouts, long invalidations) {
        this(pid, nanoTime, compiles, compileMs, bailouts, invalidations, Double.NaN);
    }

    /** This reading with its compiler threads' CPU. */
    public JitSnapshot withCompilerCpuMs(double ms) {
        return new JitSnapshot(pid, nanoTime, compiles, compileMs, bailouts, invalidations, ms);
    }

    /** This reading as the pending-work rule reads it. */
    public PendingCompiles.Reading pending() {
        return new PendingCompiles.Reading(nanoTime / 1e9, compilerCpuMs, invalidations);
    }

    /**
     * The activity between {@code earlier} and this reading; its compiler CPU is null when either reading lacks it or
     * it went down (a compiler thread ended between them, its CPU time gone with it: the difference would undercount).
     */
    public JitActivity since(JitSnapshot earlier) {
        double cpu = compilerCpuMs - earlier.compilerCpuMs;
        return new JitActivity((nanoTime - earlier.nanoTime) / 1e9, compiles - earlier.compiles,
                compileMs - earlier.compileMs, bailouts - earlier.bailouts, invalidations - earlier.invalidations,
                Double.isNaN(cpu) || cpu < 0 ? null : cpu);
    }
}
