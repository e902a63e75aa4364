package dev.fluxlab.model.run;

/**
 * One sample of a child process: seconds since the repeat started, cumulative CPU, RSS, threads, and for a JVM its
 * cumulative JIT activity read from its HotSpot performance counters (null when the process publishes none).
 *
 * @param compileMs cumulative JIT compile time in milliseconds (added in fluxlab.run/1, may be null)
 * @param compiles  cumulative compilations (added in fluxlab.run/1, may be null)
 */
public record ProcessSample(double t, double cpuS, double rssMb, int threads, Double compileMs, Long compiles) {
}
