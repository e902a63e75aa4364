package dev.fluxlab.model.run;

import java.util.List;
import java.util.Map;

/**
 * What the runner observed of one process it started (a target or the injector) during one repeat.
 *
 * @param role            {@code target} or {@code injector}
 * @param name            target name (e.g. {@code reactor-netty}, {@code backend}) or injector name
 * @param pid             operating-system PID
 * @param cpuS            user+sys CPU seconds during the measured phase
 * @param cpuPerRequestUs cpuS per verified response, in microseconds
 * @param cpuCores        cpuS / measured seconds (1.0 = one core busy)
 * @param rssMaxMb        largest resident set seen
 * @param threadsMax      largest thread count seen
 * @param gcPauses        GC pauses during the measured phase (targets; null when unknown)
 * @param gcPauseMs       total GC pause time in the measured phase (null when unknown)
 * @param exitCode        exit status after stop; null while running or when killed by the runner
 * @param crashed         true when the process died before the runner stopped it
 * @param log             path of its stdout/stderr log, relative to the results folder
 * @param samples         per-second samples over the whole repeat
 * @param gcScope         {@code measured} when the GC figures cover the measured phase only, {@code whole-run}
 *                        when they cover the process's whole life (added in fluxlab.run/1, may be null)
 * @param versions        the library releases the process reported it loaded ({@link dev.fluxlab.model.StackVersions}:
 *                        {@code reactor-netty}, {@code netty}, {@code spring-boot}), read from its own jars; null when
 *                        it reported none, as the injector and older documents (added in fluxlab.run/1)
 * @param aotCache        a target started trained: the file name of the JDK 25 AOT cache its JVM used (its name carries
 *                        the cache's key); null when it started cold (no cache, {@code aot: false}, a cache the JVM
 *                        refused), for the injector and in older documents (added in fluxlab.run/1)
 */
public record ProcessStats(
        String role,
        String name,
        long pid,
        double cpuS,
        double cpuPerRequestUs,
        double cpuCores,
        double rssMaxMb,
        int threadsMax,
        Long gcPauses,
        Double gcPauseMs,
        Integer exitCode,
        boolean crashed,
        String log,
        List<ProcessSample> samples,
        String gcScope,
        Map<String, String> versions,
        String aotCache) {

    /** The role of a system-under-test process (a child the runner started as a target). */
    public static final String TARGET = "target";
    /** The role of a load process (fluxlab's injector, a peer tool, a priming load). */
    public static final String INJECTOR = "injector";

    /** A process that did not start from an AOT cache. */
    public ProcessStats(String role, String name, long pid, double cpuS, double cpuPerRequestUs, double cpuCores,
                        double rssMaxMb, int threadsMax, Long gcPauses, Double gcPauseMs, Integer exitCode,
                        boolean crashed, String log, List<ProcessSample> samples, String gcScope,
                        Map<String, String> versions) {
        this(role, name, pid, cpuS, cpuPerRequestUs, cpuCores, rssMaxMb, threadsMax, gcPauses, gcPauseMs, exitCode,
                crashed, log, samples, gcScope, versions, null);
    }

    /** Whether this target started from a trained AOT cache. */
    public boolean trained() {
        return aotCache != null;
    }

    /** A process that reported no library releases. */
    public ProcessStats(String role, String name, long pid, double cpuS, double cpuPerRequestUs, double cpuCores,
                        double rssMaxMb, int threadsMax, Long gcPauses, Double gcPauseMs, Integer exitCode,
                        boolean crashed, String log, List<ProcessSample> samples, String gcScope) {
        this(role, name, pid, cpuS, cpuPerRequestUs, cpuCores, rssMaxMb, threadsMax, gcPauses, gcPauseMs, exitCode,
                crashed, log, samples, gcScope, null, null);
    }
}
