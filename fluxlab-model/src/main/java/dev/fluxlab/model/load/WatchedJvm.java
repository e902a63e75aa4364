package dev.fluxlab.model.load;

import dev.fluxlab.model.warmup.WarmupPolicy;

import java.util.Locale;

/**
 * The JIT evidence of one JVM an injector watched during its run (its own, and the targets the runner named): how
 * fast it was compiling when warm-up ended, and what it compiled during the measured phase. Either figure is null
 * when that JVM's counters could not be read (started with {@code -XX:-UsePerfData}, another user's, gone).
 *
 * @param pid                     the JVM's process id
 * @param role                    {@code injector} (the injector's own JVM) or {@code target}
 * @param warmupEndCompileMsPerS  its compile milliseconds per second over the last seconds of warm-up
 * @param measured                its JIT activity during the measured phase
 */
public record WatchedJvm(long pid, String role, Double warmupEndCompileMsPerS, JitActivity measured) {

    /** Role of the injector's own JVM. */
    public static final String INJECTOR = "injector";
    /** Role of a JVM the injector was told to watch. */
    public static final String TARGET = "target";

    /**
     * Whether this JVM was still compiling (its JIT's work, {@link JitActivity#workMsPerSecond()}: the compiler
     * threads' CPU where read, at its floor {@link WarmupPolicy#compileFloor(String)} or above on average: the rule
     * that ends an automatic warm-up, over the measured phase) or invalidating compiled code during the measured phase.
     */
    public boolean compiledWhileMeasured() {
        return measured != null && (measured.workMsPerSecond() >= WarmupPolicy.compileFloor(role)
                || measured.invalidations() > 0);
    }

    /** A sentence for a verdict or a report, e.g. "measured while JVM 1234 (target) was still compiling (...)". */
    public String describe() {
        if (measured == null) {
            return String.format(Locale.ROOT, "JVM %d (%s): JIT counters not readable", pid, role);
        }
        String work = measured.compilerCpuMs() == null
                ? String.format(Locale.ROOT, "%.0f ms of compile time", measured.compileMs())
                : String.format(Locale.ROOT, "%.0f ms of compiler CPU", measured.compilerCpuMs());
        return String.format(Locale.ROOT, "measured while JVM %d (%s) was still compiling (%d compilations, %s in "
                        + "%.0f s%s)", pid, role, measured.compiles(), work, measured.seconds(),
                measured.invalidations() > 0 ? ", " + measured.invalidations() + " invalidated" : "");
    }
}
