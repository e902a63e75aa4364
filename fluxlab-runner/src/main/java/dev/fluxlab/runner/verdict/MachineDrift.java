package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.MachineSpeed;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.SpeedResponse;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Holds the machine's own speed before each repeat against the run's typical speed. A shared VM changes speed
 * (an earlier quick run here measured 74-103k req/s on cells that gave 50-76k an hour later, with other processes
 * taking at most 0.2 cores both times); a repeat taken while the machine was slower says so, so that its figure is not
 * read as the system's.
 *
 * <p>The reference workload ({@code MachineSpeedProbe}: a fixed single-thread integer and cache workload) is timed in
 * several samples before every repeat. The baseline is the median of those speeds over the run (at least
 * {@link MachineSpeed#MIN_TYPICAL} of them: {@link MachineSpeed#typical}), else the speed measured when the run
 * started (taken while the runner's own JVM still compiles, so noisier). A repeat is flagged when its speed differs
 * from the baseline by more than the larger of {@link #MIN_DRIFT} and {@link #SPREAD_FACTOR} times the two
 * measurements' own spread. A slower repeat can also mean
 * that a process of this run was still busy when it started (a shared target JVM still compiling), which slows the
 * next measurement just the same.
 *
 * <p>The reference must earn its warnings: they are written only when the run's own pairs of repeats show throughput
 * moving with it ({@link SpeedResponse#inStep}). On this lab's VM it never did (slopes -0.22 ± 0.19 and 0.05 ± 0.23
 * over two A/A quick runs' 16 pairs), and 3 of the 4 warnings of a fresh quick run were this one, each advising care
 * for a move the figures did not follow; a run of single repeats has no pairs to show it, and gets none either. The
 * speeds stay in results.json for {@code compare}. Decided claims need no such warning: their interleaved trials
 * put the machine's moves on both sides of every ratio.
 */
public final class MachineDrift {

    /** Least change of the machine's speed that is reported, whatever the probe's own spread. */
    public static final double MIN_DRIFT = 0.05;
    /** A change counts when it exceeds this many times the larger relative spread of the two measurements. */
    public static final double SPREAD_FACTOR = 3.0;
    static final String MARK = "the machine's speed moved";
    static final String RAMP_MARK = "the machine changed speed during a ramp";

    private MachineDrift() {
    }

    /**
     * The cells, each flagged where a repeat ran at a machine speed away from the run's typical one, and where a
     * repeat whose throughput kept rising or falling ({@link Verdict#drift}) ran while the machine changed speed.
     */
    public static List<CellResult> flag(List<CellResult> cells, MachineSpeed runStart) {
        return flag(cells, runStart, SpeedResponse.of(cells));
    }

    /** {@link #flag(List, MachineSpeed)} with the run's evidence {@code response} (null: none) given. */
    static List<CellResult> flag(List<CellResult> cells, MachineSpeed runStart, SpeedResponse response) {
        if (cells == null) {
            return null;
        }
        if (response == null || !response.inStep()) {
            return cells; // the reference is not shown to move this run's figures: a warning from it would cry wolf
        }
        cells = attributeRamps(cells);
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
                            + "busy, was slower or faster, and this run's pairs of repeats show its throughput moving "
                            + "with the machine; compare this cell with others of the run with care",
                    Verdict.WARNING, MARK, String.join(", ", moved), atStart.opsPerSecond(),
                    atStart == runStart ? "when the run started" : "typical of the run"))));
        }
        return out;
    }

    /**
     * A repeat measured on a ramp whose machine changed speed while it ran: the reference workload read one speed
     * before it and another before the next repeat of the run (in time). The ramp warning advises a longer warm-up;
     * this one names the machine. Only ramps are attributed: this VM's speed moved between one repeat and the next in
     * a third of the repeats of some runs, most without a visible trend. Seen on 2026-11-24: a cold cell went 75.5k ->
     * 91.8k req/s measured with the workload reading 261 M before it and 318 M after; a warm one 66.0k -> 81.0k with
     * 308 M before and 264 M after (the direction need not match: the workload is single-threaded, the load is not);
     * a third ramp, 87.8k -> 75.0k between 314 M and 262 M, stayed unattributed, the first reading's own spread (6 %)
     * being too wide.
     */
    static List<CellResult> attributeRamps(List<CellResult> cells) {
        record Timed(Instant at, CellResult cell, RepeatResult repeat) {
        }
        List<Timed> timed = new ArrayList<>();
        for (CellResult c : cells) {
            for (RepeatResult r : c.repeats() == null ? List.<RepeatResult>of() : c.repeats()) {
                Instant at = instant(r.speed());
                if (at != null) {
                    timed.add(new Timed(at, c, r));
                }
            }
        }
        timed.sort(Comparator.comparing(Timed::at));
        Map<CellResult, List<String>> added = new IdentityHashMap<>();
        for (int i = 0; i + 1 < timed.size(); i++) {
            RepeatResult r = timed.get(i).repeat();
            MachineSpeed before = r.speed();
            MachineSpeed after = timed.get(i + 1).repeat().speed();
            boolean ramp = r.reasons() != null && r.reasons().stream().anyMatch(Verdict::isRamp);
            Double change = ramp ? drift(before, after) : null;
            if (change != null) {
                added.computeIfAbsent(timed.get(i).cell(), k -> new ArrayList<>()).add(String.format(Locale.ROOT,
                        "%s%s: the reference workload ran at %,.0f ops/s before repeat %d and at %,.0f ops/s (%+.0f "
                                + "%%) before the next repeat, so the ramp may be the machine's rather than the warm-up's; "
                                + "re-run the cell when the machine holds its speed", Verdict.WARNING, RAMP_MARK,
                        before.opsPerSecond(), r.repeat(), after.opsPerSecond(), change * 100));
            }
        }
        return cells.stream().map(c -> !added.containsKey(c) || (c.reasons() != null
                && c.reasons().stream().anyMatch(x -> x.contains(RAMP_MARK))) ? c
                : c.withMoreReasons(added.get(c))).toList();
    }

    private static Instant instant(MachineSpeed s) {
        if (s == null || s.at() == null || !(s.opsPerSecond() > 0)) {
            return null;
        }
        try {
            return Instant.parse(s.at());
        } catch (DateTimeParseException e) {
            return null;
        }
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
