package dev.fluxlab.model.warmup;

import dev.fluxlab.model.Durations;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * How long the unrecorded warm-up before a measured phase lasts: the one meaning of {@code warmup} for a suite,
 * {@code fluxlab load} and {@code serve httpclient-loader}, with the one set of defaults.
 *
 * <p>{@code auto} (the default) warms up until the JVMs are in steady state: per-second throughput has settled
 * ({@link ThroughputSettling}) AND every watched JVM has stopped compiling (its JIT compile time grew by less than
 * its floor over the last {@link #JIT_QUIET_SECONDS} seconds: {@link #COMPILE_FLOOR_MS_PER_S} ms per second for a
 * target, {@link #INJECTOR_COMPILE_FLOOR_MS_PER_S} for the injector's own JVM, {@link #compileFloor}; where its
 * compiler threads' CPU can be read, its compile queue is empty instead: {@link PendingCompiles}), no sooner than
 * {@code min} and no later than {@code max}. A fixed warm-up runs for its length whatever happens.
 *
 * @param auto  whether the warm-up ends on steady state rather than after a fixed time
 * @param fixed the length of a fixed warm-up (for {@code auto}: equal to {@code max})
 * @param min   least length of an automatic warm-up (zero: none)
 * @param max   bound of an automatic warm-up
 */
public record WarmupPolicy(boolean auto, Duration fixed, Duration min, Duration max) {

    /** The spelling of an automatic warm-up in suites and on command lines; also the default warm-up. */
    public static final String AUTO = "auto";
    /** The bound of an automatic warm-up unless told otherwise, as written (command-line defaults need a constant). */
    public static final String DEFAULT_MAX_TEXT = "30s";
    /** The least automatic warm-up unless told otherwise, as written. */
    public static final String DEFAULT_MIN_TEXT = "0s";
    /** {@link #DEFAULT_MAX_TEXT} as a duration. */
    public static final Duration DEFAULT_MAX = Durations.parse(DEFAULT_MAX_TEXT);
    /** {@link #DEFAULT_MIN_TEXT} as a duration. */
    public static final Duration DEFAULT_MIN = Durations.parse(DEFAULT_MIN_TEXT);
    /** {@code auto}, between {@link #DEFAULT_MIN} and {@link #DEFAULT_MAX}. */
    public static final WarmupPolicy DEFAULT = auto(DEFAULT_MIN, DEFAULT_MAX);

    /**
     * A JVM compiling less than this many milliseconds per second has stopped compiling for warm-up's purposes.
     * Measured with {@code jstat -compiler} on a fresh {@code serve reactor-netty --protocol h2c} under {@code load} on
     * this lab's quiet 2-core VM: while throughput ramped (10k to 100k req/s over 15-20 s) its compile time grew by about
     * 1000 ms per second; once on the plateau by about 20 ms per second (17.2 to 17.3 s over 5 s). 50 sits above that
     * quiet rate and far below the ramp. The counter sums the compiler threads' elapsed time and is booked when a
     * compilation ends: a busy machine inflates it (the rule then warms longer, never shorter) and one long C2
     * compilation shows as a burst, which the {@link #JIT_QUIET_SECONDS} window absorbs.
     */
    public static final double COMPILE_FLOOR_MS_PER_S = 50;
    /**
     * The floor for the injector's own JVM: 250 ms of compile time per second, a quarter of a core. What is measured
     * is the target's steady state; the injector's JIT matters only through the CPU it takes from the target on a
     * shared machine (which the injector and machine CPU figures show anyway). A fresh injector's compile tail when
     * the warm-up ends is small on the quick suite (median 16 ms/s, at most 98, over 32 repeats), but 166-245 ms/s on a
     * one-CPU lab host it shares with the backend, where the target's floor would add tens of seconds to a cell for a
     * JIT that then compiled 18-65 ms/s while measured. (Before the injector stopped deoptimising at the measured
     * phase's start, see the loadgen's {@code LoopStats}, it compiled ~100 ms/s in every measured phase whatever its
     * warm-up had been.)
     */
    public static final double INJECTOR_COMPILE_FLOOR_MS_PER_S = 250;

    /** The compile-rate floor of a JVM in {@code role} ({@code injector} or {@code target}). */
    public static double compileFloor(String role) {
        return "injector".equals(role) ? INJECTOR_COMPILE_FLOOR_MS_PER_S : COMPILE_FLOOR_MS_PER_S;
    }
    /** Over how many of the last seconds the compile rate must stay below its floor ({@link #compileFloor}). */
    public static final int JIT_QUIET_SECONDS = 3;

    public WarmupPolicy {
        Objects.requireNonNull(fixed, "fixed");
        Objects.requireNonNull(min, "min");
        Objects.requireNonNull(max, "max");
    }

    /** An automatic warm-up between {@code min} and {@code max}. */
    public static WarmupPolicy auto(Duration min, Duration max) {
        return new WarmupPolicy(true, max, min, max);
    }

    /** A warm-up of exactly {@code length} (zero: none). */
    public static WarmupPolicy fixed(Duration length) {
        return new WarmupPolicy(false, length, Duration.ZERO, length);
    }

    /**
     * {@code warmup} ({@link #AUTO} or a duration, null for the default), with {@code min} and {@code max} (null for
     * the defaults) for {@code auto}.
     *
     * @throws IllegalArgumentException naming the value that is not a duration
     */
    public static WarmupPolicy parse(String warmup, String min, String max) {
        Duration lo = min == null ? DEFAULT_MIN : Durations.parse(min);
        Duration hi = max == null ? DEFAULT_MAX : Durations.parse(max);
        if (warmup == null || warmup.trim().toLowerCase(Locale.ROOT).equals(AUTO)) {
            return auto(lo, hi);
        }
        return fixed(Durations.parse(warmup));
    }

    /** The longest this warm-up can last: {@code max} for {@code auto}, else its fixed length. */
    public Duration bound() {
        return auto ? max : fixed;
    }

    /** {@code auto} or the fixed length, as a suite or command line spells it. */
    public String spelling() {
        return auto ? AUTO : Durations.format(fixed);
    }
}
