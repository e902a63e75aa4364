package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.MachineSpeed;
import dev.fluxlab.model.run.RepeatResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Holds the machine's own speed before each repeat against the run's typical speed. A shared VM changes speed
 * (an earlier quick run here measured 74-103k req/s on cells that gave 50-76k an hour later, with other processes
 * taking at most 0.2 cores both times); a repeat taken while the machine was slower says so, so that its figure is not
 * read as the system's.
 *
 * <p>The reference workload ({@code MachineSpeedProbe}: a fixed single-thread integer and cache workload) is timed in
 * several samples before every repeat. The baseline is the median of those speeds over the run (at least
 * {@link MachineSpeed#MIN_TYPICAL} of them: {@link MachineSpeed#typical}), else the speed measured when the run started (taken while the runner's own JVM
 * still compiles, so noisier). A repeat is flagged when its speed differs from the baseline by more than the larger of
 * {@link #MIN_DRIFT} and {@link #SPREAD_FACTOR} times the two measurements' own spread. A slower repeat can also mean
 * that a process of this run was still busy when it started (a shared target JVM still compiling), which slows the
 * next measurement just the same.
 */
public final class MachineDrift {

    /** Least change of the machine's speed that is reported, whatever the probe's own spread. */
    public static final double MIN_DRIFT = 0.05;
    /** A change counts when it exceeds this many times the larger relative spread of the two measurements. */
    public static final double SPREAD_FACTOR = 3.0;
    static final String MARK = "the machine's speed moved";

    private MachineDrift() {
    }

    /** The cells, each flagged where a repeat ran at a machine speed away from the run's typical one. */
    public static List<CellResult> flag(List<CellResult> cells, MachineSpeed runStart) {
        if (cells == null) {
            return null;
        }
        MachineSpeed atStart = MachineSpeed.typical(cells, runStart);
        if (atStart == null || !(atStart.opsPerSecond() > 0)) {
            return cells;
        }
        List<CellResult> out = new ArrayList<>();
        for (CellResult c : cells) {
            List<String> moved = c.repeats() == null ? List.of() : c.repeats().stream()
                    .filter(r -> r.speed() != null && r.speed().opsPerSecond() > 0 && drift(atStart, r.speed()) != null)
                    .map(r -> describe(r, atStart)).filter(Objects::nonNull).toList();
            boolean flagged = c.reasons() != null && c.reasons().stream().anyMatch(x -> x.contains(MARK));
            out.add(moved.isEmpty() || flagged ? c : c.withMoreReasons(List.of(String.format(Locale.ROOT,
                    "%s%s: reference workload %s against %,.0f ops/s %s: the machine, or a process of this run still "
                            + "busy, was slower or faster; compare this cell with others of the run with care",
                    Verdict.WARNING, MARK, String.join(", ", moved), atStart.opsPerSecond(),
                    atStart == runStart ? "when the run started" : "typical of the run"))));
        }
        return out;
    }

    /** The relative change from {@code a} to {@code b} when it is beyond the bound, else null. */
    static Double drift(MachineSpeed a, MachineSpeed b) {
        double change = b.opsPerSecond() / a.opsPerSecond() - 1;
        double bound = Math.max(MIN_DRIFT, SPREAD_FACTOR * Math.max(a.relativeSpread(), b.relativeSpread()));
        return Math.abs(change) > bound ? change : null;
    }

    private static String describe(RepeatResult r, MachineSpeed atStart) {
        Double d = drift(atStart, r.speed());
        return d == null ? null : String.format(Locale.ROOT, "before repeat %d at %,.0f ops/s (%+.0f %%)", r.repeat(),
                r.speed().opsPerSecond(), d * 100);
    }
}
