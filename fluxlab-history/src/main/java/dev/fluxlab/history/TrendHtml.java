package dev.fluxlab.history;

import dev.fluxlab.model.run.Stat;
import dev.fluxlab.report.ChartAssets;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.fluxlab.report.HtmlReport.esc;

/**
 * A {@link FigureTrend} as one self-contained HTML page that works offline: per cell, a chart of the figure over the runs
 * (median with its min-max band over the repeats, the level between change points as a dashed step, each change
 * point as a vertical marker), and the same numbers as a plain table below it. Chart.js, the style sheet and the data
 * are inlined ({@link ChartAssets}); no request leaves the page. Every number is computed here; the page's script
 * only draws them. The page sets {@code data-charts-drawn} on {@code <body>} as charts draw, like the run report.
 */
public final class TrendHtml {

    private TrendHtml() {
    }

    public static String render(FigureTrend t) {
        StringBuilder h = new StringBuilder(300_000);
        String title = "fluxlab history: " + t.suite() + ", " + t.figure().label();
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(esc(title)).append("</title>\n<style>\n").append(ChartAssets.css())
                .append(ChartAssets.read("/dev/fluxlab/history/trend.css")).append("</style>\n</head>\n")
                .append("<body data-charts-expected=\"").append(t.series().size()).append("\" data-charts-drawn=\"0\">\n")
                .append("<div id=\"js-errors\" class=\"js-errors\" hidden></div>\n")
                .append("<noscript><p class=\"hint\">Charts need JavaScript; every figure is also in the tables.</p></noscript>\n");
        h.append("<header><h1>").append(esc(title)).append("</h1>\n<p class=\"meta\">").append(t.runs().size())
                .append(" runs, oldest first; ").append(esc(t.figure().unit())).append(", ")
                .append(t.higherIsBetter() ? "higher" : "lower").append(" is better. Line: median over the repeats; band: min-max; "
                        + "dashed step: the level between change points; vertical line: a change point.</p>\n")
                .append("<p class=\"hint\">").append(esc(ChangePoints.METHOD)).append("</p></header>\n<main>\n");
        for (int i = 0; i < t.series().size(); i++) {
            FigureTrend.Series s = t.series().get(i);
            h.append("<section>\n<h2>").append(esc(s.label())).append("</h2>\n<p class=\"hint mono\">").append(esc(s.cellId()))
                    .append("</p>\n<div class=\"chart wide\"><canvas id=\"trend-").append(i).append("\" role=\"img\" aria-label=\"")
                    .append(esc(t.figure().label() + " of " + s.label() + " over runs")).append("\"></canvas></div>\n");
            table(h, t, s);
            h.append("</section>\n");
        }
        h.append("</main>\n<footer>Made by <code>fluxlab history</code> from its index; the runs' results.json files are the "
                + "record. Charts: Chart.js ").append(esc(ChartAssets.chartJsVersion())).append(" (MIT), inlined.</footer>\n");
        h.append(ChartAssets.dataScript("fluxlab-trend", data(t)));
        h.append(ChartAssets.errorsScript());
        h.append(ChartAssets.chartJsScript());
        h.append(ChartAssets.chartsScript());
        h.append(ChartAssets.script(ChartAssets.read("/dev/fluxlab/history/trend.js")));
        h.append("</body>\n</html>\n");
        return h.toString();
    }

    private static void table(StringBuilder h, FigureTrend t, FigureTrend.Series s) {
        h.append("<div class=\"scroll\"><table class=\"detail\"><thead><tr><th>run</th><th>started</th><th class=\"num\">")
                .append(esc(t.figure().unit())).append("</th><th>change</th><th>environment vs the row above</th></tr></thead><tbody>\n");
        for (int i = 0; i < s.points().size(); i++) {
            FigureTrend.Point p = s.points().get(i);
            IndexedRun run = t.runs().get(p.run());
            h.append(p.valid() ? "<tr>" : "<tr class=\"invalid\">")
                    .append("<td class=\"mono\">").append(esc(TrendText.runLabel(run))).append("</td><td>")
                    .append(esc(TrendText.started(run))).append("</td><td class=\"num\">").append(esc(TrendText.value(t, p)))
                    .append("</td><td class=\"change\">").append(esc(TrendText.change(t, s.changeAt(i))))
                    // the differences are sentences: they wrap (report.css, td.text) instead of hiding behind a scrollbar
                    .append("</td><td class=\"text\">").append(esc(TrendText.environment(p))).append("</td></tr>\n");
        }
        h.append("</tbody></table></div>\n");
    }

    /** The chart data: per series the points, the level of each point's segment and the change points. */
    static Map<String, Object> data(FigureTrend t) {
        List<Map<String, Object>> series = new ArrayList<>();
        for (FigureTrend.Series s : t.series()) {
            List<Map<String, Object>> points = new ArrayList<>();
            for (FigureTrend.Point p : s.points()) {
                IndexedRun run = t.runs().get(p.run());
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("run", run.runId());
                m.put("started", TrendText.started(run));
                m.put("median", num(p.stat().median()));
                m.put("min", num(p.stat().min()));
                m.put("max", num(p.stat().max()));
                m.put("n", p.stat().n());
                m.put("valid", p.valid());
                m.put("environment", TrendText.environment(p));
                points.add(m);
            }
            List<Map<String, Object>> changes = new ArrayList<>();
            for (ChangePoints.Change c : s.changes()) {
                changes.add(Map.of("point", c.index(), "text", TrendText.change(t, c),
                        "better", (c.relative() > 0) == t.higherIsBetter()));
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("label", s.label());
            m.put("points", points);
            m.put("levels", levels(s));
            m.put("changes", changes);
            series.add(m);
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("figure", t.figure().label());
        data.put("unit", t.figure().unit());
        data.put("series", series);
        return data;
    }

    /** Per point, the median of the segment between change points it lies in. */
    static List<Object> levels(FigureTrend.Series s) {
        List<Object> out = new ArrayList<>();
        List<Integer> bounds = new ArrayList<>();
        bounds.add(0);
        s.changes().forEach(c -> bounds.add(c.index()));
        bounds.add(s.points().size());
        for (int b = 0; b + 1 < bounds.size(); b++) {
            List<Double> medians = s.points().subList(bounds.get(b), bounds.get(b + 1)).stream().map(p -> p.stat().median()).toList();
            double level = Stat.of(medians).median();
            for (int i = bounds.get(b); i < bounds.get(b + 1); i++) {
                out.add(num(level));
            }
        }
        return out;
    }

    private static Object num(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
    }
}
