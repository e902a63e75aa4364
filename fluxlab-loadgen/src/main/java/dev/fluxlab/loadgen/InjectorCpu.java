package dev.fluxlab.loadgen;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * The injector's own CPU over the measured window, from the process's CPU clock and each event-loop thread's read at
 * the window's boundaries, and what it says: whether the injector, not the target, may have set the result. A clock
 * this JVM cannot read counts as unknown (the process's as 0 s, a loop's as -1), never as idle.
 *
 * @param seconds       process CPU seconds in the window, 0 when unknown
 * @param processKnown  whether the process's CPU clock could be read at both ends
 * @param cores         {@code seconds} over the window's length
 * @param loopBusy      each event-loop thread's CPU fraction of the window, -1 when unknown
 * @param windowSeconds the window's length
 */
record InjectorCpu(double seconds, boolean processKnown, double cores, double[] loopBusy, double windowSeconds) {

    /** Shortest measured phase whose CPU readings judge the injector's saturation (its CPU clock has 10 ms steps). */
    private static final double JUDGED_S = 1.0;

    /** A loop, or the process's share of the machine's cores, this busy may have been the limit. */
    private static final double SATURATED = 0.9;

    /**
     * The CPU clocks at one boundary of the window, in nanoseconds, -1 when unreadable.
     *
     * @param process the process's CPU clock
     * @param loops   each event-loop thread's CPU clock, in the order of the thread ids given
     */
    record Clocks(long process, long[] loops) {

        /** Reads the loops' clocks, then the process's: at the window's start, so the loops' span encloses it. */
        static Clocks atStart(ThreadMXBean threads, long[] tids) {
            long[] loops = threadCpu(threads, tids);
            return new Clocks(processCpu(), loops);
        }

        /** Reads the process's clock, then the loops': at the window's end, so the loops' span encloses it. */
        static Clocks atEnd(ThreadMXBean threads, long[] tids) {
            long process = processCpu();
            return new Clocks(process, threadCpu(threads, tids));
        }
    }

    /** The figures of a window of {@code windowSeconds} between the readings {@code start} and {@code end}. */
    static InjectorCpu between(Clocks start, Clocks end, double windowSeconds) {
        boolean known = start.process() >= 0 && end.process() >= 0;
        double seconds = known ? (end.process() - start.process()) / 1e9 : 0;
        double[] busy = new double[start.loops().length];
        for (int i = 0; i < busy.length; i++) {
            long from = start.loops()[i], to = end.loops()[i];
            busy[i] = from < 0 || to < 0 ? -1 : (to - from) / 1e9 / windowSeconds;
        }
        return new InjectorCpu(seconds, known, seconds / windowSeconds, busy, windowSeconds);
    }

    /**
     * Adds what the reader must know about the injector's CPU: a process clock it could not read, a window too short
     * to judge by, a busy event loop, a busy process, in that order.
     */
    void warn(RunWarnings warnings) {
        if (!processKnown) {
            warnings.record("this JVM cannot report process CPU time: injector_cpu_s is 0, not measured");
        }
        if (!judged(windowSeconds)) {
            warnings.add(String.format(Locale.ROOT, "the measured phase lasted %.0f ms, too short to judge whether the "
                    + "injector's CPU was its limit (its CPU clock counts in 10 ms steps); measure at least %.0f s "
                    + "for that", windowSeconds * 1e3, JUDGED_S));
            return;
        }
        for (int i = 0; i < loopBusy.length; i++) {
            if (loopBusy[i] >= SATURATED) {
                warnings.record(String.format(Locale.ROOT, "injector event loop %d was %.0f%% busy: "
                        + "the result may be the injector's limit, not the server's (try more --threads)", i,
                        loopBusy[i] * 100));
            }
        }
        int avail = Runtime.getRuntime().availableProcessors();
        if (processKnown && cores >= SATURATED * avail) {
            warnings.add(String.format(Locale.ROOT, "the injector used %.2f of %d cores: the result may be the "
                    + "injector's limit, not the server's", cores, avail));
        }
    }

    /**
     * Whether a window of {@code windowSeconds} is long enough to judge the injector's CPU by: the process CPU clock
     * counts in 10 ms ticks, so over less than {@link #JUDGED_S} its reading is too coarse, and a loop's busy fraction
     * of a window of a few microseconds reads in thousands of percent.
     */
    static boolean judged(double windowSeconds) {
        return windowSeconds >= JUDGED_S;
    }

    private static long processCpu() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    private static long[] threadCpu(ThreadMXBean threads, long[] tids) {
        long[] out = new long[tids.length];
        for (int i = 0; i < tids.length; i++) {
            out[i] = threads.isThreadCpuTimeSupported() ? threads.getThreadCpuTime(tids[i]) : -1;
        }
        return out;
    }
}
