package dev.fluxlab.history;

import dev.fluxlab.model.run.Stat;
import dev.fluxlab.report.Comparison;
import dev.fluxlab.report.Figure;
import dev.fluxlab.report.Fingerprint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One figure of a suite over its indexed runs, per cell, with the change points of each cell's series and, per value,
 * how its run's environment differs from that of the cell's value before it. Data only; {@link TrendText} and
 * {@link TrendHtml} render it.
 *
 * @param suite   the suite
 * @param figure  the figure (the report's definition: label, unit, direction)
 * @param runs    the suite's runs, oldest first
 * @param series  one per cell that matched, in cell id order
 */
public record FigureTrend(String suite, Figure figure, List<IndexedRun> runs, List<Series> series) {

    /**
     * One cell's values over the runs.
     *
     * @param cellId  the cell's id
     * @param label   its label in the latest run that has it
     * @param points  its values, oldest first (runs without the cell are left out)
     * @param changes change points, {@link ChangePoints.Change#index()} counted in {@code points}
     */
    public record Series(String cellId, String label, List<Point> points, List<ChangePoints.Change> changes) {

        /** The change point that starts at {@code point}, or null. */
        public ChangePoints.Change changeAt(int point) {
            return changes.stream().filter(c -> c.index() == point).findFirst().orElse(null);
        }
    }

    /**
     * One run's value of a cell.
     *
     * @param run   index into {@link FigureTrend#runs()}
     * @param stat  median and spread over the repeats
     * @param valid whether the run judged the cell valid
     * @param floor the relative noise floor of this value (see {@link #floor})
     * @param changed how its run's environment differs from that of the cell's value before it (none for the first)
     */
    public record Point(int run, Stat stat, boolean valid, double floor, List<Fingerprint.Difference> changed) {
    }

    /**
     * Reads the trend of a figure in a suite.
     *
     * @param suite      a suite name; null for the suite of the most recent run
     * @param figureName a figure as the report names it ({@code throughput_rps}, {@code latency_p99_ms}, also
     *                   {@code p99}); null for throughput
     * @param cellGlob   null for every cell, else a glob ({@code *}, {@code ?}) matched against the cell's id and label
     */
    public static FigureTrend of(HistoryIndex index, String suite, String figureName, String cellGlob) throws HistoryException {
        List<String> suites = index.suites();
        if (suites.isEmpty()) {
            throw new HistoryException("the history index " + index.file() + " holds no runs yet; run a suite, or index the "
                    + "results folders with 'fluxlab history --rebuild DIR'");
        }
        if (suite != null && !suites.contains(suite)) {
            throw new HistoryException("no run of suite '" + suite + "' in the history; indexed suites: " + String.join(", ", suites));
        }
        String name = suite != null ? suite : suites.get(0);
        String stored = storedFigure(index, name, figureName);
        FigureTrend t = of(index, name, Figure.parse(stored), stored, cellGlob);
        if (t.series().isEmpty()) {
            // what the glob could have matched: the suite's own cells, not an example that may be the glob just given
            List<String> labels = of(index, name, Figure.parse(stored), stored, null).series().stream()
                    .map(x -> x.label() != null ? x.label() : x.cellId()).distinct().limit(3).toList();
            throw new HistoryException("no cell of suite '" + name + "' matches --cell " + cellGlob
                    + "; give a glob (* and ?) over cell ids or labels" + (labels.isEmpty() ? ""
                    : ", such as: " + String.join("; ", labels)));
        }
        return t;
    }

    /** The indexed name of the figure the user asked for, matched by the report's label (so any spelling works). */
    private static String storedFigure(HistoryIndex index, String suite, String asked) throws HistoryException {
        Figure wanted = asked == null ? Figure.THROUGHPUT : Figure.parse(asked);
        if (wanted == null) {
            wanted = Figure.parse("latency_" + asked + "_ms");
        }
        List<String> stored = index.figures(suite);
        for (String s : stored) {
            Figure f = Figure.parse(s);
            if (wanted != null && f != null && f.label().equals(wanted.label())) {
                return s;
            }
        }
        throw new HistoryException("figure '" + asked + "' is not in the history of suite '" + suite + "'; indexed figures: "
                + String.join(", ", stored));
    }

    private static FigureTrend of(HistoryIndex index, String suite, Figure figure, String storedFigure, String cellGlob)
            throws HistoryException {
        List<IndexedRun> runs = index.runs(suite);
        Map<String, Integer> runIndex = new LinkedHashMap<>();
        for (IndexedRun r : runs) {
            runIndex.put(r.runId(), runIndex.size());
        }
        CellGlob glob = cellGlob == null ? null : new CellGlob(cellGlob);
        Map<String, List<IndexedFigure>> byCell = new TreeMap<>();
        for (IndexedFigure f : index.values(suite, storedFigure)) {
            if (glob == null || glob.matches(f.cellId()) || (f.cellLabel() != null && glob.matches(f.cellLabel()))) {
                byCell.computeIfAbsent(f.cellId(), k -> new ArrayList<>()).add(f);
            }
        }
        List<Series> series = new ArrayList<>();
        byCell.forEach((id, values) -> {
            List<Point> points = new ArrayList<>();
            for (IndexedFigure f : values) {
                int run = runIndex.get(f.runId());
                // against the cell's value before, not the suite's run before: a run without this cell (a partial
                // run, other exclusions) is not in the row above, and its environment must not stand for it
                List<Fingerprint.Difference> changed = points.isEmpty() ? List.of() : differences(
                        runs.get(points.getLast().run()), runs.get(run));
                points.add(new Point(run, f.stat(), f.valid(), floor(runs.get(run), f.stat()), changed));
            }
            double[] medians = points.stream().mapToDouble(p -> p.stat().median()).toArray();
            double[] floors = points.stream().mapToDouble(Point::floor).toArray();
            series.add(new Series(id, values.get(values.size() - 1).cellLabel(), points, ChangePoints.find(medians, floors)));
        });
        return new FigureTrend(suite, figure, runs, series);
    }

    /**
     * How {@code b}'s environment differs from {@code a}'s, the machine speed (each run's typical one, as indexed)
     * judged against both runs' floors.
     */
    private static List<Fingerprint.Difference> differences(IndexedRun a, IndexedRun b) {
        return Fingerprint.differences(a.environment(), b.environment(), Math.max(runFloor(a), runFloor(b)));
    }

    /**
     * The noise floor of one value, on the scale of a disagreement between two runs (as compare's band): the full
     * relative range of its repeats (its half range twice), 3% for a single repeat, and at least the worst A/A
     * disagreement its run recorded.
     */
    static double floor(IndexedRun run, Stat stat) {
        double spread = stat.n() >= 2 ? 2 * stat.relativeSpread() : Comparison.SINGLE_RUN_FLOOR;
        return run.noise() == null ? spread : Math.max(spread, run.noise().worstPct() / 100);
    }

    private static double runFloor(IndexedRun run) {
        return run.noise() != null ? run.noise().worstPct() / 100 : Comparison.SINGLE_RUN_FLOOR;
    }

    /** Whether more of this trend's figure is better. */
    public boolean higherIsBetter() {
        return figure.higherIsBetter();
    }
}
