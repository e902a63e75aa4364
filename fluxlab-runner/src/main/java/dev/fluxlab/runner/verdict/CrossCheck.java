package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.MachineCpu;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.Stat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * fluxlab's injector checked against the peer tools measured in the same run. A fluxlab cell whose throughput is more
 * than {@link #TOLERANCE} below a peer's on the same cell (same knobs but {@code injector}), while fluxlab's injector
 * was not CPU-saturated, is judged by where the missing throughput went:
 * <ul>
 *   <li>the machine had idle CPU in fluxlab's window (at least {@link #IDLE_CORES} cores), or target and injector
 *       together served fewer responses per CPU-second than with the peer: fluxlab drove less load or paid more for
 *       it, and the cell gets {@code warning: fluxlab under-measures};</li>
 *   <li>the machine was busy and the pair was as efficient as with the peer: the cores went to other jobs, and the
 *       warning says contention, naming the cores others used, instead of blaming the injector.</li>
 * </ul>
 * Without machine figures (older results) every such gap counts as under-measuring. A saturated injector is already
 * an invalid cell with its own reason, so it is not flagged twice.
 */
public final class CrossCheck {

    /** 10 %: beyond the run-to-run noise of a quiet machine, small enough to matter. */
    public static final double TOLERANCE = 0.10;
    static final String MARK = "fluxlab under-measures";
    static final String CONTENTION = "below its peer under CPU contention";
    /** Idle cores in the measured window above which a lower throughput cannot be blamed on a busy machine. */
    public static final double IDLE_CORES = 0.25;

    private CrossCheck() {
    }

    public static List<CellResult> flag(List<CellResult> cells) {
        if (cells == null) {
            return null;
        }
        Map<Map<String, String>, CellResult> byKnobs = new LinkedHashMap<>();
        for (CellResult c : cells) {
            if (c.knobs() != null) {
                byKnobs.put(c.knobs(), c);
            }
        }
        List<CellResult> out = new ArrayList<>();
        for (CellResult c : cells) {
            out.add(check(c, cells));
        }
        return out;
    }

    private static CellResult check(CellResult c, List<CellResult> all) {
        if (c.knobs() == null || !Cell.FLUXLAB_INJECTOR.equals(c.knobs().get("injector")) || throughput(c) == null) {
            return c;
        }
        if (c.reasons() != null && c.reasons().stream().anyMatch(r -> r.contains(MARK) || r.contains(CONTENTION)
                || r.contains("CPU-saturated"))) {
            return c;
        }
        List<String> added = new ArrayList<>();
        for (CellResult p : all) {
            if (p == c || p.knobs() == null || !sameButInjector(c.knobs(), p.knobs()) || throughput(p) == null) {
                continue;
            }
            double mine = throughput(c).median();
            double theirs = throughput(p).median();
            if (theirs > 0 && mine < (1 - TOLERANCE) * theirs) {
                Stat cores = c.summary().cpuCores() == null ? null : c.summary().cpuCores().get("injector");
                String gap = String.format(Locale.ROOT, "%,.0f req/s is %.0f %% below %s's %,.0f req/s on the same cell",
                        mine, (1 - mine / theirs) * 100, p.knobs().get("injector"), theirs);
                double idle = median(c, m -> m.idleCores());
                double others = median(c, m -> m.othersCores());
                double myEff = pairEfficiency(c);
                double theirEff = pairEfficiency(p);
                boolean busyMachine = !Double.isNaN(idle) && idle < IDLE_CORES;
                boolean sameEfficiency = !Double.isNaN(myEff) && !Double.isNaN(theirEff) && myEff >= (1 - TOLERANCE) * theirEff;
                if (busyMachine && sameEfficiency) {
                    added.add(String.format(Locale.ROOT, "%s%s: %s, but the machine had no idle CPU (%.2f cores idle, "
                                    + "%.2f taken by other processes) and target plus injector served %,.0f responses per "
                                    + "CPU-second against %,.0f with %s: the cores went elsewhere, not into fluxlab's "
                                    + "injector; re-run on a quiet machine to compare", Verdict.WARNING, CONTENTION, gap,
                            idle, others, myEff, theirEff, p.knobs().get("injector")));
                } else {
                    String why = Double.isNaN(idle) ? ""
                            : !busyMachine ? String.format(Locale.ROOT, "; %.2f cores stood idle, so it drove less load than it could", idle)
                            : String.format(Locale.ROOT, "; target plus injector served %,.0f responses per CPU-second "
                            + "against %,.0f with %s", myEff, theirEff, p.knobs().get("injector"));
                    added.add(String.format(Locale.ROOT, "%s%s: %s while fluxlab's injector was not CPU-saturated%s%s",
                            Verdict.WARNING, MARK, gap,
                            cores == null || cores.n() == 0 ? "" : String.format(Locale.ROOT, " (%.2f cores)", cores.median()),
                            why));
                }
            }
        }
        return added.isEmpty() ? c : c.withMoreReasons(added);
    }

    /** Median over the cell's repeats of a machine figure; NaN when no repeat has one. */
    private static double median(CellResult c, java.util.function.ToDoubleFunction<MachineCpu> f) {
        return c.repeats() == null ? Double.NaN : Stat.of(c.repeats().stream().map(RepeatResult::machine)
                .filter(java.util.Objects::nonNull).map(m -> f.applyAsDouble(m)).toList()).median();
    }

    /** Responses per CPU-second of every process of the cell (targets and injector), from the cell's medians. */
    private static double pairEfficiency(CellResult c) {
        Stat rps = throughput(c);
        if (rps == null || c.summary().cpuCores() == null || c.summary().cpuCores().isEmpty()) {
            return Double.NaN;
        }
        double cores = 0;
        for (Stat s : c.summary().cpuCores().values()) {
            if (s == null || s.n() == 0 || Double.isNaN(s.median())) {
                return Double.NaN;
            }
            cores += s.median();
        }
        return cores > 0 ? rps.median() / cores : Double.NaN;
    }

    private static Stat throughput(CellResult c) {
        Stat s = c.summary() == null ? null : c.summary().throughputRps();
        return s == null || s.n() == 0 ? null : s;
    }

    private static boolean sameButInjector(Map<String, String> a, Map<String, String> b) {
        if (!a.keySet().equals(b.keySet()) || a.get("injector").equals(b.get("injector"))) {
            return false;
        }
        for (var e : a.entrySet()) {
            if (!e.getKey().equals("injector") && !e.getValue().equals(b.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }
}
