package dev.fluxlab.loadgen;

import dev.fluxlab.model.load.SecondSample;

import java.util.List;

/**
 * A run whose connections are up, as its phases see it: what they steer (the phase clock, the event loops), what
 * they consult (the spec, the stop), where they report (progress), and what they add to in order (the per-second
 * samples and the warnings). One value instead of the same eight arguments to every step of
 * {@link LoadGenerator}'s measurement; used by the coordinating thread only.
 *
 * @param spec      what to run
 * @param progress  receives a line per second and the end of the measured phase
 * @param ctl       the phase clock the loops consult
 * @param workers   one per event loop
 * @param tids      the event loops' thread ids, in the order of {@code workers}
 * @param stop      an early end asked from outside
 * @param perSecond the samples of both phases, in order
 * @param warnings  the run's warnings, in order
 */
record LoadRun(LoadSpec spec, ProgressListener progress, RunControl ctl, List<LoopWorker> workers, long[] tids,
               LoadStop stop, List<SecondSample> perSecond, RunWarnings warnings) {

    /** Starts every loop's sending, its schedule from {@code start} ({@link System#nanoTime()}). */
    void startLoops(long start) {
        for (LoopWorker w : workers) {
            w.loop.execute(() -> w.start(start));
        }
    }
}
