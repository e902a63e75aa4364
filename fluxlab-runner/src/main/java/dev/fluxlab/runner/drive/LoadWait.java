package dev.fluxlab.runner.drive;

import dev.fluxlab.runner.process.ChildProcess;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The one loop that follows a load process until it ends: it exits by itself, or it is to be stopped early (the run
 * is interrupted or a target exited), or its deadline passes. Every driver waits through it, so a crashed target
 * or an interruption stops each kind of load the same way.
 */
public final class LoadWait {

    /** How the wait ended. */
    public enum End {
        /** the process exited by itself */
        EXITED,
        /** the run was interrupted or a target exited while it ran */
        STOPPED,
        /** it was still running at the deadline */
        DEADLINE
    }

    private static final long POLL_MS = 200;

    private LoadWait() {
    }

    /**
     * Waits for {@code c} at most {@code limit}, checking {@code stop} and running {@code tick} every 200 ms.
     * Leaves the process as it is: the caller stops it.
     */
    public static End follow(ChildProcess c, Duration limit, BooleanSupplier stop, Runnable tick)
            throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (c.isAlive()) {
            if (stop.getAsBoolean()) {
                return End.STOPPED;
            }
            if (System.nanoTime() >= deadline) {
                return End.DEADLINE;
            }
            c.process().waitFor(POLL_MS, TimeUnit.MILLISECONDS);
            tick.run();
        }
        return End.EXITED;
    }
}
