package dev.fluxlab.probe;

import dev.fluxlab.model.run.MachineSpeed;
import dev.fluxlab.model.run.Stat;

import java.time.Instant;
import java.util.Arrays;

/**
 * Measures the machine's speed with the {@link ReferenceWorkload}: warms it (so the figure is compiled code, not the
 * interpreter), then times {@link #SAMPLES} runs of about 25 ms each and reports the fastest in operations per second
 * (best of n: a CPU-bound loop is only ever slowed by what else runs, so the fastest sample is the least disturbed
 * view of the machine; on this 2-core VM the median of 25 ms samples moved by up to 25 % between probes a few seconds
 * apart, the best by far less), with how far the median sample fell short of it. Run it on a quiet moment (before a
 * cell, between repeats).
 */
public final class MachineSpeedProbe {

    /** Timed samples per measurement. */
    public static final int SAMPLES = 9;
    /** Untimed runs first, so C2 has compiled the workload before timing starts. */
    public static final int WARM_RUNS = 6;

    private MachineSpeedProbe() {
    }

    /** One measurement (single thread, blocks the caller for roughly half a second). */
    public static MachineSpeed measure() {
        ReferenceWorkload w = new ReferenceWorkload();
        for (int i = 0; i < WARM_RUNS; i++) {
            w.runChecked();
        }
        double[] ops = new double[SAMPLES];
        for (int s = 0; s < SAMPLES; s++) {
            long t0 = System.nanoTime();
            w.runChecked();
            long ns = Math.max(1, System.nanoTime() - t0);
            ops[s] = (double) ReferenceWorkload.OPERATIONS / (ns / 1e9);
        }
        return of(ops, Instant.now());
    }

    /** The best per-sample speed, and (best - median) / best as the measurement's own spread. */
    static MachineSpeed of(double[] opsPerSecond, Instant at) {
        Stat s = Stat.of(Arrays.stream(opsPerSecond).boxed().toList());
        double best = s.max();
        double spread = best <= 0 ? 0 : (best - s.median()) / best;
        return new MachineSpeed(Math.round(best), Math.round(spread * 1e4) / 1e4, s.n(), at.toString());
    }
}
