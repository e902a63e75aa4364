package dev.fluxlab.cli;

import dev.fluxlab.model.Durations;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.Estimate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The time part of a run's plan ({@code fluxlab run}, {@code --dry-run}): each cell's {@link Estimate}, the total
 * with its bound, and what the figures assume. A cell that measures a request count ({@code requests}) has no
 * expected length, only a least and a most, and says so instead of printing one figure.
 */
final class PlanEstimate {

    private PlanEstimate() {
    }

    /**
     * One line per cell of {@code cells} ({@code (done)} when not in {@code todo}), then the totals over {@code todo};
     * {@code width} is the label column's.
     */
    static List<String> lines(Suite s, List<Cell> cells, List<Cell> todo, int width) {
        List<String> out = new ArrayList<>();
        List<Duration> estimates = Estimate.cells(s, todo);
        Duration total = Duration.ZERO;
        for (Cell c : cells) {
            boolean done = !todo.contains(c);
            Duration e = done ? Estimate.cell(s, c) : estimates.get(todo.indexOf(c));
            if (!done) {
                total = total.plus(e);
            }
            boolean byCount = Estimate.requestBounded(c);
            out.add(String.format("  %3d  %-" + width + "s  %6s%s", c.index(), c.label(),
                    (byCount ? "≥" : "") + Estimate.format(e), done ? "  (done)"
                            : byCount ? "  + measuring " + count(c.load().requests()) + " requests (each at most "
                            + Durations.format(s.measureMax()) + ")" : ""));
        }
        Duration bound = Estimate.bound(s, todo);
        long counted = todo.stream().filter(Estimate::requestBounded).count();
        out.add(String.format("estimated wall time: %s%s%s (per cell and repeat: start-up %s per target + %s injector"
                        + "%s, warm-up %s%s, measure %s, stop %s)",
                counted > 0 ? "at least " : "", Estimate.format(total),
                bound.equals(total) ? "" : ", at most " + Estimate.format(bound),
                Estimate.precise(Estimate.TARGET_STARTUP), Estimate.precise(Estimate.INJECTOR_STARTUP),
                s.sharedTargets() ? " (with fork: shared once per group of cells)" : "",
                s.autoWarmup() ? "auto ≤" : "", Durations.format(s.warmup()), measure(s, todo, counted),
                Estimate.precise(Estimate.STOP)));
        if (counted > 0) {
            out.add("  " + counted + " of " + todo.size() + " cells measure a request count, not a duration: how long "
                    + "that takes depends on the rate the cell reaches, unknown before the run, so 'at least' leaves "
                    + "those measured phases out and 'at most' counts each at its bound");
        }
        return out;
    }

    /** {@code 4s}, {@code 60,000 requests (at most 95m)}, or both when only some cells count requests. */
    private static String measure(Suite s, List<Cell> todo, long counted) {
        String duration = Durations.format(s.measure());
        if (counted == 0) {
            return duration;
        }
        String counts = String.join(" / ", todo.stream().filter(Estimate::requestBounded)
                .map(c -> c.load().requests()).distinct().sorted().map(PlanEstimate::count).toList());
        String requests = counts + " requests (at most " + Durations.format(s.measureMax()) + ")";
        return counted == todo.size() ? requests : duration + " or " + requests;
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
