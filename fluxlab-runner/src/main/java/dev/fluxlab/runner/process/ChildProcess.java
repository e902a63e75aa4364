package dev.fluxlab.runner.process;

import dev.fluxlab.model.ParentWatch;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A child JVM the runner started: its stdout and stderr (merged) are copied line by line into a log file in the
 * results folder and offered to a listener (readiness, progress). The runner holds the {@link Process} handle and
 * is the only one that stops it.
 */
public final class ChildProcess {

    private static final int TAIL_LINES = 30;
    /**
     * The most a log fluxlab writes of a process may hold (targets, injectors, tools, here or over SSH): past it only
     * its head and its tail are kept ({@link LogCopy}). A {@code -javaagent} printing 8 KB lines had filled 1.7 GB in a
     * 3-second cell.
     */
    public static final long LOG_CAP_BYTES = 64L << 20;

    private final String role;
    private final String name;
    private final Process process;
    private volatile Path log;
    private final long startNanos;
    private final Deque<String> tail = new ArrayDeque<>();
    private final Thread pump;
    private final CompletableFuture<Void> outputClosed = new CompletableFuture<>();
    private final RemoteSide remote;
    private volatile Consumer<String> listener;
    private volatile boolean stopRequested;
    private volatile String logProblem;
    private volatile String logTruncated;
    /** A command target's own stop ({@link CommandStop}), null for the lab's processes (SIGTERM, the run's grace). */
    private volatile CommandStop commandStop;
    /** The HotSpot JVM found in a command's tree ({@link #jvmPid()}), once seen. */
    private volatile Long jvmSeen;
    /** A suite's own command on a suite host ({@link #startRemoteCommand}). */
    private volatile boolean remoteCommand;

    private ChildProcess(String role, String name, Process process, Path log, long startNanos, Consumer<String> listener,
                         RemoteSide remote) {
        this.role = role;
        this.name = name;
        this.process = process;
        this.log = log;
        this.startNanos = startNanos;
        this.listener = listener;
        this.remote = remote;
        this.pump = Thread.ofPlatform().daemon().name("fluxlab-log-" + name).unstarted(this::pumpOutput);
    }

    /**
     * Starts {@code command}; its output goes to {@code log}. {@code supervisor} learns of it before this returns,
     * so an interruption at any time can stop it.
     */
    public static ChildProcess start(String role, String name, List<String> command, Path log,
                                     Consumer<String> listener, Supervisor supervisor) throws IOException {
        return start(role, name, command, log, listener, supervisor, java.util.Map.of());
    }

    /** {@link #start(String, String, List, Path, Consumer, Supervisor)} with {@code env} added to its environment. */
    public static ChildProcess start(String role, String name, List<String> command, Path log,
                                     Consumer<String> listener, Supervisor supervisor, java.util.Map<String, String> env)
            throws IOException {
        return start(role, name, command, log, listener, supervisor, env, false);
    }

    /**
     * {@link #start(String, String, List, Path, Consumer, Supervisor, java.util.Map)}, with its standard input a pipe
     * the runner writes to ({@code process().getOutputStream()}) when {@code fed}, else {@code /dev/null}.
     */
    public static ChildProcess start(String role, String name, List<String> command, Path log,
                                     Consumer<String> listener, Supervisor supervisor, java.util.Map<String, String> env,
                                     boolean fed) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(fed ? ProcessBuilder.Redirect.PIPE
                : ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().putAll(env);
        // fluxlab's own JVMs stop by themselves if this runner dies without stopping them (kill -9)
        pb.environment().put(ParentWatch.ENV, Long.toString(ProcessHandle.current().pid()));
        return start(role, name, pb, log, listener, supervisor, null);
    }

    /**
     * Starts a process on another host: {@code sshCommand} is the local ssh client's command line, whose standard
     * input stays open as the remote process's lifeline (it ends when this runner closes it or dies).
     */
    public static ChildProcess startRemote(String role, String name, List<String> sshCommand, Path log,
                                           Consumer<String> listener, Supervisor supervisor, RemoteSide remote)
            throws IOException {
        return start(role, name, new ProcessBuilder(sshCommand).redirectInput(ProcessBuilder.Redirect.PIPE), log,
                listener, supervisor, remote);
    }

    /**
     * As {@link #startRemote}, for a suite's own command on a host ({@link #isRemoteCommand}): its JVM, if any, is
     * known only by the JIT counters its host's agent reads ({@link RemoteSide#jitSeen}).
     */
    public static ChildProcess startRemoteCommand(String role, String name, List<String> sshCommand, Path log,
                                                  Supervisor supervisor, RemoteSide remote) throws IOException {
        ChildProcess c = startRemote(role, name, sshCommand, log, null, supervisor, remote);
        c.remoteCommand = true;
        return c;
    }

    /**
     * Starts a suite's own command ({@code command}, a list run without a shell) in {@code cwd} with {@code env} added,
     * as the leader of a new session ({@code setsid}, util-linux): the terminal's Ctrl-C does not reach it (the runner
     * stops it, with its own signal, which it can trap even when this runner was started with it ignored:
     * {@link CommandStop#defaultSignals}), and its whole process group can be signalled. A watchdog ({@link CommandStop})
     * stops that group if this runner dies without stopping it (kill -9): the lab's own JVMs watch their parent
     * themselves ({@code ParentWatch}), a user's program cannot.
     */
    public static ChildProcess startCommand(String role, String name, List<String> command, Path cwd,
                                            java.util.Map<String, String> env, Path log, Consumer<String> listener,
                                            Supervisor supervisor, String signal, Duration grace) throws IOException {
        List<String> argv = new ArrayList<>(CommandStop.defaultSignals(signal));
        argv.add(CommandStop.SETSID);
        argv.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(argv).directory(cwd.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().putAll(env);
        ChildProcess c = start(role, name, pb, log, listener, supervisor, null);
        try {
            c.commandStop = CommandStop.watch(c.pid(), signal, grace);
        } catch (IOException e) {
            c.stop(grace);
            throw e;
        }
        return c;
    }

    private static ChildProcess start(String role, String name, ProcessBuilder pb, Path log, Consumer<String> listener,
                                      Supervisor supervisor, RemoteSide remote) throws IOException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        pb.redirectErrorStream(true);
        long t0 = System.nanoTime();
        Process p;
        synchronized (supervisor) {
            if (supervisor.closed()) {
                throw new IOException("the run is being stopped; not starting " + name);
            }
            p = pb.start();
            ChildProcess c = new ChildProcess(role, name, p, log, t0, listener, remote);
            supervisor.add(c);
            c.pump.start();
            return c;
        }
    }

    private void pumpOutput() {
        LogCopy copy = new LogCopy(log);
        try (BoundedLines in = new BoundedLines(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                copy.write(log, line, !in.ready());
                if (remote != null) {
                    remote.line(line);
                }
                synchronized (tail) {
                    tail.addLast(line);
                    if (tail.size() > TAIL_LINES) {
                        tail.removeFirst();
                    }
                }
                Consumer<String> l = listener;
                if (l != null) {
                    try {
                        l.accept(line);
                    } catch (RuntimeException e) {
                        // a faulty listener must not stop the log copy
                    }
                }
            }
        } catch (IOException e) {
            // stream closed as the process died
        } finally {
            copy.close();
            outputClosed.complete(null);
        }
    }

    /**
     * The copy of the output into the log file. A log that cannot be written (a full disk) stops the copy, never the
     * reading: the runner still hears the progress and end lines it waits for, and the process is never blocked on a
     * full pipe. {@link #logProblem()} says what happened. A log holds at most {@link #LOG_CAP_BYTES} bytes: its first half
     * is written as it comes, then the output goes to two side files of a quarter each, taking turns
     * ({@code NAME.tail}, {@code NAME.tail.1}), and the log ends, once the process is done with it, with a line saying
     * how much was left out and the last of the output from those files. The findings scan reads the log, so it sees
     * the head at once and the tail at the end; what was left out is not scanned, which the truncation note says.
     */
    private final class LogCopy {
        private Path writing;
        private BufferedWriter out;
        private long written;
        /** Past the head: the side file written now, its size, and the bytes left out of the log so far. */
        private BufferedWriter tailOut;
        private long tailWritten;
        private long dropped;
        /** The logs this process has written: a log seen before is added to, a new one starts empty. */
        private final java.util.Set<Path> seen = new java.util.HashSet<>();

        LogCopy(Path first) {
            writing = first;
            seen.add(first);
            try {
                out = Files.newBufferedWriter(first, StandardCharsets.UTF_8); // there from the start, even if empty
            } catch (IOException e) {
                failed(e);
            }
        }

        private void failed(IOException e) {
            logProblem = "its output could not be written to " + writing + " (" + e.getMessage()
                    + "); the rest of it was read and not kept";
            close();
        }

        void write(Path now, String line, boolean flush) {
            if (logProblem != null) {
                return;
            }
            try {
                if (!now.equals(writing)) { // a kept process's next job has a log of its own (logTo)
                    finish();
                    out.close();
                    writing = now;
                    // a log left by an interrupted attempt of the same repeat (--resume) is replaced, not continued
                    boolean fresh = seen.add(now);
                    out = Files.newBufferedWriter(now, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                            fresh ? StandardOpenOption.TRUNCATE_EXISTING : StandardOpenOption.APPEND);
                    written = fresh ? 0 : Files.size(now);
                }
                long bytes = line.length() + 1L; // chars: a bound close enough for a cap
                if (tailOut == null && written + bytes <= LOG_CAP_BYTES / 2) {
                    out.write(line);
                    out.newLine();
                    written += bytes;
                    if (flush) {
                        out.flush();
                    }
                    return;
                }
                if (tailOut == null) {
                    out.flush();
                    tailOut = Files.newBufferedWriter(tail(0), StandardCharsets.UTF_8);
                    tailWritten = 0;
                } else if (tailWritten + bytes > LOG_CAP_BYTES / 4) {
                    tailOut.close();
                    if (Files.exists(tail(1))) {
                        dropped += Files.size(tail(1));
                        logTruncated = "log truncated at " + (LOG_CAP_BYTES >> 20) + " MB: " + writing.getFileName()
                                + " keeps the first and the last of its output; log findings in the rest are not"
                                + " counted";
                    }
                    Files.move(tail(0), tail(1), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    tailOut = Files.newBufferedWriter(tail(0), StandardCharsets.UTF_8);
                    tailWritten = 0;
                }
                tailOut.write(line);
                tailOut.newLine();
                tailWritten += bytes;
            } catch (IOException e) {
                failed(e);
            }
        }

        private Path tail(int turn) {
            return writing.resolveSibling(writing.getFileName() + (turn == 0 ? ".tail" : ".tail.1"));
        }

        /** Ends a truncated log: the note, then the side files' lines (the last of the output); no-op otherwise. */
        private void finish() throws IOException {
            if (tailOut == null) {
                return;
            }
            tailOut.close();
            tailOut = null;
            if (dropped > 0) {
                out.write(String.format(java.util.Locale.ROOT, "[fluxlab] log truncated at %d MB: %.1f MB of output"
                        + " left out here", LOG_CAP_BYTES >> 20, dropped / 1048576.0));
                out.newLine();
            }
            for (Path p : List.of(tail(1), tail(0))) {
                if (Files.exists(p)) {
                    try (var in = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
                        in.transferTo(out);
                    }
                    Files.delete(p);
                }
            }
            out.flush();
            written = Files.size(writing);
            dropped = 0;
        }

        void close() {
            try {
                if (out != null && logProblem == null) {
                    finish();
                }
            } catch (IOException e) {
                // keep what was written
            }
            try {
                if (tailOut != null) {
                    tailOut.close();
                }
                if (out != null) {
                    out.close();
                }
            } catch (IOException e) {
                // keep what was written
            }
            tailOut = null;
            out = null;
        }
    }

    /**
     * Why this process's log stopped being written (a full disk), else that it was truncated at its cap
     * ({@link #LOG_CAP_BYTES}), or null: a warning on each cell it served from then on.
     */
    public String logProblem() {
        return logProblem != null ? logProblem : logTruncated;
    }

    /**
     * Sends what the process prints from now on to {@code next} (appended) instead: a process kept for several
     * repeats (the injector of a shared fork group) writes each repeat's output beside that repeat's other files.
     * {@link #log()} names it from now on.
     */
    public void logTo(Path next) throws IOException {
        Files.createDirectories(next.toAbsolutePath().getParent());
        Path previous = log;
        log = next;
        if (!next.equals(previous)) {
            synchronized (tail) {
                tail.clear(); // lastLines() then quotes this log's lines only
            }
        }
    }

    /**
     * Waits until a line matches {@code match}, the process exits, or {@code timeout} passes.
     * The match is observed through the listener, which this temporarily wraps.
     */
    public Optional<String> awaitLine(Predicate<String> match, Duration timeout) throws InterruptedException {
        CompletableFuture<String> found = new CompletableFuture<>();
        Consumer<String> previous = listener;
        listener = line -> {
            if (previous != null) {
                previous.accept(line);
            }
            if (match.test(line)) {
                found.complete(line);
            }
        };
        // a matching line may already be in the tail
        synchronized (tail) {
            for (String l : tail) {
                if (match.test(l)) {
                    found.complete(l);
                }
            }
        }
        outputClosed.thenRun(() -> found.complete(null));
        try {
            return Optional.ofNullable(found.get(timeout.toMillis(), TimeUnit.MILLISECONDS));
        } catch (java.util.concurrent.TimeoutException e) {
            return Optional.empty();
        } catch (java.util.concurrent.ExecutionException e) {
            return Optional.empty();
        } finally {
            listener = previous;
        }
    }

    public void listener(Consumer<String> l) {
        this.listener = l;
    }

    /** The last lines the process printed. */
    public List<String> tail() {
        synchronized (tail) {
            return new ArrayList<>(tail);
        }
    }

    /** Whether its output has ended (it closed stdout and stderr, usually by exiting). */
    public boolean outputEnded() {
        return outputClosed.isDone();
    }

    /** Waits for the log copy to finish after the process has exited (bounded). */
    public void awaitOutput(Duration max) {
        try {
            outputClosed.get(max.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            // keep what was copied
        }
    }

    /**
     * SIGTERM to the process and its descendants, {@code grace} to exit, then SIGKILL to whatever is left.
     */
    public void stop(Duration grace) {
        stopRequested = true;
        CommandStop own = commandStop;
        if (own != null) {
            own.stop(process);
            awaitOutput(Duration.ofSeconds(2));
            return;
        }
        if (remote != null) {
            endRemote(grace);
        }
        List<ProcessHandle> all = new ArrayList<>();
        process.descendants().forEach(all::add);
        all.add(process.toHandle());
        all.forEach(ProcessHandle::destroy);
        Ended.await(all, grace); // a zombie counts as ended (Ended says why)
        for (ProcessHandle h : all) {
            if (!Ended.ended(h)) {
                h.destroyForcibly();
            }
        }
        try {
            process.waitFor(grace.toMillis() + 2_000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        awaitOutput(Duration.ofSeconds(2));
        collect();
    }

    /**
     * Closes a remote process's lifeline (its host's wrapper then sends it SIGTERM, SIGKILL later) and waits up to
     * {@code grace} for its session to end, so its exit status comes back; the local client is killed after that.
     */
    private void endRemote(Duration grace) {
        try {
            process.getOutputStream().close();
            process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (IOException e) {
            // already closed
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Brings back the files a process on another host wrote there (a no-op for a local process). */
    public void collect() {
        if (remote != null && !process.isAlive()) {
            remote.collect();
        }
    }

    /**
     * Makes {@code local}, a file of the results folder, visible to this process: a no-op here, a copy to the same
     * place in its host's run folder for a process on another host.
     */
    public void mirror(Path local) {
        if (remote != null) {
            remote.send(local);
        }
    }

    /**
     * Readies the creation of {@code local}'s counterpart on this process's host ({@link RemoteSide#arm}); null for
     * a local process, which sees {@code local} itself.
     */
    public RemoteSide.Armed arm(Path local) {
        return remote == null ? null : remote.arm(local);
    }

    /** The other-host side of this process, or null when it runs on the runner's machine. */
    public RemoteSide remote() {
        return remote;
    }

    /** Why this process is not observed on its host any more ({@link RemoteSide#observationLost}); empty here. */
    public Optional<String> observationLost() {
        return remote == null ? Optional.empty() : remote.observationLost();
    }

    /** Why this process was not observed on its host at some time in that span; empty here. */
    public Optional<String> observationLost(long fromNanos, long toNanos) {
        return remote == null ? Optional.empty() : remote.observationLost(fromNanos, toNanos);
    }

    /** A warning when its host's clock jumped in that span ({@link RemoteSide#clockJumped}); empty here. */
    public Optional<String> clockJumped(long fromNanos, long toNanos) {
        return remote == null ? Optional.empty() : remote.clockJumped(fromNanos, toNanos);
    }

    /** The suite host it runs on, null for the runner's machine. */
    public String host() {
        return remote == null ? null : remote.host();
    }

    /**
     * Its PID on the host it runs on (0 until a remote process's wrapper announced it); for a suite's own command, the
     * HotSpot JVM of its process tree when there is one ({@link #jvmPid()}), so its JIT is what is watched.
     */
    public long pidThere() {
        return remote == null ? jvmPid().orElse(pid()) : remote.pid();
    }

    /** How long a stop of this process may take: a command target's own grace, else {@code runGrace}. */
    public Duration stopGrace(Duration runGrace) {
        CommandStop own = commandStop;
        return own == null ? runGrace : own.grace();
    }

    /** Whether this is a suite's own command on a suite host ({@link #startRemoteCommand}). */
    public boolean isRemoteCommand() {
        return remoteCommand;
    }

    /** Whether this is a suite's own command, observed as a process tree ({@link #startCommand}). */
    public boolean isCommand() {
        return commandStop != null;
    }

    /**
     * The PIDs of its process tree on this machine: itself, then its descendants (a suite's command may be a script or
     * a {@code java -jar} launcher that forks); only itself for the lab's processes.
     */
    public List<Long> treePids() {
        List<Long> out = new ArrayList<>();
        out.add(process.pid());
        if (commandStop != null) {
            process.descendants().forEach(h -> out.add(h.pid()));
        }
        return out;
    }

    /**
     * The PID of the HotSpot JVM this process is: itself for the lab's JVMs; for a suite's command, the first process
     * of its tree that publishes HotSpot's performance counters ({@code /tmp/hsperfdata_<user>/<pid>}), empty when
     * none does (not a HotSpot JVM, or one started with {@code -XX:-UsePerfData}).
     */
    public java.util.Optional<Long> jvmPid() {
        if (remoteCommand) {
            return remote.jitSeen() ? java.util.Optional.of(remote.pid()) : java.util.Optional.empty();
        }
        if (commandStop == null) {
            return java.util.Optional.of(process.pid());
        }
        Long seen = jvmSeen;
        if (seen != null) { // kept once found: the counters' file goes when the JVM exits, the evidence stays
            return java.util.Optional.of(seen);
        }
        java.util.Optional<Long> found = treePids().stream().filter(dev.fluxlab.probe.HotSpotCounters::publishes)
                .findFirst();
        found.ifPresent(p -> jvmSeen = p);
        return found;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** True when the process ended without being asked to. */
    public boolean exitedOnItsOwn() {
        return !process.isAlive() && !stopRequested;
    }

    public boolean stopRequested() {
        return stopRequested;
    }

    public Integer exitCode() {
        return process.isAlive() ? null : process.exitValue();
    }

    /**
     * The exit code once the process has been reaped, waiting at most {@code bound} for that: a process whose output
     * has closed may not have been reaped yet, and reading its code at once would take it for still running. Null
     * when it is still running after the bound.
     */
    public Integer exitCodeWithin(Duration bound) throws InterruptedException {
        process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS);
        return exitCode();
    }

    /** The last {@code n} lines it printed, indented, for a message; says so when the log is empty. */
    public String lastLines(int n) {
        List<String> t = tail();
        List<String> last = t.subList(Math.max(0, t.size() - n), t.size());
        return last.isEmpty() ? "  (the log is empty)" : "  " + String.join("\n  ", last);
    }

    public Process process() {
        return process;
    }

    public long pid() {
        return process.pid();
    }

    public String role() {
        return role;
    }

    public String name() {
        return name;
    }

    public Path log() {
        return log;
    }

    /** {@link System#nanoTime()} just before the process was started (JVM uptime 0 is a few ms later). */
    public long startNanos() {
        return startNanos;
    }
}
