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
 *
 * <p>A warm-up whose watched JVMs, a target among them, were quiet from its {@link ThroughputSettling#WARM_WINDOWS}th
 * second on (the first at which both JIT rules can judge; a target kept from the previous cell compiles a little, if
 * at all, when the new load starts) is judged as warm: its throughput may settle on that many seconds rather than a
 * cold JVM's {@link ThroughputSettling#TREND_WINDOWS}. A JVM that reads as compiling at any second since makes the
 * rest of the warm-up a cold one; with no target readable (the injector's own JVM says nothing of the target's JIT)
 * a warm-up is never judged warm.
 */
public final class WarmupJudge {

    private final WarmupPolicy policy;
    private final JitWatch jit;
    private final List<Double> rates = new ArrayList<>();
    private boolean settled;
    private boolean quiet;
    private boolean quietThroughout = true;
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
        quiet = !jit.readable() || jit.quiet();
        if (rates.size() >= ThroughputSettling.WARM_WINDOWS) {
            quietThroughout &= jit.readable() && quiet;
        }
        settled = ThroughputSettling.settled(rates, quietThroughout && jit.targetReadable());
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
                    settled ? jit.loudest() : quiet ? "throughput was still changing"
                            : "throughput was still changing and " + jit.loudest()));
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
