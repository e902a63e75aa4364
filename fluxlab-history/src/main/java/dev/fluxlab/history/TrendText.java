package dev.fluxlab.history;

import dev.fluxlab.model.run.NoiseBand;
import dev.fluxlab.model.run.Stat;
import dev.fluxlab.report.Fingerprint;
import dev.fluxlab.report.Numbers;
import dev.fluxlab.report.TextGrid;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@link FigureTrend} for the terminal: per cell, one row per run (oldest first) with the figure's median and spread, the
 * change point that starts at that run, and how the run's environment differs from that of the row above it.
 */
public final class TrendText {

    private TrendText() {
    }

    public static List<String> lines(FigureTrend t) {
        List<String> out = new ArrayList<>();
        out.add("suite " + t.suite() + ": " + t.figure().label() + " (" + t.figure().unit() + ") over " + t.runs().size()
                + (t.runs().size() == 1 ? " run" : " runs") + ", oldest first; " + (t.higherIsBetter() ? "higher" : "lower")
                + " is better");
        List<String> header = List.of("run", "started", t.figure().unit(), "change", "environment vs the row above");
        List<Boolean> right = List.of(false, false, true, false, false);
        for (FigureTrend.Series s : t.series()) {
            out.add("");
            out.add(s.label().equals(s.cellId()) ? s.label() : s.label() + "  (" + s.cellId() + ")");
            List<List<String>> rows = new ArrayList<>();
            for (int i = 0; i < s.points().size(); i++) {
                FigureTrend.Point p = s.points().get(i);
                IndexedRun run = t.runs().get(p.run());
                rows.add(List.of(runLabel(run), started(run), value(t, p), change(t, s.changeAt(i)), environment(p)));
            }
            out.addAll(TextGrid.lines(header, right, rows));
            if (s.points().size() < ChangePoints.MIN_RUNS) {
                out.add(s.points().size() + (s.points().size() == 1 ? " run" : " runs") + ": too few to test for a change "
                        + "point (" + ChangePoints.MIN_RUNS + " needed); compare two runs with 'fluxlab compare A B'");
            }
        }
        out.add("");
        out.add(ChangePoints.METHOD);
        out.add("Noise floor per run: the full range of its repeats relative to their median (" + NoiseBand.SINGLE_REPEAT_FLOOR_PCT
                + "% for a single repeat), "
                + "at least the worst A/A disagreement the run recorded.");
        return out;
    }

    static String runLabel(IndexedRun run) {
        return run.runId() + ("complete".equals(run.status()) || run.status() == null ? "" : " (" + run.status() + ")");
    }

    static String started(IndexedRun run) {
        String s = run.startedAt();
        return s == null ? "-" : s.replace('T', ' ').replaceAll("(:\\d\\d)(\\.\\d+)?Z?$", "$1");
    }

    static String value(FigureTrend t, FigureTrend.Point p) {
        Stat s = p.stat();
        String spread = Numbers.spread(s);
        return t.figure().format(s.median()) + (spread.isEmpty() ? "" : " " + spread) + " (n=" + s.n() + ")"
                + (p.valid() ? "" : " INVALID");
    }

    /** {@code +20.0% better (p 0.0021)}; empty when no change point starts here. */
    static String change(FigureTrend t, ChangePoints.Change c) {
        if (c == null) {
            return "";
        }
        boolean better = (c.relative() > 0) == t.higherIsBetter();
        return String.format(Locale.ROOT, "%+.1f%% %s (p %.2g)", c.relative() * 100, better ? "better" : "worse", c.pValue());
    }

    static String environment(FigureTrend.Point p) {
        return String.join("; ", p.changed().stream().map(Fingerprint.Difference::text).toList());
    }
}
