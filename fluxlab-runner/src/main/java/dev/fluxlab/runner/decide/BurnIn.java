package dev.fluxlab.runner.decide;

import dev.fluxlab.model.decide.TrialRecord;
import dev.fluxlab.model.load.LoadResult;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A trial's burn-in: rounds that load every cell as the counted ones will, but are not counted, repeated while one of
 * their windows found a watched JVM (a target, or the injector) still compiling, for up to {@value #MAX_SHARE_PERCENT} %
 * of the claim's budget ({@code decide_max}) counted from the first burn-in round.
 *
 * <p>Why: a cell's warm-up before a trial is the one its repeats had (a suite's bound of a few seconds), and a Spring
 * target needs half a minute of load to finish compiling. Seed 002's virtual-thread claim was tried on a 4096-loop
 * WebFlux target whose windows rose from 20k to 33k req/s over the first four rounds while its CPU per request fell
 * from 74 to 47 µs: the ramp, not the machine, made the log-ratios so noisy that the trial stopped as futile after 7
 * rounds. A round whose windows are all free of compilation starts the counted rounds; from then on every round counts,
 * compiling or not, so that no window is chosen after the fact.
 */
final class BurnIn {

    /** The largest share of {@code decide_max} the burn-in may take, in percent. */
    static final int MAX_SHARE_PERCENT = 33;

    private final long budgetNanos;
    private int rounds;
    private final List<String> compiling = new ArrayList<>();
    private List<String> lastCompiling = List.of();

    /** A burn-in for a trial whose budget is {@code decideMax}. */
    BurnIn(Duration decideMax) {
        this.budgetNanos = decideMax.toNanos() * MAX_SHARE_PERCENT / 100;
    }

    /** What one window of the current burn-in round measured. */
    void saw(String cellLabel, LoadResult window) {
        window.stillCompiling().forEach(s -> compiling.add(cellLabel + ": " + s));
    }

    /**
     * Ends the current burn-in round: whether another is to run, given that the burn-in has run for {@code elapsedNanos}
     * since its first round began. Target starts and the cells' own warm-ups are not counted: a trial that starts its
     * JVMs spends much of its budget's third on them (stack-ab's 90 s trials left no room for a second round).
     */
    boolean again(long elapsedNanos) {
        rounds++;
        lastCompiling = List.copyOf(compiling);
        compiling.clear();
        return !lastCompiling.isEmpty() && elapsedNanos < budgetNanos;
    }

    /** The burn-in rounds run so far. */
    int rounds() {
        return rounds;
    }

    /**
     * For the trial's record: nothing when one round sufficed; how many rounds it took to find no JVM compiling; or
     * that a JVM was still compiling when the burn-in's share of the budget was spent (the counted rounds then began on
     * a JVM still warming, and the interval carries its ramp).
     */
    Optional<String> note() {
        if (rounds <= 1 && lastCompiling.isEmpty()) {
            return Optional.empty();
        }
        if (lastCompiling.isEmpty()) {
            return Optional.of(String.format(Locale.ROOT, TrialRecord.BURN_IN_NOTE + "%d rounds, until no window "
                    + "found a watched JVM compiling", rounds));
        }
        return Optional.of(String.format(Locale.ROOT, TrialRecord.BURN_IN_NOTE + "still compiling after %d round%s "
                + "(%d %% of decide_max spent), the counted rounds began on it: %s", rounds, rounds == 1 ? "" : "s",
                MAX_SHARE_PERCENT, String.join("; ", lastCompiling)));
    }
}
