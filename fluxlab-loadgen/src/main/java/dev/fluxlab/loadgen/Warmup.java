package dev.fluxlab.loadgen;

import dev.fluxlab.model.contract.MeasureGate;
import dev.fluxlab.model.contract.ProgressLine;
import dev.fluxlab.probe.JitWatch;
import dev.fluxlab.probe.WarmupJudge;

import java.time.Duration;
import java.util.Locale;

/**
 * The warm-up before the measured window, unrecorded, and what it hands to the window: the load runs until the
 * {@link WarmupJudge} ends it (a fixed length, or {@code auto}: steady throughput and quiet JITs, at most its bound),
 * then, with a {@link MeasureGate}, on until the gate opens, so several injectors of one cell start measuring
 * together. A stop asked in the warm-up is a {@link LoadFailure}: nothing was measured.
 *
 * @param start        when the warm-up began ({@link System#nanoTime()}), which is when the run's load began
 * @param loopsStarted whether the loops already send; without a warm-up (a fixed 0 and no gate) the window starts them
 * @param jit          the JIT watch, which goes on into the window
 * @param judge        the warm-up's verdict (whether it settled, whether the JITs were quiet)
 */
record Warmup(long start, boolean loopsStarted, JitWatch jit, WarmupJudge judge) {

    /** A gate that has not opened this long after the warm-up's bound means its runner or another injector is gone. */
    private static final long GATE_GRACE_NANOS = 30_000_000_000L;

    /** Warms {@code run} up, held at {@code gate} (null: none); adds the judge's warnings to the run's. */
    static Warmup warmUp(LoadRun run, MeasureGate gate) throws InterruptedException, LoadFailure {
        LoadSpec spec = run.spec();
        // without a warm-up (a fixed 0 and no start barrier) the first request is the measured phase's first, so the
        // server sees no unrecorded requests before it
        boolean loopsStarted = spec.warmup().auto() || !spec.warmup().bound().isZero() || gate != null;
        long start = System.nanoTime();
        if (loopsStarted) {
            run.startLoops(start);
        }
        JitWatch jit = new JitWatch(spec.watchPids());
        SecondTicker ticker = new SecondTicker(ProgressLine.WARMUP_PHASE, start, run.workers(), run.perSecond(),
                run.progress(), jit);
        WarmupJudge judge = new WarmupJudge(spec.warmup(), jit);
        untilJudged(ticker, judge, start, start + spec.warmup().bound().toNanos(), run.stop());
        if (gate != null) {
            awaitGate(gate, ticker, spec.warmup().bound(), run.stop());
            if (run.stop().requested()) {
                throw stopped(start);
            }
        }
        run.warnings().addAll(judge.warnings());
        jit.warmupEnded();
        return new Warmup(start, loopsStarted, jit, judge);
    }

    /** Ticks the warm-up's seconds until {@code judge} ends it or its bound {@code end} passes. */
    private static void untilJudged(SecondTicker ticker, WarmupJudge judge, long start, long end, LoadStop stop)
            throws InterruptedException, LoadFailure {
        boolean over = false;
        while (!over && ticker.nextTick() <= end) {
            if (stop.sleepUntil(ticker.nextTick())) {
                throw stopped(start);
            }
            ticker.tick();
            over = judge.second(ticker.lastSecondOk(), System.nanoTime() - start);
        }
        if (!over && stop.sleepUntil(end)) {
            throw stopped(start);
        }
    }

    /**
     * Holds the end of the warm-up until {@code gate} opens, loading on (unrecorded, the warm-up's seconds still
     * reported), at most {@code bound} more: another injector's warm-up is bounded by the same suite setting.
     */
    private static void awaitGate(MeasureGate gate, SecondTicker ticker, Duration bound, LoadStop stop)
            throws InterruptedException, LoadFailure {
        System.out.println(MeasureGate.WAITING_LINE);
        System.out.flush();
        long deadline = System.nanoTime() + bound.toNanos() + GATE_GRACE_NANOS;
        while (!gate.isOpen() && !stop.requested()) {
            if (System.nanoTime() >= deadline) {
                throw new LoadFailure("the measure gate " + gate.file() + " did not open within the warm-up bound "
                        + "plus 30 s: the runner or another injector is gone", null);
            }
            if (System.nanoTime() >= ticker.nextTick()) {
                ticker.tick();
            }
            Thread.sleep(MeasureGate.POLL_MS);
        }
    }

    /** The failure of a run stopped in its warm-up, {@code start} being when the warm-up began. */
    private static LoadFailure stopped(long start) {
        return new LoadFailure(String.format(Locale.ROOT, "interrupted in the warm-up, after %.1f s: nothing was "
                + "measured", (System.nanoTime() - start) / 1e9), null);
    }
}
