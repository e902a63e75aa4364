package dev.fluxlab.runner.drive;

import dev.fluxlab.model.load.JitActivity;
import dev.fluxlab.model.load.WatchedJvm;
import dev.fluxlab.model.run.ProcessSample;
import dev.fluxlab.model.warmup.WarmupPolicy;
import dev.fluxlab.probe.HotSpotCounters;
import dev.fluxlab.probe.JitSnapshot;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.RemoteReading;
import dev.fluxlab.runner.process.RemoteSide;
import dev.fluxlab.runner.process.Sampler;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The JIT of target JVMs that no injector can watch itself because none runs on their host, judged by the runner with
 * the rule every injector applies to the JVMs it watches ({@link WarmupPolicy}): quiet once each compiled less than
 * its floor per second over the last {@link WarmupPolicy#JIT_QUIET_SECONDS} seconds, from the counters the repeat's
 * {@link Sampler} reads once a second (HotSpot's on this machine, the host's agent's for a remote target). Like an
 * injector it also records the evidence: each JVM's compile rate when the measured phase started and what it
 * compiled during it ({@link WatchedJvm}). A target whose counters are not readable is not judged (as an injector
 * carries such a JVM along).
 */
final class TargetJit {

    /** Slack for the agent's rounds, which arrive about, not exactly, a second apart. */
    private static final double SLACK_S = 0.3;

    private final Sampler sampler;
    private final List<ChildProcess> targets;
    private final Map<ChildProcess, Double> startRate = new LinkedHashMap<>();
    private final Map<ChildProcess, JitSnapshot> atStart = new LinkedHashMap<>();
    private final Map<ChildProcess, JitSnapshot> atEnd = new LinkedHashMap<>();
    private boolean started;
    private boolean ended;

    TargetJit(Sampler sampler, List<ChildProcess> targets) {
        this.sampler = sampler;
        this.targets = List.copyOf(targets);
    }

    /** Whether every readable target has compiled below its floor over the whole quiet window. */
    boolean quiet() {
        for (ChildProcess t : targets) {
            List<ProcessSample> s = readable(t);
            if (s.isEmpty()) {
                continue;
            }
            Optional<Double> r = rate(s);
            if (r.isEmpty() || r.get() >= WarmupPolicy.compileFloor(WatchedJvm.TARGET)) {
                return false;
            }
        }
        return true;
    }

    /** "JVM 1234 (target backend on host back) was compiling 420 ms per second", the target furthest from quiet. */
    String loudest() {
        ChildProcess worst = null;
        double most = -1;
        for (ChildProcess t : targets) {
            double r = rate(readable(t)).orElse(Double.NaN);
            if (!Double.isNaN(r) && r > most) {
                most = r;
                worst = t;
            }
        }
        return worst == null ? "no target's JIT counters covered the last " + WarmupPolicy.JIT_QUIET_SECONDS + " s"
                : String.format(Locale.ROOT, "JVM %d (target %s on host %s) was compiling %.0f ms per second",
                worst.pidThere(), worst.name(), worst.host() == null ? "local" : worst.host(), most);
    }

    /** At the start of the measured phase: each target's recent compile rate, and its counters now; once. */
    synchronized void measureStarted() {
        if (started) {
            return;
        }
        refresh();
        for (ChildProcess t : targets) {
            rate(readable(t)).ifPresent(r -> startRate.put(t, round(r)));
            snapshot(t).ifPresent(s -> atStart.put(t, s));
        }
        started = true;
    }

    /** At the end of the measured phase (the first injector's last progress line): each target's counters now. */
    synchronized void measureEnded() {
        if (!started || ended) {
            return;
        }
        refresh();
        for (ChildProcess t : targets) {
            snapshot(t).ifPresent(s -> atEnd.put(t, s));
        }
        ended = true;
    }

    /**
     * After the load: each target as an injector's document records a JVM it watched, its activity from the start of
     * the measured phase to its end (or to now, when the end was not seen); empty when the phase never started.
     */
    synchronized List<WatchedJvm> evidence() {
        List<WatchedJvm> out = new ArrayList<>();
        if (!started) {
            return out;
        }
        for (ChildProcess t : targets) {
            JitSnapshot start = atStart.get(t);
            Optional<JitSnapshot> last = ended ? Optional.ofNullable(atEnd.get(t)) : snapshot(t);
            JitActivity measured = start == null ? null
                    : last.map(end -> end.since(start).rounded()).orElse(null);
            out.add(new WatchedJvm(t.pidThere(), WatchedJvm.TARGET, startRate.get(t), measured));
        }
        return out;
    }

    /** A fresh round from the agent of every host a target runs on (bounded). */
    private void refresh() {
        targets.stream().map(ChildProcess::remote).filter(Objects::nonNull)
                .collect(Collectors.toMap(RemoteSide::host, r -> r, (a, b) -> a)).values()
                .forEach(RemoteSide::refresh);
    }

    /** The target's JIT counters now: HotSpot's here, its host agent's latest reading there. */
    private static Optional<JitSnapshot> snapshot(ChildProcess t) {
        if (t.remote() == null) {
            return t.jvmPid().flatMap(HotSpotCounters::jit);
        }
        Optional<RemoteReading> r = t.remote().reading();
        return r.filter(x -> x.compileMs() != null && x.compiles() != null).map(x -> new JitSnapshot(t.pidThere(),
                x.nanos(), x.compiles(), x.compileMs(), x.bailouts() == null ? 0 : x.bailouts(),
                x.invalidations() == null ? 0 : x.invalidations()));
    }

    private List<ProcessSample> readable(ChildProcess t) {
        return sampler.samples(t).stream().filter(x -> x.compileMs() != null).toList();
    }

    /** Compile ms per second from the last reading back to one at least the quiet window earlier; empty before. */
    static Optional<Double> rate(List<ProcessSample> s) {
        if (s.isEmpty()) {
            return Optional.empty();
        }
        ProcessSample last = s.getLast();
        ProcessSample from = null;
        for (ProcessSample x : s) {
            if (x.t() <= last.t() - WarmupPolicy.JIT_QUIET_SECONDS + SLACK_S) {
                from = x;
            }
        }
        return from == null || last.t() <= from.t() ? Optional.empty()
                : Optional.of((last.compileMs() - from.compileMs()) / (last.t() - from.t()));
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
