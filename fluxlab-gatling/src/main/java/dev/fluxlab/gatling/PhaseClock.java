package dev.fluxlab.gatling;

import dev.fluxlab.model.contract.GatlingWindowLine;
import dev.fluxlab.model.contract.ProgressLine;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The simulation's clock for fluxlab: it prints the machine progress line once a second (the runner places the
 * measured window's CPU samples by it), and times the measured window from the start of its first batch to the end
 * of its last, which it prints when the simulation ends ({@link GatlingWindowLine}): Gatling's own statistics count the
 * measured requests, this window turns the count into a rate. The live counts are per batch (a batch with a failed
 * request counts all its requests as errors); only the final figures come from Gatling's statistics.
 */
final class PhaseClock {

    private final int streams;
    private final long started = System.nanoTime();
    private final AtomicLong measureStart = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong measureEnd = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong ok = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private Thread printer;

    PhaseClock(int streams) {
        this.streams = streams;
    }

    void start() {
        printer = Thread.ofPlatform().daemon().name("fluxlab-progress").start(this::print);
    }

    /** A measured batch is about to be sent: the first one opens the window and resets the live counts. */
    void measureStarts() {
        if (measureStart.compareAndSet(Long.MIN_VALUE, System.nanoTime())) {
            ok.set(0);
            errors.set(0);
        }
    }

    void batchDone(boolean measured, boolean failed) {
        (failed ? errors : ok).addAndGet(streams);
        if (measured) {
            measureEnd.accumulateAndGet(System.nanoTime(), Math::max);
        }
    }

    void stop() {
        if (printer != null) {
            printer.interrupt();
        }
        long s = measureStart.get();
        long e = measureEnd.get();
        System.out.println(new GatlingWindowLine(s == Long.MIN_VALUE || e == Long.MIN_VALUE ? 0.0 : (e - s) / 1e6)
                .format());
        System.out.flush();
    }

    private void print() {
        long lastOk = 0;
        long lastT = System.nanoTime();
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(1000);
                long now = System.nanoTime();
                long s = measureStart.get();
                boolean measuring = s != Long.MIN_VALUE;
                double t = Math.floor((now - (measuring ? s : started)) / 1e9);
                long o = ok.get();
                double rps = o >= lastOk ? (o - lastOk) / ((now - lastT) / 1e9) : o / ((now - s) / 1e9);
                lastOk = o;
                lastT = now;
                System.out.println(new ProgressLine(measuring ? ProgressLine.MEASURE_PHASE : ProgressLine.WARMUP_PHASE, t, o, errors.get(), rps).format());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
