package dev.fluxlab.loadgen;

import dev.fluxlab.model.contract.ProgressLine;
import dev.fluxlab.model.load.SecondSample;

import java.util.ArrayList;
import java.util.List;

/**
 * What the event loops counted in the measured window, collected on each loop after the window ended (each has then
 * recorded everything up to the end): the merged tally, and the requests it cannot hold because they never completed
 * in the window.
 *
 * @param all           the loops' measured tallies, added
 * @param missed        open model: requests intended in the window and not sent in it
 * @param unanswered    requests written before the window and still unanswered at its end
 * @param stalled       requests written in the window, unanswered at its end and older than {@code stallAgeNanos}
 * @param stallAgeNanos the age at the window's end that makes an unanswered request stalled
 */
record WindowTally(Tally all, long missed, long unanswered, long stalled, long stallAgeNanos) {

    /** Least wait at the window's end that makes an unanswered request stalled (a fast target's slowest is ~1 ms). */
    private static final long STALL_MIN_NANOS = 100_000_000L;

    /** Collects what {@code run}'s loops counted in {@code window}, asking each loop on its own thread. */
    static WindowTally collect(LoadRun run, MeasuredWindow window) throws InterruptedException {
        Tally all = new Tally(run.spec().measuredBuckets());
        long missed = 0;
        long unanswered = 0;
        long start = window.start();
        long end = window.end();
        for (LoopWorker w : run.workers()) {
            Tally measured = LoadGenerator.on(w, () -> w.stats.measured().copy());
            all.add(measured);
            missed += LoadGenerator.on(w, () -> w.missedAt(start, end));
            unanswered += LoadGenerator.on(w, () -> w.unansweredSince(start));
        }
        long stallAgeNanos = stallAgeNanos(all);
        long stalled = stalled(run.workers(), start, end, stallAgeNanos);
        return new WindowTally(all, missed, unanswered, stalled, stallAgeNanos);
    }

    /**
     * The run's per-second series with each measured second counted by completion time, from this window's buckets:
     * the seconds the coordinator read at each second's end could hold the first millisecond of the next second,
     * or, for the last one, of the drain after the window, so their sum could exceed the window's total. The JIT
     * readings stay the coordinator's; the warm-up's seconds stay as read (nothing adds them up).
     */
    List<SecondSample> exactSeconds(List<SecondSample> ticked) {
        List<SecondSample> out = new ArrayList<>(ticked.size());
        int counted = all.okBySecond.length - 1; // the last bucket also takes what came after those
        for (SecondSample s : ticked) {
            boolean measured = s.phase().equals(ProgressLine.MEASURE_PHASE) && s.t() >= 1 && s.t() <= counted;
            out.add(measured ? new SecondSample(s.phase(), s.t(), all.okBySecond[s.t() - 1],
                    all.errBySecond[s.t() - 1], s.compileMs()) : s);
        }
        return List.copyOf(out);
    }

    /** Twice the slowest recorded response, at least {@link #STALL_MIN_NANOS}: older than that, a request stalled. */
    private static long stallAgeNanos(Tally all) {
        return Math.max(STALL_MIN_NANOS, 2 * all.corrected.getMaxValue() * 1000L);
    }

    /** Requests written in the window [{@code start}, {@code end}) and unanswered at its end, older than {@code age}. */
    private static long stalled(List<LoopWorker> workers, long start, long end, long age) throws InterruptedException {
        long cut = end - age;
        long stalled = 0;
        if (cut > start) {
            for (LoopWorker w : workers) {
                stalled += LoadGenerator.on(w, () -> w.unansweredSince(cut) - w.unansweredSince(start));
            }
        }
        return stalled;
    }
}
