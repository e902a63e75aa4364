package dev.fluxlab.model.run;

import dev.fluxlab.model.Durations;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How long a target process needed to reach steady state in earlier runs ({@link SteadyState}, from their
 * results.json), and whether a suite's warm-up bound leaves it that long: the evidence behind the dry run's and the
 * run's warning "warmup_max 8s is below webflux-netty's time to steady state ...".
 *
 * <p>A run counts for a process when it started that process fresh (not on JVMs kept from another cell), the same way
 * (trained or cold), and its warm-up settled: an unsettled warm-up ended at its bound says only "longer than that".
 * The time a run needed is its longest such warm-up; the process's time to steady state is the longest over its
 * {@link #RECENT_RUNS} most recent runs that count, and the suggested bound adds {@link #HEADROOM} and rounds up to
 * a whole second.
 *
 * <p>Why a warning and not a bound the run takes by itself: a suite file plans the same run on every machine and in
 * every results folder; a bound taken from the history of one folder would make a run's length and its valid cells
 * depend on what else ran there. The warning gives the {@code --set} that applies the derived bound.
 *
 * @param process   the process's name in the suite (a one-process target's: the target's)
 * @param trained   whether the counted starts were trained (from an AOT cache) or cold
 * @param seconds   its time to steady state: the longest settled warm-up over the counted runs
 * @param runs      how many earlier runs counted
 * @param suggested the bound to use: {@code seconds} plus the headroom, whole seconds
 */
public record SteadyStateBound(String process, boolean trained, double seconds, int runs, Duration suggested) {

    /** How many of the most recent runs that started the process count. */
    public static final int RECENT_RUNS = 5;
    /** The margin over the longest time seen: runs on a shared machine vary by about this much. */
    public static final double HEADROOM = 1.15;

    /**
     * The bound {@code process} (started {@code trained} or cold) needs after {@code runs}, each an earlier run's
     * steady-state rows, most recent first; empty when no run counts.
     */
    public static Optional<SteadyStateBound> of(String process, boolean trained, List<List<SteadyState>> runs) {
        List<Double> perRun = new ArrayList<>();
        for (List<SteadyState> run : runs) {
            if (perRun.size() == RECENT_RUNS) {
                break;
            }
            run.stream().filter(r -> r.process().equals(process) && r.trained() == trained
                            && Boolean.TRUE.equals(r.settled()))
                    .mapToDouble(SteadyState::seconds).max().ifPresent(perRun::add);
        }
        if (perRun.isEmpty()) {
            return Optional.empty();
        }
        double seconds = perRun.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return Optional.of(new SteadyStateBound(process, trained, seconds, perRun.size(),
                Duration.ofSeconds((long) Math.ceil(seconds * HEADROOM - 1e-9))));
    }

    /** The warning when a warm-up bounded by {@code bound} is shorter than this time to steady state. */
    public Optional<String> warning(Duration bound) {
        if (bound.toMillis() >= seconds * 1000) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "warmup_max %s is below %s's time to steady state %s (%s) in %d "
                        + "earlier run%s: the cells that start it would be measured before it settles; --set "
                        + "warmup_max=%s derives the bound from it", Durations.format(bound), process,
                seconds(seconds), trained ? "trained" : "cold", runs, runs == 1 ? "" : "s",
                Durations.format(suggested)));
    }

    private static String seconds(double s) {
        return s == Math.rint(s) ? String.format(Locale.ROOT, "%.0f s", s) : String.format(Locale.ROOT, "%.1f s", s);
    }
}
