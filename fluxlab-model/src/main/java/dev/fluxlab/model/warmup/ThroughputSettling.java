package dev.fluxlab.model.warmup;

import dev.fluxlab.model.stats.Trend;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

import java.util.List;

/**
 * Whether per-second throughput has settled: the throughput half of an automatic warm-up's end (the JIT half is
 * {@link WarmupPolicy#compileFloor}). Judged on the least-squares trend of the last {@link #TREND_WINDOWS} seconds
 * (fewer while fewer were seen), relative to their mean; settled when either
 * <ul>
 *   <li>no rise is left: the slope is at most {@link #MAX_RISE_PER_SECOND} of the mean per second, or</li>
 *   <li>what rise there is, noise explains, and the seconds are precise enough to tell: the slope is at most
 *       {@link #MAX_NOISE_RISE_PER_SECOND} per second, not distinguishable from zero ({@link Trend#significant} at
 *       {@link #RISE_TEST_LEVEL}, a two-sided test whose rising half is a one-sided test of a rise at 5 %, with
 *       Student's quantile for the seconds fitted), and its upper confidence bound at the same level (slope plus that
 *       quantile times its standard error) at most {@link #MAX_HIDDEN_RISE_PER_SECOND} per second, or</li>
 *   <li>counting noise explains the rise ({@link #withinCountingNoise}): at a few responses a second the
 *       seconds' counts (the rates are responses counted in one-second windows) scatter by far more than the
 *       bounds above allow.</li>
 * </ul>
 * The test is what lets noise end a warm-up instead of prolonging it: on a shared 2-core machine per-second
 * throughput swings by +-8 % or more, which a fixed band (3 seconds within +-5 %, the rule before) can fail for many
 * seconds on a plateau. What warm-up must cut off is the JIT ramp, 5-30 % per second, which the 4 % bound holds on
 * its slope whatever the noise; a smaller rise holds the warm-up while it stands out of the noise. Noise so large
 * that a ramp of 10 % per second could hide in it settles nothing: a cold HTTP/1.1 target loaded by a client that
 * was warming up itself, on a machine under other jobs' load, went 4.1k, 6.1k, 4.4k, 5.0k, 5.4k req/s (3 %/s, not
 * significant, but its upper bound 16 %/s) and then 10.5k, 10.1k, 17.4k. Spring WebFlux on 2 cores went 12k, 13k,
 * 16k, 17.1k, 17.1k req/s and then on to 52k: its last five seconds rise 9 % per second, so its warm-up goes on
 * (three quiet seconds alone once ended it at 9 s).
 *
 * <p>A cold JVM needs {@link #TREND_WINDOWS} seconds, since a slow JIT ramp pauses as above. A warm one (the JVMs the
 * warm-up watches, a target among them, quiet from the first second both JIT rules can judge: a target kept from the
 * previous cell) has no ramp to pause and may settle on {@link #WARM_WINDOWS}; with so few seconds (one degree of
 * freedom) the upper bound is wide, so it is mostly a slope of at most 2 % per second that ends such a warm-up there.
 * A flat throughput alone is not steady state: a JVM still compiling its hot path can hold a slow plateau for
 * seconds, which is why an automatic warm-up also waits for the JIT to go quiet.
 */
public final class ThroughputSettling {

    /** Seconds a cold JVM's throughput is judged on, and the trend's length. */
    public static final int TREND_WINDOWS = 5;
    /** Seconds a warm JVM's throughput may settle on (its JIT quiet from the start). */
    public static final int WARM_WINDOWS = 3;
    /** A slope at most this share of the mean per second is no rise worth waiting for. */
    static final double MAX_RISE_PER_SECOND = 0.02;
    /** A slope at most this share of the mean per second settles when noise explains it (a JIT ramp is 5-30 %). */
    static final double MAX_NOISE_RISE_PER_SECOND = 0.04;
    /**
     * A rise whose upper confidence bound reaches this share of the mean per second may be a JIT ramp (5-30 %) that
     * noise hides: the seconds are too noisy to settle on by the test.
     */
    static final double MAX_HIDDEN_RISE_PER_SECOND = 0.10;
    /** Level of the two-sided test of a non-zero slope that tells a rise from noise (and of the upper bound). */
    static final double RISE_TEST_LEVEL = 0.10;
    /**
     * Standard normal quantile of the one-sided test of a rise against counting noise: the rising half of
     * {@link #RISE_TEST_LEVEL}, as for the test on the seconds' own scatter (1.645).
     */
    private static final double COUNT_RISE_QUANTILE = NormalDistribution.of(0, 1)
            .inverseSurvivalProbability(RISE_TEST_LEVEL / 2);

    private ThroughputSettling() {
    }

    /** Whether the per-second throughputs {@code rates} (oldest first) of a cold JVM have settled. */
    public static boolean settled(List<Double> rates) {
        return settled(rates, false);
    }

    /**
     * Whether the per-second throughputs {@code rates} (oldest first) have settled; {@code warm}: the watched JVMs'
     * JIT was quiet from the first second it could be judged, so {@link #WARM_WINDOWS} seconds may suffice.
     */
    public static boolean settled(List<Double> rates, boolean warm) {
        int n = rates.size();
        if (n < (warm ? WARM_WINDOWS : TREND_WINDOWS)) {
            return false;
        }
        Trend trend = Trend.of(rates.subList(Math.max(0, n - TREND_WINDOWS), n));
        if (trend.mean() <= 0) {
            return false;
        }
        double rise = trend.relativeSlope();
        if (rise <= MAX_RISE_PER_SECOND) {
            return true;
        }
        if (withinCountingNoise(trend)) {
            return true;
        }
        if (rise > MAX_NOISE_RISE_PER_SECOND || trend.significant(RISE_TEST_LEVEL)) {
            return false;
        }
        double t = TDistribution.of(trend.samples() - 2).inverseSurvivalProbability(RISE_TEST_LEVEL / 2);
        return (trend.slope() + t * trend.standardError()) / trend.mean() <= MAX_HIDDEN_RISE_PER_SECOND;
    }

    /**
     * The least variance of a second's count of responses around a steady rate: a whole number, one of the two next
     * to the rate by where the second's edges fall (10 or 11 at 10.4 req/s), so at most a quarter.
     */
    static final double COUNT_QUANTUM_VARIANCE = 0.25;

    /**
     * Whether counting noise explains the rise of {@code trend}, a fit of per-second response counts: its size and its
     * shape both.
     * <ul>
     *   <li>Size: the slope is within {@link #COUNT_RISE_QUANTILE} (a one-sided test at half
     *       {@link #RISE_TEST_LEVEL}) standard errors of the slope that counts scattering as Poisson counts of their
     *       mean would give. A second's count varies by the square root of its mean ({@code sqrt(n) / n} of it), so
     *       that standard error is {@code sqrt(mean / Sxx)}, {@code Sxx} the spread of the fitted seconds
     *       ({@code n (n^2 - 1) / 12}: 10 for five).</li>
     *   <li>Shape: the slope is not significant ({@link #RISE_TEST_LEVEL}, Student's quantile) against the seconds'
     *       own scatter about the line, taken as at least {@link #COUNT_QUANTUM_VARIANCE}. A smooth rise (5, 6, 7, 8,
     *       9 req/s; 100, 103, 106, 109, 112) is within Poisson noise by size, but counts that follow a line that
     *       closely do not scatter as Poisson counts: the rise is real.</li>
     * </ul>
     * Judged on {@link #TREND_WINDOWS} seconds only: on a warm JVM's three (one degree of freedom) the shape cannot be
     * told (5, 6, 7 req/s passes both), so a warm-up at a low rate waits the five seconds of a cold one.
     *
     * <p>Why: the other branches ask a rise of at most 2-4 % of the mean per second, which is one response a second at
     * 10 req/s: a steady 10 req/s counts 10, 10, 10, 11, 11 by where the seconds' edges fall, a slope of 3 % per
     * second whose seconds scatter too little for the test to pass the upper bound, and so such a warm-up ran to its
     * bound. Counting noise is what such a series can resolve at all: at 10 req/s a rise is told from it by size from
     * about 16 % per second on, at 100 req/s from 5 %, and from about 700 req/s on the size bound is below the 2 % the
     * first branch settles anyway, so it changes nothing for the usual loads. A real ramp at a low rate (1, 10, 9, 10,
     * 10, as webflux-netty's 06-common-pool began; 2, 4, 6, 8, 10) stands clear of it. The JIT half of the warm-up
     * still holds a warm-up whose JVM compiles, whatever its rate.
     */
    static boolean withinCountingNoise(Trend trend) {
        int n = trend.samples();
        if (trend.mean() <= 0 || n < TREND_WINDOWS) {
            return false;
        }
        double sxx = n * ((double) n * n - 1) / 12;
        if (trend.slope() > COUNT_RISE_QUANTILE * Math.sqrt(trend.mean() / sxx)) {
            return false;
        }
        double scatter = Math.max(trend.standardError() * trend.standardError() * sxx, COUNT_QUANTUM_VARIANCE);
        double t = TDistribution.of(n - 2).inverseSurvivalProbability(RISE_TEST_LEVEL / 2);
        return Math.abs(trend.slope()) < t * Math.sqrt(scatter / sxx);
    }
}
