package dev.fluxlab.model.theory;

import java.util.Locale;
import java.util.Optional;

/**
 * A throughput at the ceiling its blocking placement allows ({@link Theory}: threads / sleep): evidence that the JIT
 * did not hold it down. A JVM still compiling can only serve fewer requests than it will warm, never more (the
 * reasoning of {@code claim.ColdBound}), and a blocking endpoint cannot serve more than its threads divided by the
 * sleep however warm; so a measured throughput at {@code ratio} of that ceiling is at most {@code 1 - ratio} below its
 * warm value. A compile seen in such a cell's warm-up or measured phase, or a warm-up that had not settled, then says
 * nothing about its throughput, and the cell is not counted cold for it.
 *
 * <p>Only throughput is vouched for. Latency and CPU per request are not: a compiling JVM answers the requests it does
 * serve a little later (code still interpreted, compiler threads taking a core), which in a closed model shows as a
 * throughput below the ceiling but, in its tail percentiles and in an open model, can show in latency alone; and
 * compiling costs CPU whatever the throughput. A claim on those figures keeps treating such a cell as cold.
 *
 * @param measuredRps the measured throughput
 * @param ceilingRps  the throughput theory allows the cell's placement
 */
public record TheoryCeiling(double measuredRps, double ceilingRps) {

    /**
     * The least share of its ceiling at which a throughput counts as at it: 0.97. It covers what keeps a warm blocking
     * cell just below threads / sleep without any JIT in it, and stays small enough to mean something:
     * <ul>
     *   <li>the window's own noise: a 3 s window of a 100 ms sleep counts whole rounds of its threads, and the
     *       requests in flight at its two edges are counted or not by where the edges fall, up to a round's worth,
     *       a few percent of the count; each request also spends its way through the stack, and the client its round
     *       trip, on top of the sleep. The cells of s3's webflux-schedulers run with no JIT warning measured 0.981
     *       (virtual-thread placements) to 1.000 (pools) of their ceilings, so the band must reach below 0.98;</li>
     *   <li>the comparisons it serves: 3 % is the noise band a claim grants a single repeat
     *       ({@code NoiseBand.SINGLE_REPEAT_FLOOR}), and a claim still checks such a cell across the at most 3 % the
     *       JIT can have taken ({@code claim.ColdBound}), so only a verdict that close to its threshold is left
     *       inconclusive by it.</li>
     * </ul>
     * Below it, one response of the window is allowed besides ({@link #of}): at a few responses a second that is more
     * than 3 %, and no count can be finer. A throughput more than as far above its ceiling (by {@code 1 / MIN_SHARE}) is no evidence: the theory is then
     * wrong for that cell (a bursty event loop that flushes queued answers at once) and bounds nothing.
     */
    public static final double MIN_SHARE = 0.97;

    /**
     * The ceiling evidence when {@code measuredRps}, measured over {@code windowS} seconds, lies within
     * {@link #MIN_SHARE} of {@code ceilingRps} (below it, or above it by no more than the same share), or below that
     * by no more than one response of the window ({@code 1 / windowS} req/s: a count cannot be finer, and at 10 req/s
     * a 3 s window that lost its last response to an edge reads 0.967); empty when either figure is unknown (null,
     * NaN, not above 0) or the throughput is farther from the ceiling. A window of unknown length gives no such
     * allowance.
     */
    public static Optional<TheoryCeiling> of(Double measuredRps, Double ceilingRps, double windowS) {
        if (measuredRps == null || ceilingRps == null || !(measuredRps > 0) || !(ceilingRps > 0)) {
            return Optional.empty();
        }
        double oneResponse = windowS > 0 ? 1 / windowS : 0;
        boolean near = measuredRps >= MIN_SHARE * ceilingRps - oneResponse && measuredRps <= ceilingRps / MIN_SHARE;
        return near ? Optional.of(new TheoryCeiling(measuredRps, ceilingRps)) : Optional.empty();
    }

    /** {@link #of(Double, Double, double)} against a cell's theory (may be null). */
    public static Optional<TheoryCeiling> of(Double measuredRps, TheoryResult theory, double windowS) {
        return theory == null ? Optional.empty() : of(measuredRps, theory.predictedRps(), windowS);
    }

    /** Measured / ceiling. */
    public double ratio() {
        return measuredRps / ceilingRps;
    }

    /**
     * Why the JIT cannot have mattered to the throughput, to follow what was seen ("measured while JVM 1234 (target)
     * was still compiling (...)"): {@code but throughput is at 98.6 % of the 2,000 req/s its placement allows: the JIT
     * cannot have lowered it by more than 1.4 % (its latency and CPU figures are not covered)}.
     */
    public String why() {
        double pct = ratio() * 100;
        String bound = pct >= 99.95 ? "the JIT cannot have lowered it"
                : String.format(Locale.ROOT, "the JIT cannot have lowered it by more than %.1f %%", 100 - pct);
        return String.format(Locale.ROOT, "but throughput is at %.1f %% of the %s req/s its placement allows: %s "
                + "(its latency and CPU figures are not covered)", pct, rps(ceilingRps), bound);
    }

    private static String rps(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%,.1f", v);
    }
}
