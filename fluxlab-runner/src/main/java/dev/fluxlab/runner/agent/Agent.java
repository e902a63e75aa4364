package dev.fluxlab.runner.agent;

import dev.fluxlab.probe.HotSpotCounters;
import dev.fluxlab.runner.process.ProcReader;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The observation agent ({@code fluxlab agent}) that runs on each suite host: it reads {@code /proc} there like the
 * runner's {@code Sampler} does locally (each watched process's CPU, RSS, threads and JIT counters, summed over its
 * process tree as for a local command target; the whole
 * machine's busy, idle and steal CPU; its own CPU) once per period, and on request, and writes each round as lines on
 * standard output, which the runner reads through the ssh session ({@link AgentLines} is the protocol).
 *
 * <p>Its standard input is both the command channel ({@code watch PID}, {@code unwatch PID}, {@code sample},
 * {@code clock TOKEN}) and its
 * lifeline: at end of input (the runner closed it, died, or the connection dropped) the agent exits.
 */
public final class Agent {

    private final PrintStream out;
    private final Set<Long> watched = new ConcurrentSkipListSet<>();
    private final long self = ProcessHandle.current().pid();
    private long seq;

    Agent(PrintStream out) {
        this.out = out;
    }

    /** Runs until {@code in} ends; returns the exit status (0). */
    public static int run(InputStream in, PrintStream out, Duration period) throws IOException {
        Agent agent = new Agent(out);
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r ->
                Thread.ofPlatform().daemon().name("fluxlab-agent").unstarted(r));
        try {
            out.println(AgentLines.hello(agent.self, ProcReader.clockTicks()));
            out.flush();
            timer.scheduleAtFixedRate(agent::round, 0, period.toMillis(), TimeUnit.MILLISECONDS);
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                agent.command(line.strip());
            }
            return 0;
        } finally {
            timer.shutdownNow();
        }
    }

    void command(String line) {
        String[] w = line.split("\\s+");
        switch (w[0]) {
            case AgentLines.WATCH -> pid(w).ifPresent(watched::add);
            case AgentLines.UNWATCH -> pid(w).ifPresent(watched::remove);
            case AgentLines.SAMPLE -> round();
            case AgentLines.CLOCK -> {
                if (w.length == 2) {
                    clock(w[1]);
                }
            }
            default -> {
                // unknown commands are ignored: a newer runner may send more
            }
        }
    }

    private static Optional<Long> pid(String[] w) {
        try {
            return w.length == 2 ? Optional.of(Long.parseLong(w[1])) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * Answers a clock probe at once with the host's wall clock, not waiting for a round (which reads /proc first): the
     * shorter the time between the runner's question and this line, the tighter the offset it measures.
     */
    private void clock(String token) {
        try {
            long t = Long.parseLong(token);
            out.println(AgentLines.clock(t, java.time.temporal.ChronoUnit.MICROS.between(java.time.Instant.EPOCH,
                    java.time.Instant.now())));
            out.flush();
        } catch (NumberFormatException e) {
            // not a probe of this runner's
        }
    }

    /**
     * {@code pid} and its descendants, root first: a watched process is read as its tree (a suite's own command may be
     * a launcher script that forks its JVM; a lab JVM has no children, so it reads as before), its JIT counters those
     * of the first process of the tree that publishes them.
     */
    static java.util.List<Long> tree(long pid) {
        java.util.List<Long> out = new java.util.ArrayList<>();
        out.add(pid);
        ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(d -> out.add(d.pid())));
        return out;
    }

    /** One round: the machine, each watched process still there, the agent itself, then the end marker. */
    synchronized void round() {
        long s = ++seq;
        ProcReader.readMachine().ifPresent(m -> out.println(AgentLines.machine(s, m)));
        for (long pid : watched) {
            java.util.List<Long> tree = tree(pid);
            Optional<ProcReader.Reading> r = ProcReader.readTree(tree);
            if (r.isEmpty()) {
                continue;
            }
            out.println(AgentLines.process(s, pid, r.get(), tree.stream().map(HotSpotCounters::jit)
                    .flatMap(Optional::stream).findFirst().orElse(null)));
        }
        ProcReader.read(self).ifPresent(r -> out.println(AgentLines.self(s, r.cpuS())));
        out.println(AgentLines.end(s, java.time.temporal.ChronoUnit.MICROS.between(java.time.Instant.EPOCH,
                java.time.Instant.now())));
        out.flush();
    }
}
