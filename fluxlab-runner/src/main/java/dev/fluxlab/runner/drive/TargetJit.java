package dev.fluxlab.runner.drive;

import dev.fluxlab.model.load.WatchedJvm;
import dev.fluxlab.model.run.ProcessSample;
import dev.fluxlab.model.warmup.WarmupPolicy;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.Sampler;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The JIT of target JVMs that no injector can watch itself because none runs on their host, judged by the runner with
 * the rule every injector applies to the JVMs it watches ({@link WarmupPolicy}): quiet once each compiled less than
 * its floor per second over the last {@link WarmupPolicy#JIT_QUIET_SECONDS} seconds. The counters are the ones the
 * repeat's {@link Sampler} reads once a second: HotSpot's on this machine, the host's agent's for a remote target. A
 * target whose counters are not readable is not judged (as an injector carries such a JVM along).
 *
 * @param sampler the repeat's sampler
 * @param targets the targets to judge
 */
record TargetJit(Sampler sampler, List<ChildProcess> targets) {

    /** Slack for the agent's rounds, which arrive about, not exactly, a second apart. */
    private static final double SLACK_S = 0.3;

    TargetJit {
        targets = List.copyOf(targets);
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
}
