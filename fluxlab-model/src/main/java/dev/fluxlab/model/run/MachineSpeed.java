package dev.fluxlab.model.run;

/**
 * The machine's own speed, from a short fixed CPU-bound reference workload run by the runner (the same work every
 * time). A shared VM changes speed between runs and even between cells; recording it lets a run say when the machine
 * moved, and lets {@code compare} warn about (or, on request, normalise by) two runs taken at different speeds.
 *
 * @param opsPerSecond   reference operations per second, single thread (the best of the samples: disturbances only
 *                       ever slow a CPU-bound loop)
 * @param relativeSpread (best - median) / best of the samples: how noisy the measurement itself was
 * @param samples        how many timed samples the best is taken from
 * @param at             ISO-8601 instant of the measurement
 */
public record MachineSpeed(double opsPerSecond, double relativeSpread, int samples, String at) {
}
