package dev.fluxlab.loadgen;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A request from outside to end a load now, e.g. a person's Ctrl-C: the measured phase, when it has begun, ends at that
 * moment and its figures cover the part that ran (as wrk prints what it has on Ctrl-C); during the warm-up nothing was
 * measured. The coordinating thread waits on it instead of sleeping, so the stop takes effect within microseconds.
 */
public final class LoadStop {

    private final CountDownLatch requested = new CountDownLatch(1);

    /** Ends the load at the next check of the coordinating thread; idempotent. */
    public void request() {
        requested.countDown();
    }

    /** Whether a stop was requested. */
    public boolean requested() {
        return requested.getCount() == 0;
    }

    /** Sleeps until {@code deadline} ({@link System#nanoTime()}) or a stop; true when stopped. */
    boolean sleepUntil(long deadline) throws InterruptedException {
        for (long left; (left = deadline - System.nanoTime()) > 0; ) {
            if (requested.await(left, TimeUnit.NANOSECONDS)) {
                return true;
            }
        }
        return requested();
    }
}
