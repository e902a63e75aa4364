package dev.fluxlab.targets.common.fault;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Injected errors for the injector's error accounting: every {@code n}th response is a 500. Counting is shared
 * across connections, so over a run exactly {@code floor(responses / n)} responses fail.
 */
public final class FailEvery {

    private final long n;
    private final AtomicLong count = new AtomicLong();

    /** Fails every {@code n}th response; {@code n} must be at least 1 ({@code 1} fails all of them). */
    public FailEvery(long n) {
        if (n < 1) {
            throw new IllegalArgumentException("fail-every must be at least 1, was " + n);
        }
        this.n = n;
    }

    /** Whether the next response must fail. */
    public boolean next() {
        return count.incrementAndGet() % n == 0;
    }

    /** The period. */
    public long period() {
        return n;
    }
}
