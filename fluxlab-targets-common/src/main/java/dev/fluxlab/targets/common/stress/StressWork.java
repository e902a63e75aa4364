package dev.fluxlab.targets.common.stress;

import java.time.Duration;
import java.util.Date;

/**
 * The unit of work of seed 002's stress endpoints: {@code new Date().toString()}, optionally after blocking the
 * calling thread for a fixed time (the seed's {@code Thread.sleep(1000)}). Both the plain Reactor Netty target and
 * the Spring WebFlux target use it, so the only difference between them is the framework around it.
 *
 * <p>The result also says which thread did the work, so tests (and curious users, through the
 * {@value #THREAD_HEADER} response header) can check that an endpoint really runs where it claims.
 *
 * @param sleep how long a blocking call holds its thread; zero never sleeps
 */
public record StressWork(Duration sleep) {

    /** The response header naming the thread that did the work, when a target is asked to send it. */
    public static final String THREAD_HEADER = "X-Fluxlab-Thread";

    public StressWork {
        if (sleep == null || sleep.isNegative()) {
            throw new IllegalArgumentException("sleep must be zero or positive, was " + sleep);
        }
    }

    /** Non-blocking work: the date, computed on the calling thread. */
    public Result date() {
        return new Result(new Date().toString(), Thread.currentThread());
    }

    /** Blocking work: holds the calling thread for {@link #sleep()}, then the date. */
    public Result blockingDate() {
        long nanos = sleep.toNanos();
        if (nanos > 0) {
            try {
                Thread.sleep(sleep);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while blocking", e);
            }
        }
        return date();
    }

    /**
     * What a stress endpoint produced.
     *
     * @param body       the date string
     * @param threadName the name of the thread that did the work ({@code virtual#<id>} for an unnamed one)
     * @param virtual    whether that thread was a virtual thread
     */
    public record Result(String body, String threadName, boolean virtual) {

        Result(String body, Thread thread) {
            this(body, thread.getName().isEmpty() ? "virtual#" + thread.threadId() : thread.getName(),
                    thread.isVirtual());
        }

        /** The {@value StressWork#THREAD_HEADER} value: {@code <thread name>;virtual=<true|false>}. */
        public String threadHeader() {
            return threadName + ";virtual=" + virtual;
        }
    }
}
