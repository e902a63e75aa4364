package dev.fluxlab.runner.process;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Every child process a run started and has not stopped yet. On interruption (Ctrl-C, SIGTERM) {@link #close}
 * refuses new starts and stops all of them, by the handles held, in parallel, with the same SIGTERM / grace /
 * SIGKILL routine as a normal stop. Nothing is found by name.
 */
public final class Supervisor {

    private final Set<ChildProcess> live = new LinkedHashSet<>();
    private boolean closed;

    synchronized void add(ChildProcess c) {
        live.add(c);
    }

    public synchronized boolean closed() {
        return closed;
    }

    /** Stops the given children (in parallel) and forgets them. */
    public void stop(List<ChildProcess> children, Duration grace) {
        List<Thread> threads = new ArrayList<>();
        for (ChildProcess c : children) {
            threads.add(Thread.ofPlatform().daemon().name("fluxlab-stop-" + c.name()).start(() -> c.stop(grace)));
        }
        for (int i = 0; i < threads.size(); i++) {
            Thread t = threads.get(i);
            try {
                t.join(children.get(i).stopGrace(grace).toMillis() + 5_000); // a command target has its own grace
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            children.forEach(live::remove);
        }
    }

    /** Refuses further starts and stops every live child. */
    public void close(Duration grace) {
        List<ChildProcess> all;
        synchronized (this) {
            closed = true;
            all = new ArrayList<>(live);
        }
        stop(all, grace);
    }

    public synchronized List<ChildProcess> live() {
        return new ArrayList<>(live);
    }
}
