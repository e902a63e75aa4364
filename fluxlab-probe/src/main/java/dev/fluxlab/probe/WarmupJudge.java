package dev.fluxlab.probe;

import dev.fluxlab.model.warmup.ThroughputSettling;
import dev.fluxlab.model.warmup.WarmupPolicy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides, second by second, when a warm-up following a {@link WarmupPolicy} is over, for every fluxlab load driver
 * alike: a fixed warm-up at its length; {@code auto} once at least {@code min} has passed, throughput has settled
 * ({@link ThroughputSettling}) and the watched JVMs are quiet ({@link JitWatch#quiet()}), or at {@code max}. When no
 * JVM's counters can be read the JIT half is skipped and a warning says so.
 */
public final class WarmupJudge {

    private final WarmupPolicy policy;
    private final JitWatch jit;
    private final List<Double> rates = new ArrayList<>();
    private boolean settled;
    private boolean quiet;
    private boolean over;

    /** {@code jit} is ticked by the caller once a second, before {@link #second}. */
    public WarmupJudge(WarmupPolicy policy, JitWatch jit) {
        this.policy = policy;
        this.jit = jit;
    }

    /**
     * One more second of warm-up with {@code ok} verified responses, {@code elapsedNanos} after warm-up started;
     * true when warm-up may end now (an automatic one in steady state, a fixed one once its length has passed).
     */
    public boolean second(long ok, long elapsedNanos) {
        rates.add((double) ok);
        if (!policy.auto()) {
            over = elapsedNanos >= policy.fixed().toNanos();
            return over;
        }
        settled = ThroughputSettling.settled(rates);
        quiet = !jit.readable() || jit.quiet();
        over = elapsedNanos >= policy.min().toNanos() && settled && quiet;
        return over;
    }

    /** For {@code auto}: whether it ended in steady state before its bound; null for a fixed warm-up. */
    public Boolean stable() {
        return policy.auto() ? over : null;
    }

    /** For {@code auto}: whether the watched JVMs were quiet at its end; null when fixed or none was readable. */
    public Boolean jitQuiet() {
        return policy.auto() && jit.readable() ? quiet : null;
    }

    /** What the measurement should be told about this warm-up, if anything. */
    public List<String> warnings() {
        List<String> out = new ArrayList<>();
        if (!policy.auto()) {
            return out;
        }
        if (!over) {
            out.add(String.format(Locale.ROOT, "warm-up did not settle within --warmup-max %.0fs: %s when the "
                    + "measurement started", policy.max().toMillis() / 1e3,
                    settled ? jit.loudest() : "throughput was still changing"));
        }
        if (!jit.readable()) {
            out.add("no JVM's JIT counters were readable (-XX:-UsePerfData?): warm-up was judged on throughput alone");
        }
        return out;
    }

    /** The first warning, for drivers that report one line. */
    public Optional<String> warning() {
        return warnings().stream().findFirst();
    }
}
