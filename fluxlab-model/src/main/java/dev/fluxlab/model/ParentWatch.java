package dev.fluxlab.model;

import java.time.Duration;
import java.util.Optional;
import java.util.function.LongPredicate;

/**
 * Stops a child JVM of the runner when the runner is gone. The JDK has no parent-death signal, so a runner killed
 * with SIGKILL (or an OOM killer) used to leave its targets and injector running, holding ports and CPU. The runner
 * puts its own PID into {@value #ENV} of every child it starts; a child that calls {@link #startFromEnvironment()}
 * then checks four times a second that this PID is still alive and still its parent (a reparented child has a new
 * parent even if the old PID is reused), and exits with {@value #EXIT_CODE} when it is not, running its shutdown hooks
 * for at most half a second.
 * Started by hand (no {@value #ENV}), a target behaves as before.
 */
public final class ParentWatch {

    /** Environment variable holding the PID of the runner that started this JVM. */
    public static final String ENV = "FLUXLAB_PARENT_PID";
    /** Exit status of a child that stopped because its runner was gone. */
    public static final int EXIT_CODE = 3;

    // an orphan stops within about a second of its runner's death: a quarter-second check (a /proc read), then its
    // shutdown hooks get half a second before the halt; a graceful server close alone took 1.7 s, the orphans 1.8-3.2 s
    private static final Duration PERIOD = Duration.ofMillis(250);
    private static final Duration HALT_AFTER = Duration.ofMillis(500);

    private ParentWatch() {
    }

    /** Starts the watch when {@value #ENV} names a PID; returns that PID, or empty when there is nothing to watch. */
    public static Optional<Long> startFromEnvironment() {
        Optional<Long> parent = parentPid(System.getenv(ENV));
        parent.ifPresent(pid -> {
            Thread t = Thread.ofPlatform().daemon().name("fluxlab-parent-watch").unstarted(() -> watch(pid, ParentWatch::gone));
            t.start();
        });
        return parent;
    }

    /** The PID in an {@value #ENV} value; empty when absent, blank or not a positive number. */
    static Optional<Long> parentPid(String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            long pid = Long.parseLong(value.trim());
            return pid > 0 ? Optional.of(pid) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** True while {@code pid} is alive and is this JVM's parent. */
    static boolean parentAlive(long pid) {
        boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        long now = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(-1L);
        return alive && now == pid;
    }

    private static void watch(long pid, LongPredicate onGone) {
        while (parentAlive(pid)) {
            try {
                Thread.sleep(PERIOD);
            } catch (InterruptedException e) {
                return;
            }
        }
        onGone.test(pid);
    }

    private static boolean gone(long pid) {
        System.err.println("fluxlab: the runner (PID " + pid + ") that started this process is gone; stopping");
        // shutdown hooks stop servers gracefully; a hook that hangs must not keep an orphan alive
        Thread halt = Thread.ofPlatform().daemon().name("fluxlab-parent-halt").unstarted(() -> {
            try {
                Thread.sleep(HALT_AFTER);
            } catch (InterruptedException ignored) {
                // exiting anyway
            }
            Runtime.getRuntime().halt(EXIT_CODE);
        });
        halt.start();
        System.exit(EXIT_CODE);
        return true;
    }
}
