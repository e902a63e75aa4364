package dev.fluxlab.runner.drive;

import dev.fluxlab.model.contract.MeasureGate;
import dev.fluxlab.model.contract.ProgressLine;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.RemoteSide;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The start barrier of one repeat's injectors ({@link MeasureGate}) as the runner holds it: it opens once every
 * injector has ended its own warm-up (printed {@link MeasureGate#WAITING_LINE}) and, for an automatic warm-up, the
 * targets no injector watches itself ({@link TargetJit}: they run on a host without an injector) have stopped
 * compiling too, or once the warm-up's bound has passed; then those targets' JIT counters are read as the measured
 * phase's start.
 *
 * <p>Every host that runs an injector gets the gate file at once: as each host's first injector starts, a session
 * there is readied to create the file on one line ({@link RemoteSide#arm}); opening fires every host's session, then
 * writes the file here, so the hosts are released within about a network round trip of each other (the documents'
 * start instants record by how much). A host whose session failed gets the file copied instead.
 *
 * <p>A duet trial's round ({@code runner.decide.ClaimTrials}) holds its cells' loads at one such gate too.
 */
public final class StartGate implements AutoCloseable {

    private static final long POLL_MS = 100;
    private static final Duration COPY = Duration.ofSeconds(10);

    private final MeasureGate gate;
    private final int injectors;
    private final TargetJit jit;
    private final boolean waitForJit;
    private final long deadlineNanos;
    private final Map<String, ChildProcess> firstOnHost = new LinkedHashMap<>();
    private final Map<String, RemoteSide.Armed> armed = new LinkedHashMap<>();
    private final AtomicInteger waiting = new AtomicInteger();
    private volatile String stillCompiling;
    private boolean fired;

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

    /** A gate of {@code injectors} local injectors that opens as soon as every one of them waits at it. */
    public StartGate(MeasureGate gate, int injectors) throws IOException {
        this(gate, injectors, null, false, System.nanoTime());
    }

    /** The gate file, here ({@code --measure-gate}). */
    public Path file() {
        return gate.file();
    }

    /** An injector that waits at the gate; the first on another host readies the gate file's creation there. */
    synchronized void add(ChildProcess injector) {
        String host = injector.host();
        if (host != null && !firstOnHost.containsKey(host)) {
            firstOnHost.put(host, injector);
            try {
                armed.put(host, injector.arm(gate.file()));
            } catch (RuntimeException e) {
                // no session there: the file is copied when the gate opens
            }
        }
    }

    /** Sees an injector's output line; the last injector's waiting line starts the opening. */
    public void line(String line) {
        if (line.equals(MeasureGate.WAITING_LINE) && waiting.incrementAndGet() == injectors) {
            Thread.ofVirtual().name("fluxlab-start-gate").start(this::openWhenQuiet);
        }
    }

    /** Sees the first injector's progress: its end of the measured phase ends the targets' JIT window. */
    void progress(String line) {
        if (jit != null && ProgressLine.parse(line).filter(p -> p.phase().equals(ProgressLine.END_PHASE)).isPresent()) {
            Thread.ofVirtual().name("fluxlab-target-jit").start(jit::measureEnded);
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

    /** Fires every host's readied session, writes the file here, then copies it where a session failed. */
    private synchronized void open() {
        fired = true;
        armed.values().forEach(RemoteSide.Armed::fire);
        try {
            gate.open();
        } catch (IOException e) {
            // the injectors here then time out at the gate and fail, which the wait reports
        }
        firstOnHost.forEach((host, injector) -> {
            RemoteSide.Armed a = armed.get(host);
            if (a == null || !a.await(COPY)) {
                try {
                    injector.mirror(gate.file());
                } catch (RuntimeException e) {
                    // that host's injectors time out at the gate and fail, which the wait reports
                }
            }
        });
    }

    /** Ends the readied sessions of a gate that never opened, creating nothing. */
    @Override
    public synchronized void close() {
        if (!fired) {
            armed.values().forEach(RemoteSide.Armed::cancel);
        }
    }
}
