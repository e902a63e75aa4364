package dev.fluxlab.probe;

import dev.fluxlab.model.load.JitActivity;

/**
 * One reading of a JVM's JIT counters (totals since that JVM started).
 *
 * @param pid           the JVM's process id
 * @param nanoTime      {@link System#nanoTime()} of the reading, in this JVM
 * @param compiles      methods compiled so far ({@code sun.ci.totalCompiles})
 * @param compileMs     milliseconds spent compiling so far ({@code java.ci.totalTime} / {@code sun.os.hrt.frequency})
 * @param bailouts      compilations abandoned so far ({@code sun.ci.totalBailouts})
 * @param invalidations compiled methods invalidated so far ({@code sun.ci.totalInvalidates})
 */
public record JitSnapshot(long pid, long nanoTime, long compiles, double compileMs, long bailouts, long invalidations) {

    /** The activity between {@code earlier} and this reading. */
    public JitActivity since(JitSnapshot earlier) {
        return new JitActivity((nanoTime - earlier.nanoTime) / 1e9, compiles - earlier.compiles,
                compileMs - earlier.compileMs, bailouts - earlier.bailouts, invalidations - earlier.invalidations);
    }
}
