package dev.fluxlab.model.run;

/** One /proc sample of a child process: seconds since the repeat started, cumulative CPU, RSS, threads. */
public record ProcessSample(double t, double cpuS, double rssMb, int threads) {
}
