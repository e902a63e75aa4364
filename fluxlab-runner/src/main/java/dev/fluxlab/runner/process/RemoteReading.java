package dev.fluxlab.runner.process;

/**
 * One reading of a process on another host, as its host's agent sampled it: cumulative CPU seconds, RSS in MiB,
 * threads and JIT counters (compile time, compilations, bailouts, invalidations; null when the process is no HotSpot
 * JVM), stamped with the runner's {@link System#nanoTime()} when the reading arrived.
 */
public record RemoteReading(long nanos, double cpuS, double rssMb, int threads, Double compileMs, Long compiles,
                            Long bailouts, Long invalidations) {
}
