package dev.fluxlab.runner.drive;

import dev.fluxlab.runner.launch.Commands;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.contract.LoadSession;
import dev.fluxlab.runner.host.Launcher;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.Supervisor;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * With {@code fork: shared}: the injector JVM kept, like the target JVMs, for the cells that reuse the same targets
 * ({@code fluxlab load-session}, {@link LoadSession}). Each repeat's load is one job of that JVM, with its own log,
 * document and measured window; a fresh injector would spend the first ~5 s of every cell compiling its own hot path
 * (throughput 19k, 39k, 45k, 49k, 63k req/s against a warm target), which the warm-up then waits out.
 *
 * <p>Only a single local injector is kept, across the whole run: the cells of the next target set reuse it too (its
 * JVM is the same whatever it loads, and on two cores a fresh one's JIT also takes CPU from the new targets' own
 * warm-up). Another injector command line (other CPUs) or a job that did not end by itself stops it, and the next
 * repeat starts a fresh one. Profiled repeats, other fork modes, several injectors and injectors on other hosts start
 * a JVM per repeat as before.
 */
public final class SharedInjector {

    /** How one job ended: the wait's end, and the job's exit code when it ended by itself (null otherwise). */
    public record JobEnd(LoadWait.End end, Integer code) {
    }

    private static final long POLL_MS = 200;
    private static final long IDLE_EXIT_MS = 3_000;

    private final Launcher launcher;
    private final Supervisor supervisor;
    private final Duration grace;
    private ChildProcess process;
    private List<String> command;
    private boolean busy;

    public SharedInjector(Launcher launcher, Supervisor supervisor, Duration grace) {
        this.launcher = launcher;
        this.supervisor = supervisor;
        this.grace = grace;
    }

    /**
     * The kept injector when it runs {@code command} and is alive, its output now going to {@code log}; otherwise the
     * kept one is stopped and a new one started (its first log {@code log}).
     */
    public ChildProcess acquire(List<String> command, Path log) throws IOException {
        if (process != null && process.isAlive() && this.command.equals(command)) {
            process.logTo(log);
            return process;
        }
        release();
        process = launcher.startFed(ProcessStats.INJECTOR, Commands.INJECTOR, command, log, supervisor);
        this.command = List.copyOf(command);
        return process;
    }

    /** Whether {@code c} is the kept injector (the repeat that used it must not stop it). */
    public boolean isKept(ChildProcess c) {
        return c != null && c == process;
    }

    /**
     * Runs one {@code fluxlab load} command line ({@code argv}, starting with {@code load}) in {@code p}, offering
     * its lines to {@code listener}, until its end line, the process's exit, {@code stop} or {@code limit}; a job
     * that did not end by itself leaves the injector to be stopped ({@link #release()}).
     */
    public JobEnd run(ChildProcess p, List<String> argv, Consumer<String> listener, Duration limit, BooleanSupplier stop)
            throws IOException, InterruptedException {
        CompletableFuture<Integer> ended = new CompletableFuture<>();
        busy = true;
        p.listener(line -> {
            if (LoadSession.parseEnd(line).map(ended::complete).isEmpty()) {
                listener.accept(line);
            }
        });
        try {
            OutputStream in = p.process().getOutputStream();
            in.write((LoadSession.job(argv) + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            if (p.isAlive()) {
                throw e;
            }
            return new JobEnd(LoadWait.End.EXITED, null); // it died before the job: its exit code says why
        }
        long deadline = System.nanoTime() + limit.toNanos();
        while (!ended.isDone() && p.isAlive()) {
            if (stop.getAsBoolean()) {
                return new JobEnd(LoadWait.End.STOPPED, null);
            }
            if (System.nanoTime() >= deadline) {
                return new JobEnd(LoadWait.End.DEADLINE, null);
            }
            try {
                ended.get(POLL_MS, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                // poll again
            }
        }
        if (!ended.isDone()) {
            p.awaitOutput(Duration.ofSeconds(2)); // an end line already printed is still in the pipe
        }
        busy = !ended.isDone();
        return new JobEnd(LoadWait.End.EXITED, ended.getNow(null));
    }

    /**
     * Ends the kept injector, if any: an idle one by the end of its stdin (a few seconds to exit by itself), one
     * whose job did not end without waiting; whatever is left then is stopped (SIGTERM, then SIGKILL).
     */
    public void release() {
        ChildProcess p = process;
        boolean idle = !busy;
        process = null;
        command = null;
        busy = false;
        if (p == null) {
            return;
        }
        try {
            p.process().getOutputStream().close();
            if (idle) {
                p.process().waitFor(Math.min(grace.toMillis(), IDLE_EXIT_MS), TimeUnit.MILLISECONDS);
            }
        } catch (IOException e) {
            // already gone
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        supervisor.stop(List.of(p), grace);
    }
}
