package dev.fluxlab.targets.reactor.plain;

import io.netty.util.concurrent.FastThreadLocal;

/**
 * A known amount of CPU work per request ({@code --work N}): {@link #mix} run for {@code N} rounds on the thread that
 * answers, before it answers. The amount is a count of arithmetic rounds, not a time calibrated on start-up, so
 * {@code --work 1050} is 5 % more work than {@code --work 1000} in every JVM and on every machine: a change whose true
 * size is known, for checking what the verdicts make of it.
 *
 * <p>Each thread counts the requests it has worked on and seeds the k-th with {@code k}; the result is kept in that
 * thread's own slot, which the JIT cannot prove unread, so the rounds cannot be dropped. Nothing is shared between
 * event loops (no atomic counter, no common field written), so the knob adds no cross-core traffic of its own.
 */
public final class RequestWork {

    /** Odd 64-bit multiplier of each round (the fractional part of the golden ratio). */
    private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;

    private final int rounds;
    private final FastThreadLocal<Slot> slots = new FastThreadLocal<>() {
        @Override
        protected Slot initialValue() {
            return new Slot();
        }
    };

    /** {@code rounds} of {@link #mix} per request; at least 1 ({@code --work 0} means no {@code RequestWork}). */
    public RequestWork(int rounds) {
        if (rounds < 1) {
            throw new IllegalArgumentException("work must be at least 1 round per request (0 = none), was " + rounds);
        }
        this.rounds = rounds;
    }

    /** Does one request's work on the calling thread and keeps its result there; returns that result. */
    public long apply() {
        Slot s = slots.get();
        long result = mix(++s.requests, rounds);
        s.result = result;
        return result;
    }

    /** Rounds per request. */
    public int rounds() {
        return rounds;
    }

    /**
     * {@code rounds} dependent rounds of xorshift then multiply-add over {@code seed}; {@code seed} itself for 0
     * rounds. Each round needs the previous one's result, so the rounds run one after the other whatever the JIT does
     * (about ten cycles each: a chain of shifts, xors, a multiply and an add); the added 1 keeps 0 from being a fixed
     * point. Pure: the same arguments give the same result in every JVM, and the result is pinned by a test, since
     * runs of different fluxlab builds are compared.
     */
    public static long mix(long seed, int rounds) {
        long x = seed;
        for (int i = 0; i < rounds; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            x = x * MULTIPLIER + 1;
        }
        return x;
    }

    /** One thread's requests worked on, and its last result. */
    private static final class Slot {
        long requests;
        long result;
    }
}
