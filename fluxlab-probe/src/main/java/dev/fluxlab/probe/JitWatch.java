package dev.fluxlab.probe;

import dev.fluxlab.model.load.JitActivity;
import dev.fluxlab.model.load.WatchedJvm;
import dev.fluxlab.model.warmup.PendingCompiles;
import dev.fluxlab.model.warmup.WarmupPolicy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * Watches the JIT of a set of JVMs, once a second, from their {@link HotSpotCounters}: the JIT half of an automatic
 * warm-up's end ({@link #quiet()}), the per-second compile time for the timeline ({@link #lastSecond()}), and the
 * evidence a load document records ({@link #evidence()}). The first JVM is the watcher's own ({@code injector}); the
 * others are {@code target}s. A JVM whose counters cannot be read is carried along without figures, never an error.
 * Not thread-safe: one coordinating thread calls it.
 */
public final class JitWatch {

    private final List<Jvm> jvms = new ArrayList<>();
    private final LongFunction<Optional<JitSnapshot>> counters;

    /** Watches this JVM and {@code targetPids} (duplicates of this JVM's pid are ignored). */
    public JitWatch(List<Long> targetPids) {
        this(ProcessHandle.current().pid(), targetPids, HotSpotCounters::jit);
    }

    /** Watches {@code self} as the injector and {@code targetPids}, read by {@code counters} (tests feed readings). */
    JitWatch(long self, List<Long> targetPids, LongFunction<Optional<JitSnapshot>> counters) {
        this.counters = counters;
        jvms.add(new Jvm(self, WatchedJvm.INJECTOR));
        targetPids.stream().distinct().filter(p -> p != self).forEach(p -> jvms.add(new Jvm(p, WatchedJvm.TARGET)));
        tick();
    }

    /** Reads every watched JVM's counters; call once a second. */
    public void tick() {
        for (Jvm j : jvms) {
            j.read(counters);
        }
    }

    /** Per watched JVM (by pid) the compile milliseconds since the previous tick, null when none is readable. */
    public Map<String, Double> lastSecond() {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Jvm j : jvms) {
            j.lastStep().ifPresent(a -> out.put(Long.toString(j.pid), round(a.compileMs())));
        }
        return out.isEmpty() ? null : out;
    }

    /** Whether any watched JVM's counters could be read. */
    public boolean readable() {
        return jvms.stream().anyMatch(j -> !j.history.isEmpty());
    }

    /** Whether a watched target JVM's counters (not only the watcher's own) could be read. */
    public boolean targetReadable() {
        return jvms.stream().anyMatch(j -> WatchedJvm.TARGET.equals(j.role) && !j.history.isEmpty());
    }

    /**
     * Whether every readable JVM has no compile work pending: where its compiler threads' CPU is read, its queue is
     * drained ({@link PendingCompiles#drained}: below its floor in each of the last {@link PendingCompiles#DRAIN_SECONDS}
     * seconds, no invalidation); otherwise it compiled less than its floor ({@link WarmupPolicy#compileFloor(String)})
     * ms per second over the last {@link WarmupPolicy#JIT_QUIET_SECONDS} seconds. False until enough was read.
     */
    public boolean quiet() {
        boolean any = false;
        for (Jvm j : jvms) {
            if (j.history.isEmpty()) {
                continue;
            }
            double floor = WarmupPolicy.compileFloor(j.role);
            Boolean drained = PendingCompiles.drained(j.history.stream().map(JitSnapshot::pending).toList(), floor);
            if (drained != null) {
                any = true;
                if (!drained) {
                    return false;
                }
                continue;
            }
            Optional<Double> r = j.recentRate();
            if (r.isPresent()) {
                any = true;
                if (r.get() >= floor) {
                    return false;
                }
            }
        }
        return any;
    }

    /** "JVM 1234 (target) compiling 420 ms/s", the watched JVM furthest from quiet, for a warning. */
    public String loudest() {
        Jvm worst = null;
        for (Jvm j : jvms) {
            if (j.recentRate().isPresent() && (worst == null || j.recentRate().get() > worst.recentRate().get())) {
                worst = j;
            }
        }
        return worst == null ? "no JVM's counters readable"
                : String.format(java.util.Locale.ROOT, "JVM %d (%s) was compiling %.0f ms per second", worst.pid,
                worst.role, worst.recentRate().get());
    }

    /** Marks the end of warm-up: each JVM's recent compile rate is kept as evidence. */
    public void warmupEnded() {
        for (Jvm j : jvms) {
            j.warmupEndRate = j.recentRate().map(JitWatch::round).orElse(null);
        }
    }

    /** Marks the start of the measured phase (reads the counters). */
    public void measureStarted() {
        for (Jvm j : jvms) {
            j.read(counters);
            j.measureStart = j.latest();
        }
    }

    /** Marks the end of the measured phase (reads the counters). */
    public void measureEnded() {
        for (Jvm j : jvms) {
            j.read(counters);
            j.measureEnd = j.latest();
        }
    }

    /** What each watched JVM did, in watch order (injector first). */
    public List<WatchedJvm> evidence() {
        List<WatchedJvm> out = new ArrayList<>();
        for (Jvm j : jvms) {
            JitActivity measured = j.measureStart == null || j.measureEnd == null ? null
                    : j.measureEnd.since(j.measureStart).rounded();
            out.add(new WatchedJvm(j.pid, j.role, j.warmupEndRate, measured));
        }
        return out;
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }

    /** One watched JVM and its readings (the last few, enough for the quiet window). */
    private static final class Jvm {
        final long pid;
        final String role;
        final List<JitSnapshot> history = new ArrayList<>();
        Double warmupEndRate;
        JitSnapshot measureStart;
        JitSnapshot measureEnd;

        Jvm(long pid, String role) {
            this.pid = pid;
            this.role = role;
        }

        void read(LongFunction<Optional<JitSnapshot>> counters) {
            counters.apply(pid).ifPresent(s -> {
                history.add(s);
                if (history.size() > WarmupPolicy.JIT_QUIET_SECONDS + 1) {
                    history.remove(0);
                }
            });
        }

        JitSnapshot latest() {
            return history.isEmpty() ? null : history.get(history.size() - 1);
        }

        Optional<JitActivity> lastStep() {
            int n = history.size();
            return n < 2 ? Optional.empty() : Optional.of(history.get(n - 1).since(history.get(n - 2)));
        }

        /** Compile ms per second over the quiet window, once the window is full. */
        Optional<Double> recentRate() {
            int n = history.size();
            if (n < WarmupPolicy.JIT_QUIET_SECONDS + 1) {
                return Optional.empty();
            }
            return Optional.of(history.get(n - 1).since(history.get(0)).compileMsPerSecond());
        }
    }
}
