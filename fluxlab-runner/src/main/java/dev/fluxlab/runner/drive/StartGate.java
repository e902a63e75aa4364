package dev.fluxlab.runner.drive;

import dev.fluxlab.model.contract.MeasureGate;
import dev.fluxlab.runner.process.ChildProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The start barrier of one repeat's injectors ({@link MeasureGate}) as the runner holds it: it opens once every
 * injector has ended its own warm-up (printed {@link MeasureGate#WAITING_LINE}) and, for an automatic warm-up, the
 * targets no injector watches itself ({@link TargetJit}: they run on a host without an injector) have stopped
 * compiling too, or once the warm-up's bound has passed. Opening writes the gate file here and copies it to every
 * other host that runs an injector, one copy per host and all hosts at once, so the measured phases start together
 * wherever the injectors run; then those targets' JIT counters are read as the measured phase's start.
 */
final class StartGate {

    private static final long POLL_MS = 100;

    private final MeasureGate gate;
    private final int injectors;
    private final TargetJit jit;
    private final boolean waitForJit;
    private final long deadlineNanos;
    private final Map<String, ChildProcess> remoteHosts = new LinkedHashMap<>();
    private final AtomicInteger waiting = new AtomicInteger();
    private volatile String stillCompiling;

    /**
     * @param injectors     how many injectors wait at it
     * @param jit           the targets no injector watches, or null for none
     * @param waitForJit    whether to wait for them to stop compiling (an automatic warm-up)
     * @param deadlineNanos the {@link System#nanoTime()} after which it opens whatever the targets' JIT does
     */
    StartGate(MeasureGate gate, int injectors, TargetJit jit, boolean waitForJit, long deadlineNanos)
            throws IOException {
        this.gate = gate;
        this.injectors = injectors;
        this.jit = jit;
        this.waitForJit = waitForJit && jit != null;
        this.deadlineNanos = deadlineNanos;
        Files.deleteIfExists(gate.file());
    }

    /** The gate file, here ({@code --measure-gate}). */
    java.nio.file.Path file() {
        return gate.file();
    }

    /** An injector that waits at the gate; one on another host is where the gate file is copied to on its host. */
    synchronized void add(ChildProcess injector) {
        if (injector.host() != null) {
            remoteHosts.putIfAbsent(injector.host(), injector);
        }
    }

    /** Sees an injector's output line; the last injector's waiting line starts the opening. */
    void line(String line) {
        if (line.equals(MeasureGate.WAITING_LINE) && waiting.incrementAndGet() == injectors) {
            Thread.ofVirtual().name("fluxlab-start-gate").start(this::openWhenQuiet);
        }
    }

    /**
     * The JVM that was still compiling when the gate opened at the bound ("JVM 1234 (target backend on host back) was
     * compiling 80 ms per second"); null when the targets were quiet or nothing was waited for.
     */
    String stillCompiling() {
        return stillCompiling;
    }

    private void openWhenQuiet() {
        try {
            while (waitForJit && !jit.quiet() && System.nanoTime() < deadlineNanos) {
                Thread.sleep(POLL_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (waitForJit && !jit.quiet()) {
            stillCompiling = jit.loudest();
        }
        open();
        if (jit != null) {
            jit.measureStarted();
        }
    }

    /** Writes the gate file here, then on every other injector host at once. */
    private void open() {
        try {
            gate.open();
        } catch (IOException e) {
            return; // the injectors then time out at the gate and fail, which the wait reports
        }
        List<Thread> copies = new ArrayList<>();
        synchronized (this) {
            remoteHosts.values().forEach(c -> copies.add(Thread.ofVirtual().start(() -> {
                try {
                    c.mirror(gate.file());
                } catch (RuntimeException e) {
                    // that host's injectors time out at the gate and fail, which the wait reports
                }
            })));
        }
        for (Thread t : copies) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
