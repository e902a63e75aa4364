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
 */
public final class HostAgent implements AutoCloseable {

    static final int READY_S = 30;
    private static final Duration READY = Duration.ofSeconds(READY_S);

    private final String host;
    private final Process ssh;
    private final OutputStream commands;
    private final Object lock = new Object();
    private AgentLines.Round first;
    private AgentLines.Round last;
    private boolean ended;
    /** The agent's last lines before its first round (at most {@link #LAST_LINES}, each cut at {@link #LINE_CHARS}). */
    private final java.util.ArrayDeque<String> lastLines = new java.util.ArrayDeque<>();
    private static final int LAST_LINES = 4;
    private static final int LINE_CHARS = 300;

    private final ClockWatch clock;

    private HostAgent(String host, Process ssh, ClockWatch clock) {
        this.host = host;
        this.ssh = ssh;
        this.clock = clock;
        this.commands = ssh.getOutputStream();
        Thread.ofPlatform().daemon().name("fluxlab-agent-" + host).start(this::read);
    }

    /**
     * Starts the agent ({@code argv}: its java command line on the host) and waits for its first round.
     *
     * @throws HostException when it does not report within {@value #READY_S} s, naming the command to try by hand
     */
    static HostAgent start(SshHost host, List<String> argv, ClockOffset measured) {
        ProcessBuilder pb = new ProcessBuilder(host.attachedCommand(argv)).redirectErrorStream(true);
        HostAgent a;
        try {
            a = new HostAgent(host.name(), pb.start(), new ClockWatch(host.name(), measured));
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
            throw new HostException(notReady(host.name(), ended, said, host.manualCommand() + " " + ShellWords.line(argv)));
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

    private void read() {
        AgentLines.Reader reader = new AgentLines.Reader();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(ssh.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                synchronized (lock) {
                    if (first == null) { // what it says before its first round: the reason when it ends there
                        lastLines.addLast(line.length() > LINE_CHARS ? line.substring(0, LINE_CHARS) + "..." : line);
                        if (lastLines.size() > LAST_LINES) {
                            lastLines.removeFirst();
                        }
                    }
                }
                Optional<AgentLines.Round> r = reader.accept(line, System.nanoTime());
                r.ifPresent(round -> {
                    if (round.remoteMicros() != null) {
                        clock.observe(round.nanos(), round.remoteMicros() - java.time.temporal.ChronoUnit.MICROS
                                .between(java.time.Instant.EPOCH, java.time.Instant.now()));
                    }
                    synchronized (lock) {
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
                ended = true;
                lock.notifyAll();
            }
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
        synchronized (commands) {
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

    void watch(long pid) {
        send(AgentLines.WATCH + " " + pid);
    }

    void unwatch(long pid) {
        send(AgentLines.UNWATCH + " " + pid);
    }

    /** Asks for a round now and waits for it, at most half a second. */
    void refresh() {
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
        try {
            commands.close();
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
