package dev.fluxlab.probe;

import dev.fluxlab.model.run.MachineSpeed;

import java.time.Instant;
import java.util.Arrays;

/**
 * Measures the machine's speed with the {@link ReferenceWorkload}: warms it (so the figure is compiled code, not the
 * interpreter), then times {@link #SAMPLES} runs, one sample each (about 15 runs of 25 ms on this lab's
 * machines when idle, longer when busy), and reports their median in operations per second with the samples' spread. Run it on a quiet
 * moment (before a cell, between repeats): what else runs on the same core slows it down, which is the point.
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

    /** The median and relative spread of per-sample speeds. */
    static MachineSpeed of(double[] opsPerSecond, Instant at) {
        double[] s = opsPerSecond.clone();
        Arrays.sort(s);
        int n = s.length;
        double median = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
        double spread = median <= 0 ? 0 : (s[n - 1] - s[0]) / median;
        return new MachineSpeed(Math.round(median), Math.round(spread * 1e4) / 1e4, n, at.toString());
    }
}
