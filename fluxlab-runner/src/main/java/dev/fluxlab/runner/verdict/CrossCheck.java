package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.Stat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * fluxlab's injector checked against the peer tools measured in the same run: a fluxlab cell whose throughput is
 * more than {@link #TOLERANCE} below a peer's on the same cell (same knobs but {@code injector}), while fluxlab's
 * injector was not CPU-saturated, gets a warning saying fluxlab under-measures there. A saturated injector is already
 * an invalid cell with its own reason, so it is not flagged twice.
 */
public final class CrossCheck {

    /** 10 %: beyond the run-to-run noise of a quiet machine, small enough to matter. */
    public static final double TOLERANCE = 0.10;
    static final String MARK = "fluxlab under-measures";

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
        if (c.knobs() == null || !"fluxlab".equals(c.knobs().get("injector")) || throughput(c) == null) {
            return c;
        }
        if (c.reasons() != null && c.reasons().stream().anyMatch(r -> r.contains(MARK) || r.contains("CPU-saturated"))) {
            return c;
        }
        List<String> reasons = new ArrayList<>(c.reasons() == null ? List.of() : c.reasons());
        for (CellResult p : all) {
            if (p == c || p.knobs() == null || !sameButInjector(c.knobs(), p.knobs()) || throughput(p) == null) {
                continue;
            }
            double mine = throughput(c).median();
            double theirs = throughput(p).median();
            if (theirs > 0 && mine < (1 - TOLERANCE) * theirs) {
                Stat cores = c.summary().cpuCores() == null ? null : c.summary().cpuCores().get("injector");
                reasons.add(String.format(Locale.ROOT, "%s%s: %,.0f req/s is %.0f %% below %s's %,.0f req/s on the same "
                                + "cell while fluxlab's injector was not CPU-saturated%s", Verdict.WARNING, MARK, mine,
                        (1 - mine / theirs) * 100, p.knobs().get("injector"), theirs,
                        cores == null || cores.n() == 0 ? "" : String.format(Locale.ROOT, " (%.2f cores)", cores.median())));
            }
        }
        if (reasons.size() == (c.reasons() == null ? 0 : c.reasons().size())) {
            return c;
        }
        return new CellResult(c.id(), c.index(), c.knobs(), c.versions(), c.repeats(), c.summary(), c.valid(), reasons,
                c.findings(), c.dir());
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
