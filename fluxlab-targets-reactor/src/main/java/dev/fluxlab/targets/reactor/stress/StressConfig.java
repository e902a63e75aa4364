package dev.fluxlab.targets.reactor.stress;

import java.time.Duration;

/**
 * The knobs of seed 002's stress endpoints on the plain target: the blocking time and the executor that stands in
 * for Spring's {@code @Async} ThreadPoolTaskExecutor (a {@code ThreadPoolExecutor} with the same core / max / queue
 * semantics: threads beyond core start only when the queue is full).
 *
 * @param sleep        how long blocking endpoints hold their thread
 * @param asyncCore    pool core size (endpoint 01)
 * @param asyncMax     pool max size
 * @param asyncQueue   pool queue capacity
 * @param threadHeader send {@link StressWork#THREAD_HEADER} naming the thread that did the work
 */
public record StressConfig(Duration sleep, int asyncCore, int asyncMax, int asyncQueue, boolean threadHeader) {

    /** The seed's settings: 1 s sleep, core 100, max 200, queue 1000, no thread header. */
    public static final StressConfig DEFAULTS = new StressConfig(StressWork.DEFAULT_SLEEP, 100, 200, 1000, false);

    public StressConfig {
        if (sleep == null || sleep.isNegative()) {
            throw new IllegalArgumentException("sleep must be zero or positive, was " + sleep);
        }
        if (asyncCore < 1) {
            throw new IllegalArgumentException("async-core must be at least 1, was " + asyncCore);
        }
        if (asyncMax < asyncCore) {
            throw new IllegalArgumentException("async-max (" + asyncMax + ") must be at least async-core ("
                    + asyncCore + ")");
        }
        if (asyncQueue < 0) {
            throw new IllegalArgumentException("async-queue must be 0 or more, was " + asyncQueue);
        }
    }
}
