package dev.fluxlab.loadgen;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The phase clock every event loop consults: a completion is recorded only when it happened inside
 * [{@code measureStart}, {@code measureEnd}) and, in count mode, only while the request budget lasts.
 * Written by the coordinating thread, read by the loops (two volatile reads per completion).
 */
final class RunControl {

    volatile long measureStart = Long.MAX_VALUE;
    volatile long measureEnd = Long.MAX_VALUE;
    volatile boolean stopping;
    /** Smallest SETTINGS_MAX_CONCURRENT_STREAMS an HTTP/2 server announced (for the warning when it caps -m). */
    volatile long serverStreamLimit = Long.MAX_VALUE;

    /** Count mode: completions still to record; null in duration mode. */
    private final AtomicLong remaining;
    final CountDownLatch countReached = new CountDownLatch(1);

    RunControl(Long requests) {
        this.remaining = requests == null ? null : new AtomicLong(requests);
    }

    /** Opens the measured phase at {@code start}; {@code end} may be {@link Long#MAX_VALUE} (count mode). */
    void openMeasure(long start, long end) {
        measureEnd = end;      // end first: a loop that sees the new start also sees the end
        measureStart = start;
    }

    /** Whether a completion at {@code now} belongs to the measured phase; claims one unit of the count budget. */
    boolean claim(long now) {
        if (now < measureStart || now >= measureEnd) {
            return false;
        }
        if (remaining != null) {
            long r = remaining.decrementAndGet();
            if (r < 0) {
                return false;
            }
            if (r == 0) {
                measureEnd = now + 1;
                countReached.countDown();
            }
        }
        return true;
    }

    /** Whether {@code now} is inside the measured window (no budget claimed). */
    boolean inMeasure(long now) {
        return now >= measureStart && now < measureEnd;
    }
}
