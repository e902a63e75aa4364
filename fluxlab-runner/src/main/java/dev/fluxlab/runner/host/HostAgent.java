package dev.fluxlab.runner.host;

import dev.fluxlab.runner.agent.AgentLines;
import dev.fluxlab.runner.process.RemoteReading;
import dev.fluxlab.runner.process.RemoteSide;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The runner's end of one host's {@code fluxlab agent}: started once per run over the host's shared ssh connection,
 * told which PIDs to watch, read line by line into the latest round ({@link AgentLines}). Closing it ends the agent's
 * input, and with it the agent; so does a runner that dies (the ssh session ends).
 *
 * <p>An agent whose session ends mid-run (a dropped ssh connection) is started again at the next phase boundary or
 * process start ({@link #refresh}, {@link #watch}), at most {@value #MAX_RESTARTS} times a run, and told to watch the
 * same processes; each gap is kept, so a cell measured across one says what it lacks ({@link #lost}). Past the bound
 * it stays ended and every later cell with a process there says so.
 */
public final class HostAgent implements AutoCloseable {

    static final int READY_S = 30;
    private static final Duration READY = Duration.ofSeconds(READY_S);

    /** How many times a run starts a host's agent again after its session ended. */
    static final int MAX_RESTARTS = 3;

    private final String host;
    /** The local command line of the agent's session (ssh to the host), run again for a restart. */
    private final List<String> command;
    private final Object lock = new Object();
    private final Object sending = new Object();
    private Process ssh;
    private OutputStream commands;
    /** The session being read; a reader of an earlier one ending does not end this one. */
    private int session;
    private AgentLines.Round first;
    private AgentLines.Round last;
    private boolean ended;
    private long endedAt;
    private int restarts;
    /** Each gap between a session's end and the next one's first round: {ended, restarted} in nanoTime. */
    private final List<long[]> gaps = new java.util.ArrayList<>();
    private final java.util.Set<Long> watched = new java.util.LinkedHashSet<>();
    /** The agent's last lines before its first round (at most {@link #LAST_LINES}, each cut at {@link #LINE_CHARS}). */
    private final java.util.ArrayDeque<String> lastLines = new java.util.ArrayDeque<>();
    private static final int LAST_LINES = 4;
    private static final int LINE_CHARS = 300;

    private final ClockWatch clock;
    /** The clock probe awaited ({@link #probeClock}) and its answer: the host's clock, and when it arrived here. */
    private long probeToken;
    private long probeReply = -1;
    private long probeReplyAt;
    /** How long one clock probe's answer is awaited. */
    private static final Duration PROBE_WAIT = Duration.ofMillis(500);

    private HostAgent(String host, List<String> command, Process ssh, ClockWatch clock) {
        this.host = host;
        this.command = List.copyOf(command);
        this.ssh = ssh;
        this.clock = clock;
        this.commands = ssh.getOutputStream();
        Thread.ofPlatform().daemon().name("fluxlab-agent-" + host).start(() -> read(ssh, 0));
    }

    /**
     * Starts the agent ({@code argv}: its java command line on the host; {@code name}: the host as the suite names it,
     * for messages) and waits for its first round.
     *
     * @throws HostException when it does not report within {@value #READY_S} s, naming the command to try by hand
     */
    static HostAgent start(SshHost host, String name, List<String> argv, ClockOffset measured) {
        return start(name, host.attachedCommand(argv), host.manualCommand() + " " + ShellWords.line(argv),
                measured);
    }

    /** Starts the agent through {@code command}, a local command line ({@code manual}: what to try by hand). */
    static HostAgent start(String name, List<String> command, String manual, ClockOffset measured) {
        HostAgent a;
        try {
            a = new HostAgent(name, command, new ProcessBuilder(command).redirectErrorStream(true).start(),
                    new ClockWatch(name, measured));
        } catch (IOException e) {
            throw new HostException("cannot start the OpenSSH client `ssh` (" + e.getMessage() + ")");
        }
        if (a.awaitRound(0, READY).isEmpty()) {
            boolean ended;
            List<String> said;
            synchronized (a.lock) {
                ended = a.ended;
                said = List.copyOf(a.lastLines);
            }
            a.close();
            throw new HostException(notReady(name, ended, said, manual));
        }
        return a;
    }

    /**
     * Why the agent gave no first round: it ended (with its last words: a damaged fluxlab copy on the host says
     * {@code NoClassDefFoundError}, which a timeout message had hidden behind a 5 KB command line), or it stayed
     * silent for {@value #READY_S} s (then the command to try by hand).
     */
    static String notReady(String host, boolean ended, List<String> said, String manual) {
        if (ended) {
            return "host '" + host + "': the fluxlab agent ended before its first report"
                    + (said.isEmpty() ? " without a word" : ", saying: " + String.join(" | ", said))
                    + "; if fluxlab's files there are damaged, delete the host's work_dir to ship them again";
        }
        return "host '" + host + "': the fluxlab agent did not report within " + READY.toSeconds() + " s: check `"
                + manual + "` by hand";
    }

    private void read(Process p, int gen) {
        AgentLines.Reader reader = new AgentLines.Reader();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                synchronized (lock) {
                    if (first == null) { // what it says before its first round: the reason when it ends there
                        lastLines.addLast(line.length() > LINE_CHARS ? line.substring(0, LINE_CHARS) + "..." : line);
                        if (lastLines.size() > LAST_LINES) {
                            lastLines.removeFirst();
                        }
                    }
                }
                Optional<AgentLines.ClockReply> reply = AgentLines.clockReply(line);
                if (reply.isPresent()) {
                    long at = nowMicros();
                    synchronized (lock) {
                        if (gen == session && reply.get().token() == probeToken) {
                            probeReply = reply.get().remoteMicros();
                            probeReplyAt = at;
                            lock.notifyAll();
                        }
                    }
                    continue;
                }
                Optional<AgentLines.Round> r = reader.accept(line, System.nanoTime());
                r.ifPresent(round -> {
                    if (round.remoteMicros() != null) {
                        clock.observe(round.nanos(), round.remoteMicros() - java.time.temporal.ChronoUnit.MICROS
                                .between(java.time.Instant.EPOCH, java.time.Instant.now()));
                    }
                    synchronized (lock) {
                        if (gen != session) {
                            return;
                        }
                        if (first == null) {
                            first = round;
                        }
                        last = round;
                        lock.notifyAll();
                    }
                });
            }
        } catch (IOException e) {
            // the session ended
        } finally {
            synchronized (lock) {
                if (gen == session && !ended) {
                    ended = true;
                    endedAt = System.nanoTime();
                }
                lock.notifyAll();
            }
        }
    }

    /**
     * Starts the agent again when its session has ended and the run's restarts are not spent: a new session, its
     * first round awaited (at most {@value #READY_S} s), the same processes watched. Returns whether an agent runs.
     */
    private boolean revive() {
        int gen;
        synchronized (lock) {
            if (!ended) {
                return true;
            }
            if (restarts >= MAX_RESTARTS) {
                return false;
            }
            restarts++;
        }
        ssh.destroyForcibly();
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return false;
        }
        synchronized (lock) {
            gen = ++session;
            ssh = p;
            first = null; // a new agent: its own CPU and rounds count from its first round
            last = null;
            ended = false;
        }
        synchronized (sending) {
            commands = p.getOutputStream();
        }
        Thread.ofPlatform().daemon().name("fluxlab-agent-" + host + "-" + gen).start(() -> read(p, gen));
        if (awaitRound(0, READY).isEmpty()) {
            synchronized (lock) {
                if (gen == session && !ended) {
                    ended = true;
                    endedAt = System.nanoTime();
                }
            }
            p.destroyForcibly();
            return false;
        }
        List<Long> again;
        synchronized (lock) {
            gaps.add(new long[]{endedAt, System.nanoTime()});
            again = List.copyOf(watched);
        }
        again.forEach(pid -> send(AgentLines.WATCH + " " + pid));
        return true;
    }

    /**
     * What a process on this host lacks between {@code fromNanos} and {@code toNanos} ({@link System#nanoTime()}),
     * or empty when the agent read it throughout: the agent has ended (and whether it will be started again), or it
     * ended and was started again in that span.
     */
    Optional<String> lost(long fromNanos, long toNanos) {
        synchronized (lock) {
            if (ended) {
                return Optional.of("the fluxlab agent on host '" + host + "' has ended (its ssh session dropped?)"
                        + (restarts >= MAX_RESTARTS ? " and is not started again after " + MAX_RESTARTS + " restarts"
                        : "") + ": this process's CPU, samples and JIT were not read there");
            }
            for (long[] g : gaps) {
                if (g[1] - fromNanos >= 0 && toNanos - g[0] >= 0) {
                    return Optional.of(String.format(java.util.Locale.ROOT, "the fluxlab agent on host '%s' ended "
                            + "(its ssh session dropped?) and was started again %.1f s later: this process's CPU, "
                            + "samples and JIT were not read there in between", host, (g[1] - g[0]) / 1e9));
                }
            }
            return Optional.empty();
        }
    }

    /** The local process of the agent's current session (tests drop it to stand for a dropped connection). */
    Process session() {
        synchronized (lock) {
            return ssh;
        }
    }

    /** The round after {@code seq}, waiting at most {@code max}. */
    private Optional<AgentLines.Round> awaitRound(long seq, Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        synchronized (lock) {
            while ((last == null || last.seq() <= seq) && !ended) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(lock, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            return last != null && last.seq() > seq ? Optional.of(last) : Optional.empty();
        }
    }

    private void send(String command) {
        synchronized (sending) {
            try {
                commands.write((command + "\n").getBytes(StandardCharsets.UTF_8));
                commands.flush();
            } catch (IOException e) {
                // the agent is gone; its readings stop, which the figures show
            }
        }
    }

    public String host() {
        return host;
    }

    /** Whether the agent's session has ended: nothing more is read on its host. */
    boolean ended() {
        synchronized (lock) {
            return ended;
        }
    }

    /** The host's clock as its rounds show it: the offset now, and the jumps seen ({@link ClockWatch}). */
    public ClockWatch clock() {
        return clock;
    }

    /**
     * The host's clock offset measured now over the agent's open session: {@code probes} questions ({@code clock N})
     * answered at once by the agent, each timed on this machine's wall clock, the best kept ({@link ClockOffset#best}).
     * No ssh client starts per probe, so the round trip, and with it the bound, is that of a line over an open
     * connection (under a millisecond between the namespace hosts) rather than a new session's (tens of
     * milliseconds). Empty when the agent does not answer (its session ended and is not started again).
     */
    public Optional<ClockOffset> probeClock(int probes) {
        if (!revive()) {
            return Optional.empty();
        }
        List<ClockOffset> got = new java.util.ArrayList<>();
        synchronized (probing) {
            for (int i = 0; i < probes; i++) {
                long token;
                synchronized (lock) {
                    token = ++probeToken;
                    probeReply = -1;
                }
                long sent = nowMicros();
                send(AgentLines.CLOCK + " " + token);
                long deadline = System.nanoTime() + PROBE_WAIT.toNanos();
                synchronized (lock) {
                    while (probeReply < 0 && !ended && deadline - System.nanoTime() > 0) {
                        try {
                            TimeUnit.NANOSECONDS.timedWait(lock, deadline - System.nanoTime());
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            break;
                        }
                    }
                    if (probeReply < 0) {
                        break; // no answer: what was measured so far, if anything
                    }
                    got.add(ClockOffset.probe(sent, probeReply, probeReplyAt));
                }
            }
        }
        return got.isEmpty() ? Optional.empty() : Optional.of(ClockOffset.best(got));
    }

    /** One probe at a time: their tokens and answers share one slot. */
    private final Object probing = new Object();

    private static long nowMicros() {
        return java.time.temporal.ChronoUnit.MICROS.between(java.time.Instant.EPOCH, java.time.Instant.now());
    }

    void watch(long pid) {
        synchronized (lock) {
            watched.add(pid);
        }
        revive();
        send(AgentLines.WATCH + " " + pid);
    }

    void unwatch(long pid) {
        synchronized (lock) {
            watched.remove(pid);
        }
        send(AgentLines.UNWATCH + " " + pid);
    }

    /**
     * Asks for a round now and waits for it, at most half a second; an agent whose session ended is started again
     * first, within the run's bound ({@link #revive}).
     */
    void refresh() {
        if (!revive()) {
            return;
        }
        long seq;
        synchronized (lock) {
            seq = last == null ? 0 : last.seq();
        }
        send(AgentLines.SAMPLE);
        awaitRound(seq, Duration.ofMillis(500));
    }

    /** The latest reading of {@code pid} on this host. */
    Optional<RemoteReading> reading(long pid) {
        synchronized (lock) {
            return last == null ? Optional.empty() : Optional.ofNullable(last.processes().get(pid));
        }
    }

    /** The latest whole-machine reading of this host. */
    Optional<RemoteSide.MachineAt> machine() {
        synchronized (lock) {
            return last == null || last.machine() == null ? Optional.empty()
                    : Optional.of(new RemoteSide.MachineAt(last.nanos(), last.machine()));
        }
    }

    /**
     * The agent's own CPU in cores (CPU seconds per second) from its first round to its latest, the cost of remote
     * observation on that host; empty before two rounds.
     */
    public Optional<Double> cpuCores() {
        synchronized (lock) {
            if (first == null || last == first || first.agentCpuS() == null || last.agentCpuS() == null) {
                return Optional.empty();
            }
            return Optional.of((last.agentCpuS() - first.agentCpuS()) / ((last.nanos() - first.nanos()) / 1e9));
        }
    }

    /** Ends the agent: closes its input and waits a little for the session to end. */
    @Override
    public void close() {
        synchronized (lock) {
            restarts = MAX_RESTARTS; // closing is no drop: nothing starts it again
        }
        Process ssh = session();
        try {
            synchronized (sending) {
                commands.close();
            }
        } catch (IOException ignored) {
            // already closed
        }
        try {
            if (!ssh.waitFor(5, TimeUnit.SECONDS)) {
                ssh.destroyForcibly();
            }
        } catch (InterruptedException e) {
            ssh.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
