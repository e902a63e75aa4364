package dev.fluxlab.report;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.results.ResultsFile;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.Stat;
import dev.fluxlab.model.run.TableSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The seeds' own tables: only the knobs that vary are columns, a wide table fits the terminal, several figures make
 * the columns, and the seed's figures stand beside the measured ones.
 */
class SeedTablesTest {

    /** Ten targets, each with its own settings (mostly "-" elsewhere), and two constant row knobs: webflux-schedulers. */
    static RunResult schedulersLike() {
        List<String> own = List.of("virtual-threads", "max-keep-alive-requests", "transport", "workers", "backlog",
                "tcp-fastopen", "allocator", "so-keepalive", "virtual-scheduler");
        List<CellResult> cells = new ArrayList<>();
        for (int t = 0; t < 10; t++) {
            for (String scenario : List.of("01-async-pool", "03-elastic", "04-direct")) {
                Map<String, String> knobs = new LinkedHashMap<>();
                knobs.put("target", "target-" + t);
                knobs.put("scenario", scenario);
                knobs.put("heap", "512m");
                knobs.put("connections", "200");
                if (t > 0) {
                    knobs.put(own.get(t - 1), "value-" + t); // each target sets one knob of its own
                }
                if (t == 9) {
                    own.forEach(k -> knobs.putIfAbsent(k, "many"));
                }
                cells.add(cell(cells.size() + 1, knobs, 10_000 + 1_234.5 * t, 2.5, 0.4));
            }
        }
        return run(cells, List.of(new TableSpec("req/s by endpoint", List.of("scenario", "heap", "connections"),
                List.of("target"), "throughput_rps")));
    }

    @Test
    void knobColumnsThatDoNotVaryWithinTheTableAreSaidOnceAboveIt() {
        TableView t = ReportModel.of(schedulersLike()).tables().get(0);
        assertEquals(List.of("scenario"), t.rowKnobs(), "11 knob columns of one value per table or per column are gone");
        assertEquals(3, t.rows().size(), "one row per endpoint, as the seed's table");
        assertEquals(10, t.columnCount());
        assertEquals("all rows: heap=512m, connections=200", t.fixed().get(0));
        assertTrue(t.fixed().contains("target=target-1: virtual-threads=value-1"), t.fixed().toString());
        assertTrue(t.fixed().stream().anyMatch(l -> l.startsWith("target=target-9: virtual-threads=many, ")), t.fixed().toString());
        List<String> text = TextReport.table(t, 1000);
        String header = text.stream().filter(l -> l.startsWith("scenario")).findFirst().orElseThrow();
        for (String k : List.of("heap", "connections", "virtual-threads", "workers", "virtual-scheduler")) {
            assertFalse(header.contains(k), k + " is no column: " + header);
        }
        assertEquals(1, text.stream().filter(l -> l.contains("heap=512m")).count(), "said once: " + text);
        assertEquals(1, text.stream().filter(l -> l.contains("virtual-scheduler=")).count(), "said once: " + text);
        assertEquals(2, text.stream().filter(l -> l.contains("workers=")).count(), "target-4's and target-9's: " + text);
    }

    @Test
    void aTableWiderThanTheTerminalIsSplitIntoPartsThatRepeatTheRowKeys() {
        List<String> header = new ArrayList<>(List.of("scenario", "transport"));
        List<Boolean> right = new ArrayList<>(List.of(false, false));
        List<List<String>> rows = new ArrayList<>();
        for (int c = 0; c < 20; c++) {
            header.add("target=column-" + c + " (req/s)");
            right.add(true);
        }
        for (int r = 0; r < 4; r++) {
            List<String> row = new ArrayList<>(List.of("scenario-" + r, "epoll"));
            for (int c = 0; c < 20; c++) {
                row.add(String.format("%,d", 10_000 * (r + 1) + c));
            }
            rows.add(row);
        }
        assertTrue(TextGrid.lines(header, right, rows).get(0).length() > 300, "the grid is over 300 columns wide");
        List<List<String>> parts = TextGrid.fit(header, right, rows, 2, 120);
        assertTrue(parts.size() >= 4, "split: " + parts.size());
        int shown = 0;
        for (List<String> part : parts) {
            part.forEach(l -> assertTrue(l.length() <= 120, l.length() + ": " + l));
            assertTrue(part.get(0).matches("scenario\\s+transport\\s+target=.*"), part.get(0));
            assertEquals(4, part.size() - 2, "every row, its keys repeated");
            assertTrue(part.get(2).matches("scenario-0\\s+epoll\\s+\\d.*"), part.get(2));
            shown += part.get(0).split("target=").length - 1;
        }
        assertEquals(20, shown, "every column once");
        assertEquals(1, TextGrid.fit(header, right, rows, 2, 1000).size(), "a table that fits stays one");

        List<String> report = TextReport.lines(ReportModel.of(schedulersLike()), 120);
        int start = report.indexOf(report.stream().filter(l -> l.startsWith("req/s by endpoint")).findFirst().orElseThrow());
        int end = report.indexOf(report.stream().filter(l -> l.startsWith("Cells (")).findFirst().orElseThrow());
        report.subList(start + 1, end).forEach(l -> assertTrue(l.length() <= 120, l.length() + ": " + l));
        assertTrue(report.subList(start, end).stream().filter(l -> l.startsWith("scenario")).count() > 1, "split in parts");
        report.subList(end + 1, report.size()).forEach(l -> assertTrue(l.length() <= 120, "detail table: " + l));
    }

    @Test
    void severalFiguresMakeTheColumnsReadFromResultsJson(@TempDir Path dir) throws Exception {
        List<CellResult> cells = new ArrayList<>();
        for (String strategy : List.of("parallel", "mono")) {
            for (String users : List.of("50", "500")) {
                Map<String, String> knobs = new LinkedHashMap<>();
                knobs.put("target", "fanout");
                knobs.put("strategy", strategy);
                knobs.put("connections", users);
                cells.add(cell(cells.size() + 1, knobs, strategy.equals("mono") ? 650 : 250, 190.5, 1.25));
            }
        }
        TableSpec spec = new TableSpec("per strategy", List.of("strategy", "connections"), List.of(),
                List.of("throughput_rps", "latency_mean_ms", "error_rate", "cpu_cores.service"), null);
        Path file = dir.resolve("results.json");
        Files.writeString(file, Json.write(run(cells, List.of(spec))));
        TableView t = ReportModel.of(ResultsFile.read(file)).tables().get(0);
        assertEquals(List.of("strategy", "connections", "Throughput (req/s)", "Latency mean (ms)", "Error rate (%)",
                "CPU cores of service (cores)"), t.header());
        assertEquals(List.of(), t.fixed(), "the row knobs vary; the constant target is no row knob");
        List<String> mono500 = TextReport.table(t, 1000).stream().filter(l -> l.startsWith("mono      500")).toList();
        assertEquals(1, mono500.size());
        assertTrue(mono500.get(0).matches("mono\\s+500\\s+650\\s+191\\s+0%\\s+1\\.25"), mono500.get(0));
        String md = MarkdownReport.render(ReportModel.of(ResultsFile.read(file)));
        assertTrue(md.contains("| strategy | connections | Throughput (req/s) | Latency mean (ms) | Error rate (%) | "
                + "CPU cores of service (cores) |"), md);
    }

    @Test
    void theSeedsOwnFiguresStandBesideTheMeasuredOnesWithTheirSource() {
        RunResult base = schedulersLike();
        TableSpec.Seed seed = new TableSpec.Seed("002_d04c1b3181923e70.txt", List.of(
                new TableSpec.SeedFigures(Map.of("target", "target-0", "scenario", "03-elastic"),
                        Map.of("throughput_rps", 9109.52)),
                new TableSpec.SeedFigures(Map.of("target", "target-0", "scenario", "01-async-pool"),
                        Map.of("throughput_rps", 99.77, "latency_p99_ms", 10012.0))));
        TableSpec spec = new TableSpec("ab's block", List.of("target", "scenario"), List.of(),
                List.of("throughput", "latency_p99_ms"), seed);
        ReportModel model = ReportModel.of(run(base.cells(), List.of(spec)));
        TableView t = model.tables().get(0);
        assertEquals("002_d04c1b3181923e70.txt", t.seedSource());
        assertEquals("10,000 (seed: 9,110)", t.valueText(t.cells().get(1).get(0)));
        assertEquals("10,000 (seed: 99.8)", t.valueText(t.cells().get(0).get(0)), "a small value keeps its decimals");
        assertEquals("2.50 (seed: 10,012)", t.valueText(t.cells().get(0).get(1)));
        assertEquals("2.50", t.valueText(t.cells().get(1).get(1)), "no seed figure: none shown");
        assertEquals("11,235", t.valueText(t.cells().get(3).get(0)), "another target: none shown");
        assertTrue(String.join("\n", TextReport.lines(model, 120)).contains("seed: the seed's own figure, from 002_d04c1b3181923e70.txt"));
        String md = MarkdownReport.render(model);
        assertTrue(md.contains("| target-0 | 03-elastic | 10,000 (seed: 9,110) |"), md);
        String html = HtmlReport.render(model);
        assertTrue(html.contains("<span class=\"seed\">(seed: 9,110)</span>"), "html");
        assertTrue(html.contains("th class=\"knob key\">target</th>"), "the row keys are marked for the sticky columns");
    }

    static CellResult cell(int index, Map<String, String> knobs, double rps, double latencyMs, double cores) {
        Map<String, Stat> latency = new LinkedHashMap<>();
        latency.put("mean", Stat.of(List.of(latencyMs)));
        latency.put("p99", Stat.of(List.of(latencyMs)));
        CellSummary summary = new CellSummary(Stat.of(List.of(rps)), latency, Stat.of(List.of(0.0)),
                Stat.of(List.of(0.0)), Map.of("service", Stat.of(List.of(40.0))),
                Map.of("service", Stat.of(List.of(cores))), Map.of("service", Stat.of(List.of(200.0))),
                Stat.of(List.of(5.0)));
        return new CellResult("cell-" + index, index, knobs, Map.of(), List.of(), summary, true, List.of(), List.of(),
                null, null, null);
    }

    static RunResult run(List<CellResult> cells, List<TableSpec> tables) {
        return new RunResult(RunResult.SCHEMA, "tables-1", "synthetic", "suites/synthetic.yaml", null, "complete",
                "2026-12-07T06:00:00Z", "2026-12-07T06:10:00Z", null, tables, Map.of(), cells, null);
    }
}
