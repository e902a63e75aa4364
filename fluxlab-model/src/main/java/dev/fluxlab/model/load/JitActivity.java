package dev.fluxlab.model.load;

/**
 * What one JVM's JIT compiler did over a span of time, from its HotSpot performance counters (the ones
 * {@code jstat -compiler} reads): the difference of two readings.
 *
 * <p>{@code compileMs} is the compiler threads' elapsed time, not their CPU time: on a busy machine it grows faster
 * than the work done. JDK 25 publishes no deoptimisation counter; {@code invalidations} (compiled code thrown away
 * because an assumption it was built on no longer held) is the nearest it offers.
 *
 * @param seconds       length of the span
 * @param compiles      methods compiled (standard and on-stack replacement)
 * @param compileMs     milliseconds the compiler threads spent compiling
 * @param bailouts      compilations abandoned
 * @param invalidations compiled methods invalidated
 */
public record JitActivity(double seconds, long compiles, double compileMs, long bailouts, long invalidations) {

    /** Compile milliseconds per second of the span (0 for an empty span). */
    public double compileMsPerSecond() {
        return seconds <= 0 ? 0 : compileMs / seconds;
    }
}
