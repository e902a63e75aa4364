package dev.fluxlab.loadgen;

import dev.fluxlab.model.contract.ProgressLine;
import dev.fluxlab.model.load.SecondSample;
import dev.fluxlab.probe.JitWatch;

import java.util.List;

/**
 * Per-second samples of one phase from the loops' running totals: each {@link #tick()} turns the second that just
 * ended into a {@link SecondSample} and a progress line, from the loops' running totals (read without stopping
 * them). Used by the coordinating thread only. In the warm-up a tick also empties each loop's outside histograms, so
 * the warm-up records into empty histograms as the measured phase does ({@link LoopStats} says why).
 */
final class SecondTicker {

    private final String phase;
    private final long start;
    private final List<LoopWorker> workers;
    private final List<SecondSample> out;
    private final ProgressListener progress;
    private final JitWatch jit;
    private int t;
    private long lastSecondOk;
    private long lastOk;
    private long lastErr;

    /** A ticker for {@code phase} from {@code start} ({@link System#nanoTime()}), adding its samples to {@code out}. */
    SecondTicker(String phase, long start, List<LoopWorker> workers, List<SecondSample> out, ProgressListener progress,
            JitWatch jit) {
        this.phase = phase;
        this.jit = jit;
        this.start = start;
        this.workers = workers;
        this.out = out;
        this.progress = progress;
        long[] now = totals();
        lastOk = now[0];
        lastErr = now[1];
    }

    /** When the phase's next whole second ends ({@link System#nanoTime()}). */
    long nextTick() {
        return start + (t + 1) * 1_000_000_000L;
    }

    /** Whole seconds ticked so far. */
    int seconds() {
        return t;
    }

    /** Verified responses in the last second ticked. */
    long lastSecondOk() {
        return lastSecondOk;
    }

    private long[] totals() {
        long ok = 0, err = 0;
        for (LoopWorker w : workers) {
            ok += w.stats.okAll();
            err += w.stats.errAll();
        }
        return new long[]{ok, err};
    }

    /** Closes the phase's current second: samples it, reports it, and in the warm-up empties the outside tallies. */
    void tick() {
        t++;
        long[] now = totals();
        long ok = now[0] - lastOk, err = now[1] - lastErr;
        lastOk = now[0];
        lastErr = now[1];
        jit.tick();
        out.add(new SecondSample(phase, t, ok, err, jit.lastSecond()));
        if (phase.equals(ProgressLine.WARMUP_PHASE)) {
            for (LoopWorker w : workers) {
                w.loop.execute(w.stats::restartOutside);
            }
        }
        lastSecondOk = ok;
        progress.onSecond(phase, t, ok, err, ok);
    }
}
