package dev.fluxlab.loadgen;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/** Outcome of the first connection attempts, which the run waits for before it starts. Thread-safe. */
final class InitialConnects {

    private final CountDownLatch done;
    private final AtomicInteger ready = new AtomicInteger();
    private final AtomicReference<Throwable> firstFailure = new AtomicReference<>();

    InitialConnects(int connections) {
        this.done = new CountDownLatch(connections);
    }

    void ready() {
        ready.incrementAndGet();
        done.countDown();
    }

    void failed(Throwable cause) {
        firstFailure.compareAndSet(null, cause);
        done.countDown();
    }

    boolean await(long millis) throws InterruptedException {
        return done.await(millis, TimeUnit.MILLISECONDS);
    }

    int readyCount() {
        return ready.get();
    }

    Throwable firstFailure() {
        return firstFailure.get();
    }
}
