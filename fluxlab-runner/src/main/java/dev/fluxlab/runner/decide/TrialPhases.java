package dev.fluxlab.runner.decide;

import dev.fluxlab.model.decide.TrialRecord;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.Stat;

import java.time.Duration;
import java.util.List;

/**
 * How long a trial's windows and settles are: long enough for the cells' slowest responses (their p99 in the cells'
 * repeats), within fixed bounds, so a closed load's queued work drains in the settle and a window holds several of its
 * slowest responses.
 */
final class TrialPhases {

    private TrialPhases() {
    }

    /** The measured length of a window, at least. */
    static final Duration WINDOW = dev.fluxlab.model.decide.Trial.MIN_WINDOW;
    /** The fixed, unmeasured load before each window, at least: new connections, a target idle since its last window. */
    static final Duration SETTLE = dev.fluxlab.model.decide.Trial.MIN_SETTLE;
    /** A window holds at least this many of its cells' slowest responses (their p99 in the cells' repeats). */
    static final double WINDOW_RESPONSES = 4;
    /**
     * The settle is at least this many of the slowest responses: a closed load leaves about one response time of
     * queued work in the target when its window ends (a blocked event loop here still slept through 10 s of it), which
     * the next cell's settle drains before its measurement, instead of the measurement.
     */
    static final double SETTLE_RESPONSES = 1.5;
    /** The longest window and settle: cells slower than that are judged from their repeats. */
    static final Duration MAX_WINDOW = Duration.ofSeconds(20);
    static final Duration MAX_SETTLE = Duration.ofSeconds(10);
    /** What a window job costs beyond its settle and measurement ({@link TrialRecord#JOB_OVERHEAD_SECONDS}). */
    static final Duration JOB_OVERHEAD = Duration.ofMillis(Math.round(TrialRecord.JOB_OVERHEAD_SECONDS * 1000));
    /**
     * A trial's window and settle, from its cells' slowest responses in their repeats ({@code slowest}: the largest
     * p99; null when none was measured): a window holds {@link #WINDOW_RESPONSES} of them and a settle
     * {@link #SETTLE_RESPONSES}, within the least and the longest lengths.
     */
    record Phases(Duration window, Duration settle, Duration slowest) {

        /** The rounds that fit in {@code budget} with {@code cells} windows each. */
        int rounds(int cells, Duration budget) {
            long perRound = cells * (window.toMillis() + settle.toMillis() + JOB_OVERHEAD.toMillis());
            return (int) (budget.toMillis() / perRound);
        }

        /** The least budget in which {@link ClaimTrials#MIN_ROUNDS} rounds fit. */
        Duration needs(int cells) {
            return Duration.ofMillis(ClaimTrials.MIN_ROUNDS * cells * (window.toMillis() + settle.toMillis()
                    + JOB_OVERHEAD.toMillis()));
        }
    }

    static Phases of(List<CellResult> cells) {
        double p99 = cells.stream().filter(java.util.Objects::nonNull).map(CellResult::summary)
                .filter(java.util.Objects::nonNull).map(CellSummary::latencyMs).filter(java.util.Objects::nonNull)
                .map(l -> l.get("p99")).filter(java.util.Objects::nonNull).mapToDouble(Stat::median)
                .filter(Double::isFinite).max().orElse(0);
        Duration slowest = Duration.ofMillis(Math.round(p99));
        Duration window = clamp(Duration.ofMillis(Math.round(WINDOW_RESPONSES * p99)), WINDOW, MAX_WINDOW);
        Duration settle = clamp(Duration.ofMillis(Math.round(SETTLE_RESPONSES * p99)), SETTLE, MAX_SETTLE);
        return new Phases(window, settle, slowest);
    }

    private static Duration clamp(Duration d, Duration least, Duration most) {
        return d.compareTo(least) < 0 ? least : d.compareTo(most) > 0 ? most : d;
    }

}
