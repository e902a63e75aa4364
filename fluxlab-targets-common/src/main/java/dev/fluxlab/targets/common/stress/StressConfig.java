package dev.fluxlab.targets.common.stress;

import dev.fluxlab.model.Durations;
import dev.fluxlab.model.Readiness;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;

/**
 * The knobs of seed 002's stress endpoints on the plain target: the blocking time and the executor that stands in
 * for Spring's {@code @Async} ThreadPoolTaskExecutor (a {@code ThreadPoolExecutor} with the same core / max / queue
 * semantics: threads beyond core start only when the queue is full).
 *
 * <p>Their defaults are written here once, for every target that serves the stress endpoints: {@link #DEFAULTS}
 * for the knob parsers ({@code webflux-*}, {@code mvc-tomcat}), the {@code DEFAULT_*} constants for the picocli
 * options of {@code serve reactor-netty}, whose {@code defaultValue} must be a compile-time constant
 * ({@code "" + DEFAULT_ASYNC_CORE} is one). The registry ({@code targets.yaml}) repeats them for suites, held to the
 * targets by the CLI's {@code TargetKnobsAgreeTest}.
 *
 * @param sleep        how long blocking endpoints hold their thread
 * @param asyncCore    pool core size (endpoint 01)
 * @param asyncMax     pool max size
 * @param asyncQueue   pool queue capacity
 * @param threadHeader send {@link StressWork#THREAD_HEADER} naming the thread that did the work
 * @param virtualScheduler the executor under the {@code -vt} endpoints' Reactor scheduler
 */
public record StressConfig(Duration sleep, int asyncCore, int asyncMax, int asyncQueue, boolean threadHeader,
                           VirtualScheduler virtualScheduler) {

    /** The seed's blocking time ({@code Thread.sleep(1000)}), as written on a command line. */
    public static final String DEFAULT_SLEEP_TEXT = "1s";
    /** The seed's {@code @Async} pool: core size. */
    public static final int DEFAULT_ASYNC_CORE = 100;
    /** The seed's {@code @Async} pool: max size. */
    public static final int DEFAULT_ASYNC_MAX = 200;
    /** The seed's {@code @Async} pool: queue capacity. */
    public static final int DEFAULT_ASYNC_QUEUE = 1000;
    /** No thread header unless asked for. */
    public static final boolean DEFAULT_THREAD_HEADER = false;
    /** A virtual thread per task under the {@code -vt} scheduler, as written on a command line. */
    public static final String DEFAULT_VIRTUAL_SCHEDULER_TEXT = "per-task";

    /**
     * The seed's settings: 1 s sleep, core 100, max 200, queue 1000, no thread header; a virtual thread per task
     * under the {@code -vt} scheduler.
     */
    public static final StressConfig DEFAULTS = new StressConfig(Durations.parse(DEFAULT_SLEEP_TEXT),
            DEFAULT_ASYNC_CORE, DEFAULT_ASYNC_MAX, DEFAULT_ASYNC_QUEUE, DEFAULT_THREAD_HEADER,
            VirtualScheduler.of(DEFAULT_VIRTUAL_SCHEDULER_TEXT));

    public StressConfig {
        if (sleep == null || sleep.isNegative()) {
            throw new IllegalArgumentException("sleep must be zero or positive, was " + sleep);
        }
        checkPool(asyncCore, asyncMax, asyncQueue);
        if (virtualScheduler == null) {
            throw new IllegalArgumentException("virtual-scheduler must be given (per-task or scheduled-pool)");
        }
    }

    /**
     * The pool's bounds, checked here once for every target that serves the stress endpoints (this record, and the
     * knob parsers of {@code webflux-*} and {@code mvc-tomcat}, which take the numbers as given): a core of at least
     * 1, a max of at least the core (so at least 1 too), a queue of 0 or more. The refusal names the options as every
     * target and {@code serve reactor-netty} take them ({@code --async-core}, ...).
     *
     * @throws IllegalArgumentException naming the first bad option, its bound and its value
     */
    public static void checkPool(int asyncCore, int asyncMax, int asyncQueue) {
        if (asyncCore < 1) {
            throw new IllegalArgumentException("--async-core must be at least 1, was " + asyncCore);
        }
        if (asyncMax < asyncCore) {
            throw new IllegalArgumentException("--async-max (" + asyncMax + ") must be at least --async-core ("
                    + asyncCore + ")");
        }
        if (asyncQueue < 0) {
            throw new IllegalArgumentException("--async-queue must be at least 0, was " + asyncQueue);
        }
    }

    /**
     * What explains the blocking endpoints' throughput, for the readiness line of every target serving them: the
     * sleep, where non-reactive handlers run, boundedElastic's cap, the pool, commonPool's parallelism, the
     * executor under the -vt scheduler.
     *
     * @param blockingExecution where non-reactive handlers run ({@code event-loop}, {@code worker})
     * @param elasticCap        Reactor's {@code Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE} (the caller has Reactor)
     */
    public Map<String, Object> readinessAttributes(String blockingExecution, int elasticCap) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put(Readiness.SLEEP_MS, sleep.toMillis());
        a.put(Readiness.BLOCKING_EXECUTION, blockingExecution);
        a.put(Readiness.ELASTIC_CAP, elasticCap);
        a.put(Readiness.ASYNC_CORE, asyncCore);
        a.put(Readiness.ASYNC_MAX, asyncMax);
        a.put(Readiness.ASYNC_QUEUE, asyncQueue);
        a.put(Readiness.COMMON_POOL, ForkJoinPool.getCommonPoolParallelism());
        a.put(Readiness.VIRTUAL_SCHEDULER, virtualScheduler.label());
        return a;
    }
}
