package dev.fluxlab.model.theory;

import dev.fluxlab.model.Labelled;

/**
 * Where a blocking call runs, which decides how many of them can be in progress at once (seed 002). Named in suites
 * as a scenario's {@code theory:} and read from a target's readiness line for the sizes.
 */
public enum Placement implements Labelled {
    /** On the event loop (or wherever the framework runs non-reactive handlers): {@code workers} at a time. */
    EVENT_LOOP("event-loop"),
    /** {@code Schedulers.boundedElastic()}: at most its cap ({@code 10 x cores} by default) at a time. */
    BOUNDED_ELASTIC("bounded-elastic"),
    /**
     * A ThreadPoolExecutor / Spring ThreadPoolTaskExecutor: core threads until its queue is full, then up to max.
     */
    TASK_POOL("task-pool"),
    /** ForkJoinPool.commonPool: its parallelism ({@code cores - 1}) at a time. */
    COMMON_POOL("common-pool"),
    /** A virtual thread per task: as many as the requests in flight. */
    VIRTUAL("virtual"),
    /**
     * No thread waits at all (seed 003's fan-out over a delayed mock API): every request in flight waits the
     * delay ({@code wait-ms}) at the same time, so the ceiling is users / delay and the latency floor the delay.
     */
    NON_BLOCKING_WAIT("non-blocking-wait");

    private final String label;

    Placement(String label) {
        this.label = label;
    }

    /** The suite / readiness name. */
    @Override
    public String label() {
        return label;
    }

    /**
     * Parses a suite name.
     *
     * @throws IllegalArgumentException listing the accepted names
     */
    public static Placement of(String label) {
        return Labelled.parse(Placement.class, label, "placement");
    }

    @Override
    public String toString() {
        return label;
    }
}
