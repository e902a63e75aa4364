package dev.fluxlab.model.load;

/**
 * What one JVM's JIT compiler did over a span of time, from its HotSpot performance counters (the ones
 * {@code jstat -compiler} reads) and, where they can be read, its compiler threads' CPU: the difference of two
 * readings.
 *
 * <p>{@code compileMs} is the compiler threads' elapsed time, not their CPU time: the counter books a compilation's
 * wall time when it ends, so on a busy machine, where the compiler threads wait for a core, it grows several times
 * faster than the work done (5-9x on a loaded 2-core VM). {@code compilerCpuMs} is the work itself: the CPU the
 * compiler threads used, the same reading that ends an automatic warm-up ({@link
 * dev.fluxlab.model.warmup.PendingCompiles}), so that the warm-up's end and the verdict on the measured phase judge one
 * figure. JDK 25 publishes no deoptimisation counter; {@code invalidations} (compiled code thrown away because an
 * assumption it was built on no longer held) is the nearest it offers.
 *
 * @param seconds       length of the span
 * @param compiles      methods compiled (standard and on-stack replacement)
 * @param compileMs     milliseconds the compiler threads spent compiling (elapsed)
 * @param bailouts      compilations abandoned
 * @param invalidations compiled methods invalidated
 * @param compilerCpuMs milliseconds of CPU the compiler threads used; null when not read (a JVM on another host, an
 *                      external tool's run, a document written before it was recorded) or not trustworthy (a compiler
 *                      thread ended within the span, taking its CPU time with it)
 */
public record JitActivity(double seconds, long compiles, double compileMs, long bailouts, long invalidations,
                          Double compilerCpuMs) {

    /** An activity without the compiler threads' CPU. */
    public JitActivity(double seconds, long compiles, double compileMs, long bailouts, long invalidations) {
        this(seconds, compiles, compileMs, bailouts, invalidations, null);
    }

    /** This activity as a load document records it: its times to a tenth of a second or millisecond. */
    public JitActivity rounded() {
        return new JitActivity(tenth(seconds), compiles, tenth(compileMs), bailouts, invalidations,
                compilerCpuMs == null ? null : tenth(compilerCpuMs));
    }

    private static double tenth(double v) {
        return Math.round(v * 10) / 10.0;
    }

    /** Compile milliseconds (elapsed) per second of the span (0 for an empty span). */
    public double compileMsPerSecond() {
        return seconds <= 0 ? 0 : compileMs / seconds;
    }

    /**
     * How much the JIT worked per second of the span, in milliseconds: its compiler threads' CPU where read, its
     * elapsed compile time otherwise (which can only read higher). What the "still compiling" rule judges.
     */
    public double workMsPerSecond() {
        return compilerCpuMs == null ? compileMsPerSecond() : seconds <= 0 ? 0 : compilerCpuMs / seconds;
    }
}
