package dev.fluxlab.loadgen;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The phase clock every event loop consults: a completion belongs to the measured phase only when it happened inside
 * [{@code measureStart}, {@code measureEnd}) and, in count mode, only while the request budget lasts. The answer is a
 * {@link Tally} index computed without a branch on the phase ({@link LoopStats} says why). Written by the coordinating
 * thread, read by the loops (two volatile reads per completion).
 */
final class RunControl {

    /** Tally index of the measured phase. */
    static final int MEASURED = 0;
    /** Tally index of everything outside it. */
    static final int OUTSIDE = 1;

    /**
     * "Not yet" / "no end": 2^62 ns (146 years) after this control was made, so that {@code now - start} and
     * {@code now - end} never overflow, whatever the origin of {@link System#nanoTime()}.
     */
    private final long never = System.nanoTime() + (1L << 62);

    volatile long measureStart = never;
    volatile long measureEnd = never;
    volatile boolean stopping;
    /** Smallest SETTINGS_MAX_CONCURRENT_STREAMS an HTTP/2 server announced (for the warning when it caps -m). */
    volatile long serverStreamLimit = Long.MAX_VALUE;

    /** Count mode: completions still to record; null in duration mode. */
    private final AtomicLong remaining;
    final CountDownLatch countReached = new CountDownLatch(1);

    RunControl(Long requests) {
        this.remaining = requests == null ? null : new AtomicLong(requests);
    }

    /** Opens the measured phase at {@code start}; {@code end} may be {@link Long#MAX_VALUE} (count mode: no end yet). */
    void openMeasure(long start, long end) {
        measureEnd = end == Long.MAX_VALUE ? never : end; // end first: a loop that sees the new start also sees the end
        measureStart = start;
    }

    /**
     * The tally a completion at {@code now} goes to: {@link #MEASURED} inside the window, {@link #OUTSIDE} before or
     * after it. Sign bits, not comparisons: the same instructions run in the warm-up and in the measured phase.
     */
    int window(long now) {
        long before = (now - measureStart) >>> 63;   // 1 when now < start
        long after = ~(now - measureEnd) >>> 63;     // 1 when now >= end
        return (int) (before | after);
    }

    /** As {@link #window(long)}, and in count mode a measured completion claims one unit of the budget. */
    int claim(long now) {
        int w = window(now);
        return remaining == null ? w : claimBudget(w, now);
    }

    /** The budget as {@link #window(long)}: only the last unit's bookkeeping branches, when the measurement is over. */
    private int claimBudget(int w, long now) {
        long r = remaining.addAndGet(w - 1);   // a measured completion takes one unit, an outside one none
        if (r == 0 && w == MEASURED) {
            measureEnd = now + 1;
            stopping = true; // no send after the N-th completion: the server sees N and those still in flight
            countReached.countDown();
        }
        return w | (int) (r >>> 63);           // a measured completion past the budget counts outside
    }
}
