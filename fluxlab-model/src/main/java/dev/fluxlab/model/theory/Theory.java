package dev.fluxlab.model.theory;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;

import java.util.Map;
import java.util.Optional;

/**
 * The throughput theory predicts for a blocking endpoint: {@code min(concurrency, workers) / sleep}, where workers
 * is the number of threads that can hold the blocking call at once for its placement (seed 002):
 * <ul>
 *   <li>{@link Placement#EVENT_LOOP}: the event-loop workers; but when the framework runs non-reactive handlers
 *       on virtual threads (readiness {@code blocking-execution=virtual}), the concurrency;</li>
 *   <li>{@link Placement#BOUNDED_ELASTIC}: boundedElastic's cap ({@code elastic-cap});</li>
 *   <li>{@link Placement#TASK_POOL}: a ThreadPoolExecutor queues before it grows, so with concurrency up to
 *       {@code core + queue} only the core threads work; beyond that {@code min(max, concurrency - queue)};</li>
 *   <li>{@link Placement#COMMON_POOL}: commonPool's parallelism ({@code common-pool});</li>
 *   <li>{@link Placement#VIRTUAL}: the concurrency (one virtual thread per request);</li>
 *   <li>{@link Placement#NON_BLOCKING_WAIT}: the concurrency, with the wait read from {@code wait-ms} (the delay of
 *       a non-blocking downstream call): ceiling users / delay, latency floor the delay.</li>
 * </ul>
 * The sizes come from the target's readiness line ({@code workers}, {@code sleep-ms}, {@code elastic-cap},
 * {@code async-core}, {@code async-max}, {@code async-queue}, {@code common-pool}, {@code blocking-execution}), so
 * the prediction uses what really ran, not what the suite hoped for. The prediction ignores CPU: when the target is
 * CPU-bound before it is thread-bound, the measured value falls short and the gap is flagged.
 */
public final class Theory {

    /** Measured / predicted outside {@code [LOW, HIGH]} is a large gap: the lab or the understanding is wrong. */
    public static final double LOW = 0.7;
    /** See {@link #LOW}; above it the endpoint did more than its threads allow, which no correct setup does. */
    public static final double HIGH = 1.15;

    private Theory() {
    }

    /**
     * The prediction for one cell.
     *
     * @param placement   where the blocking call runs
     * @param readiness   the target's readiness attributes
     * @param concurrency requests in flight (connections x in-flight per connection, closed model)
     * @return empty when the readiness line lacks a size the placement needs
     */
    public static Optional<TheoryResult> predict(Placement placement, Map<String, String> readiness, int concurrency) {
        if (concurrency < 1 || readiness == null) {
            return Optional.empty();
        }
        ReadinessAttributes announced = ReadinessAttributes.of(readiness);
        Integer sleepMs = announced.integer(placement == Placement.NON_BLOCKING_WAIT ? Readiness.WAIT_MS
                : Readiness.SLEEP_MS).orElse(null);
        if (sleepMs == null || sleepMs <= 0) {
            return Optional.empty();
        }
        Integer workers;
        String basis;
        switch (placement) {
            case EVENT_LOOP -> {
                if ("virtual".equals(announced.get(Readiness.BLOCKING_EXECUTION))) {
                    workers = concurrency;
                    basis = "handlers on virtual threads: one per request in flight (" + concurrency + ")";
                } else {
                    workers = announced.integer(Readiness.WORKERS).orElse(null);
                    basis = "event-loop workers (" + workers + ")";
                }
            }
            case BOUNDED_ELASTIC -> {
                workers = announced.integer(Readiness.ELASTIC_CAP).orElse(null);
                basis = "boundedElastic cap (" + workers + ")";
            }
            case TASK_POOL -> {
                Integer core = announced.integer(Readiness.ASYNC_CORE).orElse(null);
                Integer max = announced.integer(Readiness.ASYNC_MAX).orElse(null);
                Integer queue = announced.integer(Readiness.ASYNC_QUEUE).orElse(null);
                if (core == null || max == null || queue == null) {
                    return Optional.empty();
                }
                workers = taskPoolThreads(core, max, queue, concurrency);
                basis = concurrency <= core + queue
                        ? "pool core (" + core + "): the queue (" + queue + ") never fills, so the pool never grows "
                                + "toward max (" + max + ")"
                        : "pool threads min(max " + max + ", concurrency - queue " + (concurrency - queue) + ")";
            }
            case COMMON_POOL -> {
                workers = announced.integer(Readiness.COMMON_POOL).orElse(null);
                basis = "commonPool parallelism (" + workers + ")";
            }
            case VIRTUAL -> {
                workers = concurrency;
                basis = "one virtual thread per request in flight (" + concurrency + ")";
            }
            case NON_BLOCKING_WAIT -> {
                workers = concurrency;
                basis = "ceiling: users (" + concurrency + ") each waiting the delay, latency floor " + sleepMs
                        + " ms";
            }
            default -> throw new IllegalStateException(placement.toString());
        }
        if (workers == null || workers < 1) {
            return Optional.empty();
        }
        int busy = Math.min(concurrency, workers);
        if (busy < workers) {
            basis = basis + ", capped by concurrency (" + concurrency + ")";
        }
        double predicted = busy * 1000.0 / sleepMs;
        return Optional.of(new TheoryResult(placement.label(), busy, sleepMs, concurrency, predicted,
                basis + " / " + sleepMs + " ms", null, null));
    }

    /** Threads a ThreadPoolExecutor runs with {@code concurrency} tasks submitted and none finished. */
    static int taskPoolThreads(int core, int max, int queue, int concurrency) {
        if (concurrency <= core) {
            return concurrency;
        }
        if (concurrency <= core + queue) {
            return core;
        }
        return Math.min(max, concurrency - queue);
    }

    /** {@code prediction} with the measured value compared: its ratio and whether the gap is large. */
    public static TheoryResult compare(TheoryResult prediction, Double measuredRps) {
        if (measuredRps == null || prediction.predictedRps() <= 0) {
            return prediction;
        }
        double ratio = measuredRps / prediction.predictedRps();
        return prediction.withComparison(ratio, ratio < LOW || ratio > HIGH);
    }
}
