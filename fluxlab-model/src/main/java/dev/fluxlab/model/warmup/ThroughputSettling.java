package dev.fluxlab.model.warmup;

import dev.fluxlab.model.stats.Trend;

import java.util.List;

/**
 * Whether per-second throughput has settled: the throughput half of an automatic warm-up's end (the JIT half is
 * {@link WarmupPolicy#compileFloor}). Either of two rules suffices:
 * <ul>
 *   <li>a quiet plateau: the last 3 windows within +-5% of their mean and not rising, inside a trend of the last 5
 *       windows rising at most 4% of their mean per second (at least 5 s). The trend guard is there because a
 *       slow JIT ramp pauses: Spring WebFlux on 2 cores went 12k, 13k, 16k, 17.1k, 17.1k req/s and then on to
 *       52k; three quiet seconds alone ended its warm-up at 9 s;</li>
 *   <li>no rise left: over the last 5 windows the least-squares slope is at most 2% of their mean per second.
 *       On a shared 2-core machine second-to-second noise of +-20% is common, so the first rule may never hold on
 *       a plateau; what warm-up must cut off is the JIT ramp (here 5-30% per second), which this rule still sees.</li>
 * </ul>
 * A flat throughput alone is not steady state: a JVM still compiling its hot path can hold a slow plateau for
 * seconds, which is why an automatic warm-up also waits for the JIT to go quiet.
 */
public final class ThroughputSettling {

    static final int TREND_WINDOWS = 5;
    static final double MAX_RISE_PER_SECOND = 0.02;

    private ThroughputSettling() {
    }

    /** Whether the per-second throughputs {@code rates} (oldest first) have settled. */
    public static boolean settled(List<Double> rates) {
        int n = rates.size();
        if (n < 3) {
            return false;
        }
        double a = rates.get(n - 3), b = rates.get(n - 2), c = rates.get(n - 1);
        double mean = (a + b + c) / 3;
        if (mean <= 0) {
            return false;
        }
        boolean quiet = true;
        for (double v : new double[]{a, b, c}) {
            if (Math.abs(v - mean) > 0.05 * mean) {
                quiet = false;
            }
        }
        boolean rising = a < b && b < c && (c - a) > 0.02 * mean;
        if (n < TREND_WINDOWS) {
            return false;
        }
        double trend = Trend.relativeSlope(rates.subList(n - TREND_WINDOWS, n));
        if (quiet && !rising && trend <= 2 * MAX_RISE_PER_SECOND) {
            return true;
        }
        return trend <= MAX_RISE_PER_SECOND;
    }
}
