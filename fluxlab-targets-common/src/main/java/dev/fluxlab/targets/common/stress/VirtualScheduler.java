package dev.fluxlab.targets.common.stress;

import dev.fluxlab.model.Labelled;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The executor behind the {@code -vt} stress endpoints' Reactor scheduler (endpoints 02-vt and 03-vt), two ways:
 * <ul>
 *   <li>{@code per-task}: a new virtual thread per task ({@code Executors.newThreadPerTaskExecutor}), what the JDK
 *       recommends for virtual threads;</li>
 *   <li>{@code scheduled-pool}: seed 002's {@code VirtualThreadScheduler}, {@code Executors.newScheduledThreadPool(
 *       cores, Thread.ofVirtual().factory())}: a pool of as many virtual threads as cores, so at most that many
 *       tasks run (or block) at once.</li>
 * </ul>
 * Reactor wraps either with {@code Schedulers.fromExecutorService}; this module has no Reactor, so it only makes
 * the executor.
 */
public enum VirtualScheduler implements Labelled {
    PER_TASK("per-task"),
    SCHEDULED_POOL("scheduled-pool");

    private final String label;

    VirtualScheduler(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** A new executor of this kind whose threads are named {@code prefix<n>}. */
    public ExecutorService executor(String prefix) {
        return switch (this) {
            case PER_TASK -> Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(prefix, 0).factory());
            case SCHEDULED_POOL -> Executors.newScheduledThreadPool(Runtime.getRuntime().availableProcessors(),
                    Thread.ofVirtual().name(prefix, 0).factory());
        };
    }

    /**
     * Parses a command-line name.
     *
     * @throws IllegalArgumentException listing the accepted names
     */
    public static VirtualScheduler of(String label) {
        return Labelled.parse(VirtualScheduler.class, label, "virtual scheduler");
    }

    @Override
    public String toString() {
        return label;
    }
}
