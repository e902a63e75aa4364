package dev.fluxlab.runner.agent;

import dev.fluxlab.probe.JitSnapshot;
import dev.fluxlab.runner.process.ProcReader;
import dev.fluxlab.runner.process.RemoteReading;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The agent's line protocol, written and read here only. Commands to the agent: {@code watch PID},
 * {@code unwatch PID}, {@code sample}, {@code clock TOKEN} (answered at once, outside any round, by
 * {@code c TOKEN MICROS}: the host's wall clock, for the runner to measure its offset over the open session). Each
 * round from the agent, numbered {@code SEQ}:
 * <pre>
 * m SEQ BUSY_S IDLE_S STEAL_S|-                          the whole machine, cumulative CPU seconds
 * p SEQ PID CPU_S RSS_MB THREADS COMPILE_MS|- COMPILES|- BAILOUTS|- INVALIDATIONS|-   one watched process
 * a SEQ CPU_S                                           the agent's own cumulative CPU
 * e SEQ                                                 end of the round
 * </pre>
 * preceded once by {@code fluxlab-agent pid=PID ticks=HZ}.
 */
public final class AgentLines {

    public static final String HELLO = "fluxlab-agent";
    public static final String WATCH = "watch";
    public static final String UNWATCH = "unwatch";
    public static final String SAMPLE = "sample";
    public static final String CLOCK = "clock";
    static final String CLOCK_REPLY = "c";
    static final String MACHINE = "m";
    static final String PROCESS = "p";
    static final String SELF = "a";
    static final String END = "e";

    private AgentLines() {
    }

    static String hello(long pid, long ticks) {
        return HELLO + " pid=" + pid + " ticks=" + ticks;
    }

    static String machine(long seq, ProcReader.MachineReading m) {
        return String.format(Locale.ROOT, "%s %d %.2f %.2f %s", MACHINE, seq, m.busyS(), m.idleS(),
                m.stealS() == null ? "-" : String.format(Locale.ROOT, "%.2f", m.stealS()));
    }

    static String process(long seq, long pid, ProcReader.Reading r, JitSnapshot jit) {
        return String.format(Locale.ROOT, "%s %d %d %.3f %.1f %d %s", PROCESS, seq, pid, r.cpuS(), r.rssMb(),
                r.threads(), jit == null ? "- - - -" : String.format(Locale.ROOT, "%.1f %d %d %d", jit.compileMs(),
                        jit.compiles(), jit.bailouts(), jit.invalidations()));
    }

    static String self(long seq, double cpuS) {
        return String.format(Locale.ROOT, "%s %d %.3f", SELF, seq, cpuS);
    }

    /** The end of round {@code seq}, with the host's wall clock in microseconds since the epoch when it ended. */
    static String end(long seq, long epochMicros) {
        return END + " " + seq + " " + epochMicros;
    }

    /** The answer to {@code clock TOKEN}: the host's wall clock in microseconds since the epoch. */
    static String clock(long token, long epochMicros) {
        return CLOCK_REPLY + " " + token + " " + epochMicros;
    }

    /** An answer to {@code clock TOKEN} as the runner reads it. */
    public record ClockReply(long token, long remoteMicros) {
    }

    /** {@code line} as an answer to {@code clock TOKEN}; empty for any other line, or a garbled one. */
    public static Optional<ClockReply> clockReply(String line) {
        String[] w = line.strip().split(" ");
        if (w.length != 3 || !w[0].equals(CLOCK_REPLY)) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ClockReply(Long.parseLong(w[1]), Long.parseLong(w[2])));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * One round as the runner assembles it from the lines, stamped with the runner's {@link System#nanoTime()} when
     * its end line arrived.
     */
    public record Round(long seq, long nanos, ProcReader.MachineReading machine, Map<Long, RemoteReading> processes,
                        Double agentCpuS, Long remoteMicros) {
    }

    /** Collects the lines of rounds; {@link #accept} returns a round once its end line is read. */
    public static final class Reader {
        private ProcReader.MachineReading machine;
        private final Map<Long, double[]> procs = new LinkedHashMap<>();
        private final Map<Long, Object[]> jit = new LinkedHashMap<>();
        private final Map<Long, Long[]> lost = new LinkedHashMap<>();
        private Double self;

        /** Feeds one line; a finished round when it was an end line. Lines it does not know are skipped. */
        public Optional<Round> accept(String line, long nanos) {
            String[] w = line.strip().split(" ");
            try {
                switch (w[0]) {
                    case MACHINE -> machine = new ProcReader.MachineReading(Double.parseDouble(w[2]),
                            Double.parseDouble(w[3]), "-".equals(w[4]) ? null : Double.parseDouble(w[4]));
                    case PROCESS -> {
                        long pid = Long.parseLong(w[2]);
                        double[] use = {Double.parseDouble(w[3]), Double.parseDouble(w[4]), Integer.parseInt(w[5])};
                        Object[] compiled = {"-".equals(w[6]) ? null : Double.valueOf(w[6]), count(w, 7)};
                        Long[] dropped = {count(w, 8), count(w, 9)};
                        // all fields parsed before any is kept, so a garbled line leaves no half of a process
                        procs.put(pid, use);
                        jit.put(pid, compiled);
                        lost.put(pid, dropped);
                    }
                    case SELF -> self = Double.parseDouble(w[2]);
                    case END -> {
                        return Optional.of(finish(Long.parseLong(w[1]), nanos, count(w, 2)));
                    }
                    default -> {
                        // the hello line, or a JVM warning on the agent's output
                    }
                }
            } catch (RuntimeException e) {
                // a garbled line is skipped, never fatal
            }
            return Optional.empty();
        }

        /** Field {@code i} as a count; null when it is {@code -} or absent. */
        private static Long count(String[] w, int i) {
            return w.length <= i || "-".equals(w[i]) ? null : Long.valueOf(w[i]);
        }

        private Round finish(long seq, long nanos, Long remoteMicros) {
            Map<Long, RemoteReading> out = new LinkedHashMap<>();
            procs.forEach((pid, v) -> out.put(pid, new RemoteReading(nanos, v[0], v[1], (int) v[2],
                    (Double) jit.get(pid)[0], (Long) jit.get(pid)[1], lost.get(pid)[0], lost.get(pid)[1])));
            Round r = new Round(seq, nanos, machine, Map.copyOf(out), self, remoteMicros);
            machine = null;
            procs.clear();
            jit.clear();
            lost.clear();
            self = null;
            return r;
        }
    }
}
