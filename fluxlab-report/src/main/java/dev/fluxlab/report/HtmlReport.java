package dev.fluxlab.report;

import dev.fluxlab.model.run.CellResult;

import dev.fluxlab.model.contract.ProgressLine;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.load.SecondSample;
import dev.fluxlab.model.run.Environment;
import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.model.run.ProcessSample;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.Stat;
import dev.fluxlab.model.run.Summaries;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;

/**
 * {@code report.html}: one self-contained file that works offline. It holds the end tables and every other table as
 * plain HTML (readable without JavaScript), the chart data as inline JSON, and Chart.js inlined from its WebJar:
 * no request leaves the page.
 *
 * <p>Charts: throughput per cell as bars with min-max whiskers over the repeats; then, per group of cells (a row
 * of the first end table), the latency percentile spectrum on the HdrHistogram log axis (corrected, and
 * uncorrected where it differs), verified req/s per second and CPU cores per process over time (from the
 * repeat closest to the median). Once every chart has drawn, the page sets {@code data-charts-drawn} on
 * {@code <body>}; a script error is shown in the {@code #js-errors} box, so that a browser test can tell.
 */
public final class HtmlReport {

    private static final String CHART_JS_PROPERTIES = "/META-INF/maven/org.webjars.npm/chart.js/pom.properties";
    /** Writes the chart data for a script element: '<', '>' and '&' as unicode escapes (see {@link ScriptSafeJson}). */
    private static final ObjectMapper JSON = ScriptSafeJson.mapper(new ObjectMapper());

    private HtmlReport() {
    }

    public static String render(RunResult run) {
        return render(ReportModel.of(run));
    }

    public static String render(ReportModel model) {
        RunResult run = model.run();
        Map<String, Object> data = chartData(model);
        int charts = chartCount(data);
        StringBuilder h = new StringBuilder(400_000);
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>fluxlab ").append(esc(run.runId())).append("</title>\n<style>\n").append(resource("report.css"))
                .append("</style>\n</head>\n<body data-charts-expected=\"").append(charts).append("\" data-charts-drawn=\"0\">\n");
        h.append("<div id=\"js-errors\" class=\"js-errors\" hidden></div>\n");
        h.append("<noscript><p class=\"hint\">Charts need JavaScript; every figure is also in the tables below.</p></noscript>\n");
        header(h, model);
        h.append("<main>\n");
        claims(h, ClaimsView.of(run), model.moved());
        for (int i = 0; i < model.tables().size(); i++) {
            table(h, model.tables().get(i), i);
        }
        h.append("<section id=\"throughput\">\n<h2>Throughput per cell</h2>\n")
                .append("<p class=\"hint\">Bars: median of the repeats; whiskers: min–max. Hatched grey: invalid cell.</p>\n")
                .append("<div class=\"chart wide\"><canvas id=\"chart-throughput\" role=\"img\" aria-label=\"throughput per cell\"></canvas></div>\n</section>\n");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> groups = (List<Map<String, Object>>) data.get("groups");
        for (int g = 0; g < groups.size(); g++) {
            h.append("<section class=\"group\" id=\"group-").append(g).append("\">\n<h2>").append(esc((String) groups.get(g).get("title"))).append("</h2>\n")
                    .append("<div class=\"charts\">\n")
                    .append(chartBox("latency", g, groups.get(g), "Latency by percentile (ms), the used repeats' "
                                    + "histograms merged as in the tables; dashed: uncorrected (from actual send times)",
                            "No latency histogram recorded."))
                    .append(chartBox("rps", g, groups.get(g), "Verified req/s per second (x: seconds since the load started; dashed: warm-up)",
                            "No per-second samples recorded."))
                    .append(chartBox("cpu", g, groups.get(g),
                            "CPU cores per process (x: seconds since the repeat started; dashed: injector, dotted: further targets)",
                            "No process samples recorded."))
                    .append(chartBox("jit", g, groups.get(g),
                            "JIT compile time per second, by process (ms/s; x: seconds since the repeat started): "
                                    + "a JVM still compiling in the measured window is not at its steady state",
                            "No JIT counters recorded (the processes published no HotSpot performance counters)."))
                    .append("</div>\n</section>\n");
        }
        h.append(LoopDistribution.html(run.cells() == null ? List.of() : run.cells(),
                LoopDistribution.labels(model.cells())));
        simpleTable(h, "threads-seen", "Threads seen", ThreadsSeenTable.HINT, ThreadsSeenTable.of(model));
        details(h, model);
        h.append(ProfileView.html(model));
        simpleTable(h, "placement", "Placement", "Where each process ran: its CPU list (taskset), and the "
                + "availableProcessors its JVM reported.", PlacementTables.placement(model));
        simpleTable(h, "steady-state", "Time to steady state", STEADY_HINT, SteadyStateTable.of(model));
        simpleTable(h, "hosts", "Hosts", "The suite hosts: how each was reached, its CPUs, its clock against the "
                + "runner's, the files shipped and its agent's own CPU.", PlacementTables.hosts(model));
        simpleTable(h, "host-cpu", "Host CPU", "Each host's whole machine in the measured windows (its agent's "
                + "/proc/stat), mean over the repeats; others' cores: busy cores no process of the repeat accounts "
                + "for.", PlacementTables.hostCpu(model));
        simpleTable(h, "injectors", "Several injectors", "The merged row is the cell's figure (histograms added, never "
                + "percentiles averaged); each injector's own row judges it on its own.", PlacementTables.injectors(model));
        verdicts(h, model);
        findings(h, model);
        environment(h, run);
        h.append("</main>\n");
        h.append("<footer>Generated by fluxlab from results.json (").append(esc(RunResult.SCHEMA))
                .append("); regenerate with <code>fluxlab report DIR</code>. Charts: Chart.js ").append(esc(chartJsVersion())).append(" (MIT), inlined.</footer>\n");
        h.append("<script type=\"application/json\" id=\"fluxlab-data\">").append(json(data)).append("</script>\n");
        // the error trap first, so that it also catches a failure of the library itself
        h.append("<script>\n").append(resource("errors.js")).append("</script>\n");
        h.append("<script>\n").append(resource("tables.js")).append("</script>\n");
        h.append("<script>\n").append(scriptSafe(chartJs())).append("\n</script>\n");
        h.append("<script>\n").append(resource("charts.js")).append("</script>\n");
        h.append("<script>\n").append(resource("report.js")).append("</script>\n");
        h.append("</body>\n</html>\n");
        return h.toString();
    }

    /** A chart's frame; without data, a short note instead of an empty canvas. */
    private static String chartBox(String kind, int group, Map<String, Object> data, String caption, String none) {
        String head = "<figure class=\"chart\"><figcaption>" + esc(caption) + "</figcaption>";
        if (((List<?>) data.get(kind)).isEmpty()) {
            return head + "<p class=\"nodata\">" + esc(none) + "</p></figure>\n";
        }
        return head + "<div class=\"canvas\"><canvas id=\"chart-" + kind + "-" + group
                + "\" role=\"img\" aria-label=\"" + esc(caption) + "\"></canvas></div></figure>\n";
    }

    private static void header(StringBuilder h, ReportModel model) {
        RunResult run = model.run();
        h.append("<header>\n<h1>fluxlab run <span class=\"mono\">").append(esc(run.runId())).append("</span></h1>\n<p class=\"meta\">suite <b>")
                .append(esc(run.suite())).append("</b> · status <b class=\"status-").append(esc(run.status())).append("\">").append(esc(run.status()))
                .append("</b> · ").append(model.cells().size()).append(" cells · started ").append(esc(run.startedAt()))
                .append(" · finished ").append(esc(run.finishedAt())).append("</p>\n");
        if (run.description() != null && !run.description().isBlank()) {
            h.append("<p class=\"description\">").append(esc(run.description().strip())).append("</p>\n");
        }
        if (!model.overrides().isEmpty()) {
            h.append("<p class=\"meta\">overrides: <code>").append(esc(String.join(" ", model.overrides())))
                    .append("</code></p>\n");
        }
        h.append("<nav>");
        for (int i = 0; i < model.tables().size(); i++) {
            h.append("<a href=\"#table-").append(i).append("\">").append(esc(model.tables().get(i).title())).append("</a> ");
        }
        if (!ClaimsView.of(run).isEmpty()) {
            h.append("<a href=\"#claims\">claims</a> ");
        }
        h.append("<a href=\"#throughput\">throughput chart</a> <a href=\"#cells\">cells</a> <a href=\"#verdicts\">verdicts</a> ")
                .append("<a href=\"#findings\">log findings</a> <a href=\"#environment\">environment</a></nav>\n</header>\n");
    }

    private static void table(StringBuilder h, TableView t, int index) {
        h.append("<section id=\"table-").append(index).append("\">\n<h2>").append(esc(t.title())).append("</h2>\n")
                .append("<p class=\"hint\">Median ±half range over repeats, ").append(esc(t.units()))
                .append(". <span class=\"invalid-mark\">!</span> invalid, <span class=\"flag-mark\">*</span> log findings.")
                .append(t.seedSource() == null ? "" : " <span class=\"seed\">seed:</span> the seed's own figure, from "
                        + esc(t.seedSource()) + ".")
                .append("</p>\n");
        if (!t.fixed().isEmpty()) {
            h.append("<ul class=\"fixed\">");
            t.fixed().forEach(f -> h.append("<li>").append(esc(f)).append("</li>"));
            h.append("</ul>\n");
        }
        // the row keys stay in view while the figures scroll (sticky, their offsets set by the page's script)
        h.append("<div class=\"scroll\"><table class=\"end\">\n<thead><tr>");
        for (String k : t.rowKnobs()) {
            h.append("<th class=\"knob key\">").append(esc(k)).append("</th>");
        }
        for (int c = 0; c < t.columnCount(); c++) {
            h.append("<th class=\"num\">").append(esc(t.columnHeader(c))).append(" <span class=\"unit\">").append(esc(t.figureOf(c).unit())).append("</span></th>");
        }
        h.append("</tr></thead>\n<tbody>\n");
        for (int r = 0; r < t.rows().size(); r++) {
            h.append("<tr>");
            for (String v : t.rows().get(r)) {
                h.append("<td class=\"knob key\">").append(esc(v)).append("</td>");
            }
            for (TableView.Entry e : t.cells().get(r)) {
                if (e == null) {
                    h.append("<td class=\"num empty\">–</td>");
                    continue;
                }
                h.append("<td class=\"num").append(e.invalid() ? " invalid" : "").append("\" title=\"").append(esc(e.cell().id())).append("\">")
                        .append(esc(e.figure().format(e.value().median())));
                String spread = Numbers.spread(e.value());
                if (!spread.isEmpty()) {
                    h.append(" <span class=\"spread\">").append(esc(spread)).append("</span>");
                }
                String verdict = e.figure().verdictText(e.cell());
                if (verdict != null) {
                    h.append(" <span class=\"spread\">(").append(esc(verdict)).append(")</span>");
                }
                if (e.seed() != null) {
                    h.append(" <span class=\"seed\">(").append(esc(TableView.seedText(e))).append(")</span>");
                }
                if (e.footnote() > 0) {
                    h.append(" <a class=\"marker\" href=\"#fn-").append(index).append('-').append(e.footnote()).append("\">")
                            .append(e.invalid() ? "<span class=\"invalid-mark\">!</span>" : "")
                            .append(e.flagged() ? "<span class=\"flag-mark\">*</span>" : "")
                            .append("<sup>").append(e.footnote()).append("</sup></a>");
                }
                h.append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table></div>\n");
        if (!t.footnotes().isEmpty()) {
            h.append("<ol class=\"footnotes\">\n");
            for (TableView.Footnote f : t.footnotes()) {
                h.append("<li value=\"").append(f.number()).append("\" id=\"fn-").append(index).append('-').append(f.number()).append("\"><b>")
                        .append(esc(f.cellLabel())).append("</b>");
                List<String> items = new ArrayList<>();
                for (String r : f.reasons()) {
                    if (CellResult.isNote(r)) {
                        items.add("<span class=\"note-mark\">note:</span> " + esc(r.substring(CellResult.NOTE.length())));
                        continue;
                    }
                    String reason = !f.invalid() && r.startsWith("warning:") ? r.substring("warning:".length()).strip() : r;
                    items.add((f.invalid() ? "<span class=\"invalid-mark\">invalid:</span> " : "<span class=\"warn\">warning:</span> ") + esc(reason));
                }
                for (String x : f.findings()) {
                    items.add("<span class=\"flag-mark\">log:</span> " + esc(x));
                }
                h.append(items.isEmpty() ? "" : ": " + String.join("; ", items));
                h.append("</li>\n");
            }
            h.append("</ol>\n");
        }
        for (String n : t.notes()) {
            h.append("<p class=\"hint\">Note: ").append(esc(n)).append("</p>\n");
        }
        h.append("</section>\n");
    }

    /** The "Claims" section near the top: one row per claim, its verdict, the cells claimed and measured, why. */
    private static void claims(StringBuilder h, List<ClaimResult> claims, List<ClaimMove> moved) {
        if (claims.isEmpty()) {
            return;
        }
        h.append("<section id=\"claims\">\n<h2>Claims</h2>\n<p class=\"hint\">").append(esc(ClaimsView.headline(claims)))
                .append(". Inconclusive: ").append(esc(ClaimsView.INCONCLUSIVE)).append(".</p>\n");
        String note = ClaimsView.rejudgedNote(moved);
        if (note != null) {
            h.append("<p class=\"hint rejudged\">").append(esc(note)).append("</p>\n");
        }
        h.append("<div class=\"scroll\"><table class=\"detail claims\">\n<thead><tr><th>verdict</th><th>claim</th>")
                .append("<th>cells: claimed, measured</th><th>evidence</th><th>source</th></tr></thead>\n<tbody>\n");
        for (ClaimResult c : claims) {
            h.append("<tr class=\"claim-").append(esc(c.verdictValue().label())).append("\"><td class=\"text\"><b>")
                    .append(esc(c.verdict())).append("</b></td><td class=\"text\">").append(esc(c.claim()))
                    .append("<br><code>").append(esc(ClaimsView.relation(c))).append("</code></td><td class=\"text\">");
            ClaimsView.cells(c).forEach(m -> h.append(esc(ClaimsView.cell(m))).append("<br>"));
            if (ClaimsView.cellsNote(c) != null) {
                h.append("<span class=\"hint\">").append(esc(ClaimsView.cellsNote(c))).append("</span>");
            }
            h.append("</td><td class=\"text\">").append(IntervalChart.svg(c.intervals())).append(esc(c.reason()));
            if (c.theory() != null) {
                h.append("<br><i>").append(esc(c.theory())).append("</i>");
            }
            h.append("</td><td class=\"text\">").append(esc(ClaimsView.source(c))).append("</td></tr>\n");
        }
        h.append("</tbody></table></div>\n</section>\n");
    }

    private static void details(StringBuilder h, ReportModel model) {
        DetailTable d = DetailTable.of(model);
        h.append("<section id=\"cells\">\n<h2>Cells</h2>\n<p class=\"hint\">Medians over the repeats (±half range on req/s); "
                + "latency corrected, from the repeats' histograms merged (an external tool's: the median of its "
                + "repeats' percentiles); CPU per verified response.</p>\n")
                .append("<div class=\"scroll\"><table class=\"detail\">\n<thead><tr>");
        for (int i = 0; i < d.header().size(); i++) {
            h.append("<th").append(d.rightAlign().get(i) ? " class=\"num\"" : "").append('>').append(esc(d.header().get(i))).append("</th>");
        }
        h.append("</tr></thead>\n<tbody>\n");
        for (int r = 0; r < d.rows().size(); r++) {
            CellView c = model.cells().get(r);
            h.append("<tr class=\"").append(c.valid() ? "" : "invalid").append("\" title=\"").append(esc(c.id())).append("\">");
            List<String> row = d.rows().get(r);
            for (int i = 0; i < row.size(); i++) {
                h.append("<td class=\"").append(d.rightAlign().get(i) ? "num" : "text").append("\">").append(esc(row.get(i))).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table></div>\n</section>\n");
    }

    /** What the time-to-steady-state table says (report.html and summary.md). */
    static final String STEADY_HINT = "Per target process started for a repeat: seconds from the start of the load to the "
            + "end of its warm-up, whether the warm-up settled before its bound and whether the JVM was still compiling "
            + "then; trained: started from its JDK 25 AOT cache, cold: without.";

    /** A plain table section; nothing when it has no rows. */
    private static void simpleTable(StringBuilder h, String id, String title, String hint, PlacementTables t) {
        if (t.rows().isEmpty()) {
            return;
        }
        h.append("<section id=\"").append(id).append("\">\n<h2>").append(esc(title)).append("</h2>\n<p class=\"hint\">")
                .append(esc(hint)).append("</p>\n<div class=\"scroll\"><table class=\"detail\">\n<thead><tr>");
        for (int i = 0; i < t.header().size(); i++) {
            h.append("<th").append(t.rightAlign().get(i) ? " class=\"num\"" : "").append('>').append(esc(t.header().get(i)))
                    .append("</th>");
        }
        h.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : t.rows()) {
            h.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                h.append("<td class=\"").append(t.rightAlign().get(i) ? "num" : "text").append("\">").append(esc(row.get(i)))
                        .append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table></div>\n</section>\n");
    }

    private static void verdicts(StringBuilder h, ReportModel model) {
        h.append("<section id=\"verdicts\">\n<h2>Verdicts</h2>\n<ul class=\"verdicts\">\n");
        for (CellView c : model.cells()) {
            h.append("<li class=\"").append(c.valid() ? "valid" : "invalid").append("\"><b>").append(esc(c.label())).append("</b> <span class=\"mono\">")
                    .append(esc(c.id())).append("</span>: <span class=\"verdict\">").append(esc(c.verdict())).append("</span>");
            if (!c.reasons().isEmpty()) {
                h.append("<ul>");
                c.reasons().forEach(r -> h.append("<li>").append(esc(r)).append("</li>"));
                h.append("</ul>");
            }
            h.append("</li>\n");
        }
        h.append("</ul>\n</section>\n");
    }

    private static void findings(StringBuilder h, ReportModel model) {
        h.append("<section id=\"findings\">\n<h2>Log findings</h2>\n");
        List<Map.Entry<CellView, LogFinding>> all = model.findings();
        if (all.isEmpty()) {
            h.append("<p>None: no exception, leak or error pattern in any process log.</p>\n");
        }
        for (Map.Entry<CellView, LogFinding> e : all) {
            LogFinding f = e.getValue();
            h.append("<div class=\"finding\"><p><b>").append(esc(e.getKey().label())).append("</b> · ").append(esc(f.process()))
                    .append(" · <code>").append(esc(f.kind())).append("</code> × ").append(f.count()).append("</p>");
            if (f.firstLines() != null && !f.firstLines().isEmpty()) {
                h.append("<pre>").append(esc(String.join("\n", f.firstLines()))).append("</pre>");
            }
            h.append("</div>\n");
        }
        h.append("</section>\n");
    }

    private static void environment(StringBuilder h, RunResult run) {
        h.append("<section id=\"environment\">\n<h2>Environment</h2>\n");
        Environment env = run.environment();
        if (env == null) {
            h.append("<p>Not recorded.</p>\n");
        } else {
            h.append("<table class=\"kv\">\n");
            kv(h, "host", env.host());
            kv(h, "os", env.os() + ", kernel " + env.kernel() + ", " + env.arch());
            kv(h, "cpus", String.valueOf(env.cpus()));
            kv(h, "memory", Numbers.decimal(env.memoryGb()) + " GB");
            kv(h, "jdk", env.jdk() + " (" + env.jdkVendor() + ") " + env.javaHome());
            kv(h, "fluxlab", env.fluxlabVersion());
            if (env.versions() != null) {
                env.versions().forEach((k, v) -> kv(h, k, v));
            }
            h.append("</table>\n");
        }
        if (run.settings() != null && !run.settings().isEmpty()) {
            h.append("<h3>Settings</h3>\n<table class=\"kv\">\n");
            run.settings().forEach((k, v) -> kv(h, k, String.valueOf(v)));
            h.append("</table>\n");
        }
        h.append("</section>\n");
    }

    private static void kv(StringBuilder h, String k, String v) {
        h.append("<tr><th>").append(esc(k)).append("</th><td>").append(esc(v)).append("</td></tr>\n");
    }

    // ---- chart data (computed in Java; the page only draws it) ----

    static Map<String, Object> chartData(ReportModel model) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("runId", model.run().runId());
        List<Map<String, Object>> throughput = new ArrayList<>();
        Map<String, Integer> colorOf = new LinkedHashMap<>();
        for (CellView c : model.cells()) {
            colorOf.put(c.id(), colorOf.size());
            Stat t = c.throughput();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("label", c.label());
            m.put("id", c.id());
            m.put("color", colorOf.get(c.id()));
            m.put("median", num(t.median()));
            m.put("min", num(t.min()));
            m.put("max", num(t.max()));
            m.put("n", t.n());
            m.put("valid", c.valid());
            m.put("flagged", c.flagged());
            throughput.add(m);
        }
        data.put("throughput", throughput);
        List<Map<String, Object>> groups = new ArrayList<>();
        for (Map.Entry<String, List<CellView>> g : groups(model).entrySet()) {
            Map<String, Object> group = new LinkedHashMap<>();
            group.put("title", g.getKey());
            List<Map<String, Object>> latency = new ArrayList<>();
            List<Map<String, Object>> rps = new ArrayList<>();
            List<Map<String, Object>> cpu = new ArrayList<>();
            List<Map<String, Object>> jit = new ArrayList<>();
            for (CellView c : g.getValue()) {
                int color = colorOf.get(c.id());
                LatencyCurve curve = LatencyCurve.of(Summaries.used(c.cell().repeats()));
                if (!curve.corrected().isEmpty()) {
                    latency.add(series(c.label(), color, false, points(curve.corrected())));
                }
                if (!curve.uncorrected().isEmpty()) {
                    latency.add(series(c.label() + " (uncorrected)", color, true, points(curve.uncorrected())));
                }
                RepeatResult rep = c.representativeRepeat();
                if (rep != null && rep.load() != null && rep.load().perSecond() != null) {
                    Map<String, Object> s = series(c.label() + " (repeat " + rep.repeat() + ")", color, false, perSecond(rep.load()));
                    rps.add(s);
                }
                if (rep != null && rep.processes() != null) {
                    int targets = 0;
                    for (ProcessStats p : rep.processes()) {
                        List<Map<String, Object>> pts = cores(p.samples());
                        if (!pts.isEmpty()) {
                            boolean injector = ProcessStats.INJECTOR.equals(p.role());
                            Map<String, Object> s = series(c.label() + " · " + p.name(), color, injector, pts);
                            s.put("process", p.name());
                            // first target solid, further targets (e.g. a backend) dotted, the injector dashed
                            s.put("dash", injector ? List.of(6, 4) : targets++ == 0 ? List.of() : List.of(2, 3));
                            cpu.add(s);
                        }
                        List<Map<String, Object>> compiling = compileRate(p.samples());
                        if (!compiling.isEmpty()) {
                            Map<String, Object> s = series(c.label() + " · " + p.name(), color, ProcessStats.INJECTOR.equals(p.role()), compiling);
                            s.put("process", p.name());
                            jit.add(s);
                        }
                    }
                }
            }
            group.put("latency", latency);
            group.put("rps", rps);
            group.put("cpu", cpu);
            group.put("jit", jit);
            groups.add(group);
        }
        data.put("groups", groups);
        return data;
    }

    /**
     * Cells grouped by the rows of the first end table (a group's cells are that row's columns). When every row holds a
     * single cell, the last row knob is dropped from the grouping, so that a chart compares cells instead of showing one.
     */
    static Map<String, List<CellView>> groups(ReportModel model) {
        Map<String, List<CellView>> out = new LinkedHashMap<>();
        if (model.tables().isEmpty()) {
            out.put("All cells", model.cells());
            return out;
        }
        TableView t = model.tables().get(0);
        int knobs = t.rowKnobs().size();
        boolean singletons = t.cells().stream().allMatch(row -> row.stream().filter(e -> e != null).count() <= 1);
        if (singletons && knobs > 0) {
            knobs--;
        }
        for (int r = 0; r < t.rows().size(); r++) {
            StringBuilder title = new StringBuilder();
            for (int k = 0; k < knobs; k++) {
                title.append(k == 0 ? "" : ", ").append(t.rowKnobs().get(k)).append(" = ").append(t.rows().get(r).get(k));
            }
            List<CellView> cells = out.computeIfAbsent(title.isEmpty() ? "All cells" : title.toString(), x -> new ArrayList<>());
            for (TableView.Entry e : t.cells().get(r)) {
                if (e != null) {
                    cells.add(e.cell());
                }
            }
        }
        return out;
    }

    private static Map<String, Object> series(String label, int color, boolean dashed, List<Map<String, Object>> points) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("label", label);
        s.put("color", color);
        s.put("dashed", dashed);
        s.put("points", points);
        return s;
    }

    private static List<Map<String, Object>> points(List<LatencyCurve.Point> pts) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (LatencyCurve.Point p : pts) {
            out.add(Map.of("x", p.x(), "y", num(p.y())));
        }
        return out;
    }

    /** Warm-up seconds first, then the measured seconds shifted by the warm-up length. */
    private static List<Map<String, Object>> perSecond(LoadResult load) {
        List<Map<String, Object>> out = new ArrayList<>();
        double warmupEnd = 0;
        for (SecondSample s : load.perSecond()) {
            if (ProgressLine.WARMUP_PHASE.equals(s.phase())) {
                warmupEnd = Math.max(warmupEnd, s.t());
            }
        }
        warmupEnd = Math.max(warmupEnd, load.warmupS());
        for (SecondSample s : load.perSecond()) {
            boolean warm = ProgressLine.WARMUP_PHASE.equals(s.phase());
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("x", warm ? s.t() : warmupEnd + s.t());
            m.put("y", s.ok());
            m.put("errors", s.errors());
            m.put("warmup", warm);
            out.add(m);
        }
        return out;
    }

    /** CPU cores between consecutive samples of cumulative CPU seconds. */
    private static List<Map<String, Object>> cores(List<ProcessSample> samples) {
        return rate(samples, ProcessSample::cpuS);
    }

    /** JIT compile milliseconds per second between consecutive samples that carry the JVM's counters. */
    private static List<Map<String, Object>> compileRate(List<ProcessSample> samples) {
        return rate(samples, ProcessSample::compileMs);
    }

    /** The per-second rate of a cumulative figure between consecutive samples where both have it. */
    private static List<Map<String, Object>> rate(List<ProcessSample> samples, Function<ProcessSample, Double> cumulative) {
        List<Map<String, Object>> out = new ArrayList<>();
        if (samples == null) {
            return out;
        }
        for (int i = 1; i < samples.size(); i++) {
            ProcessSample a = samples.get(i - 1);
            ProcessSample b = samples.get(i);
            Double from = cumulative.apply(a);
            Double to = cumulative.apply(b);
            double dt = b.t() - a.t();
            if (dt > 0 && from != null && to != null) {
                out.add(Map.of("x", b.t(), "y", Math.max(0, (to - from) / dt)));
            }
        }
        return out;
    }

    /** The throughput chart plus every group chart that has data. */
    @SuppressWarnings("unchecked")
    static int chartCount(Map<String, Object> data) {
        int n = 1;
        for (Map<String, Object> g : (List<Map<String, Object>>) data.get("groups")) {
            for (String kind : List.of("latency", "rps", "cpu", "jit")) {
                n += ((List<?>) g.get(kind)).isEmpty() ? 0 : 1;
            }
        }
        return n;
    }

    private static Object num(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
    }

    private static String json(Object o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- text and resources ----

    /** Escapes text for HTML element content and attribute values. */
    public static String esc(String s) {
        if (s == null) {
            return "-";
        }
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(ch);
            }
        }
        return sb.toString();
    }

    /** Makes script code safe inside a {@code <script>} element: it can never close it or open a comment. */
    static String scriptSafe(String s) {
        return s.replace("</", "<\\/").replace("<!--", "<\\!--");
    }

    static String chartJsVersion() {
        try (InputStream in = HtmlReport.class.getResourceAsStream(CHART_JS_PROPERTIES)) {
            if (in == null) {
                throw new IllegalStateException("Chart.js WebJar (org.webjars.npm:chart.js) is not on the classpath");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The Chart.js UMD bundle from the WebJar, without its source-map reference (the map is not shipped). */
    static String chartJs() {
        String path = "/META-INF/resources/webjars/chart.js/" + chartJsVersion() + "/dist/chart.umd.min.js";
        return read(path).replaceAll("//# sourceMappingURL=\\S*\\s*$", "");
    }

    private static String resource(String name) {
        return read("/dev/fluxlab/report/" + name);
    }

    static String read(String path) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
