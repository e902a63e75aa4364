package dev.fluxlab.model.decide;

import java.util.List;

/**
 * One claim's interleaved trial as results.json keeps it ({@code trials}): the plan it ran under and every window it
 * measured, so that any reader ({@code fluxlab report}, {@code compare}, a test) recomputes the verdict with
 * {@link Trial#recompute} instead of trusting a recorded one. A claim that could not be interleaved has a record
 * too, without windows, whose {@code ended} says why (its verdict then comes from the cells' own repeats).
 *
 * @param claim         the claim's title, as in the suite
 * @param figure        the figure compared ({@link WindowFigure#key()})
 * @param cells         the compared cells' ids, in the claim's order
 * @param windowSeconds the measured length of each window
 * @param settleSeconds the fixed, unmeasured load before each window (new connections, a target idle since its last
 *                      window)
 * @param plan          the sequential plan (rounds, error rate)
 * @param seed          the seed of the rounds' random orders
 * @param windows       every window measured, in the order measured
 * @param ended         why the trial ended: {@link #DECIDED}, {@link #BUDGET}, {@link #FUTILE}, {@link #INTERRUPTED}, or a problem in
 *                      words (a target that exited, a failed window), or why it did not run
 * @param seconds       the trial's wall time, warm-up and start included
 * @param warmups       per cell, what its warm-up in the trial said when it ended still compiling (empty: settled),
 *                      and the burn-in's when it took more than one round ("burn-in: ...")
 * @param method        how its rounds loaded the cells ({@link DecideMethod#key()}); null (results written before
 *                      the method was recorded) reads as {@code alternate}
 * @param methodNote    why the trial alternated although the suite asked for {@code duet}; null otherwise
 */
public record TrialRecord(String claim, String figure, List<String> cells, double windowSeconds, double settleSeconds,
                          Trial.Plan plan, long seed, List<Window> windows, String ended, double seconds,
                          List<String> warmups, String method, String methodNote) {

    /** How a note of {@link #warmups} about the trial's burn-in rounds begins. */
    public static final String BURN_IN_NOTE = "burn-in: ";
    /** The trial ended because its claim was decided. */
    public static final String DECIDED = "decided";
    /** The trial ended because its time budget ({@code decide_max}) or its rounds were spent. */
    public static final String BUDGET = "budget spent";
    /** The trial stopped early: at the noise seen, deciding would take far more rounds than planned. */
    public static final String FUTILE = "stopped early: at the noise seen, deciding would take far more rounds than "
            + "decide_max allows";
    /** The trial ended because the run was interrupted. */
    public static final String INTERRUPTED = "interrupted";
    /** What a window costs beyond its settle and measurement (the injector's job start and end), measured here. */
    public static final double JOB_OVERHEAD_SECONDS = 0.3;

    public TrialRecord {
        cells = cells == null ? List.of() : List.copyOf(cells);
        windows = windows == null ? List.of() : List.copyOf(windows);
        warmups = warmups == null ? List.of() : List.copyOf(warmups);
        if (method != null && DecideMethod.byKey(method).isEmpty()) {
            throw new IllegalArgumentException("unknown trial method '" + method + "'; accepted: "
                    + String.join(", ", DecideMethod.keys()));
        }
    }

    /** An alternated trial, as recorded before the method was. */
    public TrialRecord(String claim, String figure, List<String> cells, double windowSeconds, double settleSeconds,
                       Trial.Plan plan, long seed, List<Window> windows, String ended, double seconds,
                       List<String> warmups) {
        this(claim, figure, cells, windowSeconds, settleSeconds, plan, seed, windows, ended, seconds, warmups, null,
                null);
    }

    /** This record, its rounds having loaded the cells by {@code m} ({@code note}: why not by duet; null if none). */
    public TrialRecord withMethod(DecideMethod m, String note) {
        return new TrialRecord(claim, figure, cells, windowSeconds, settleSeconds, plan, seed, windows, ended, seconds,
                warmups, m.key(), note);
    }

    /** How its rounds loaded the cells: {@link DecideMethod#ALTERNATE} when not recorded. */
    public DecideMethod decideMethod() {
        return method == null ? DecideMethod.ALTERNATE : DecideMethod.byKey(method).orElseThrow();
    }

    /** A claim that was not interleaved, and why (e.g. a cell driven by an external tool). */
    public static TrialRecord notRun(String claim, String figure, List<String> cells, String why) {
        return new TrialRecord(claim, figure, cells, 0, 0, null, 0, List.of(), why, 0, List.of());
    }

    /**
     * The wall time of one round: every cell's settle, window and job overhead when alternated, one of them under
     * duet ({@link DecideMethod#windowsPerRound}).
     */
    public double secondsPerRound() {
        return decideMethod().windowsPerRound(cells.size()) * (windowSeconds + settleSeconds + JOB_OVERHEAD_SECONDS);
    }

    /** Whether the trial measured anything to judge. */
    public boolean measured() {
        return plan != null && !windows.isEmpty();
    }
}
