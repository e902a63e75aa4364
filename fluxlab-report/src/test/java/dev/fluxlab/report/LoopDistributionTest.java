package dev.fluxlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Per-loop stats in results.json become bars in the report, and survive a JSON round trip. */
class LoopDistributionTest {

    private static RunResult withStats() throws Exception {
        return withStats(Map.of("frontend", Map.of("client_mode", "colocated", "loops", Map.of(
                "fluxlab-fe-nio-1", Map.of("frontend_requests", 900, "backend_connections", 4, "backend_responses", 1800),
                "fluxlab-fe-nio-2", Map.of("frontend_requests", 880, "backend_connections", 0, "backend_responses", 0)))));
    }

    private static RunResult withStats(Map<String, Object> stats) throws Exception {
        RunResult base = Fixtures.run();
        CellResult c = base.cells().get(0);
        RepeatResult r = c.repeats().get(0);
        RepeatResult r2 = new RepeatResult(r.repeat(), r.startedAt(), r.load(), r.processes(), r.findings(), r.valid(),
                r.reasons(), r.injectorCpuShare(), r.measuredS(), r.readiness(), stats, r.targetsFrom(), null, null, null);
        List<RepeatResult> repeats = new ArrayList<>(c.repeats());
        repeats.set(0, r2);
        List<CellResult> cells = new ArrayList<>(base.cells());
        cells.set(0, new CellResult(c.id(), c.index(), c.knobs(), c.versions(), repeats, c.summary(), c.valid(),
                c.reasons(), c.findings(), c.dir(), null, null));
        RunResult run = new RunResult(base.schema(), base.runId(), base.suite(), base.suiteFile(), base.description(),
                base.status(), base.startedAt(), base.finishedAt(), base.environment(), base.tables(), base.settings(),
                cells, base.noise());
        return Json.read(Json.write(run), RunResult.class);
    }

    @Test
    void barsPerLoopForCellsWithStats() throws Exception {
        RunResult run = withStats();
        assertTrue(Json.write(run).contains("\"target_stats\""), "snake_case field in results.json");
        String html = HtmlReport.render(run);
        assertTrue(html.contains("Per-event-loop distribution"));
        assertTrue(html.contains("fluxlab-fe-nio-1") && html.contains("fluxlab-fe-nio-2"));
        assertTrue(html.contains("1,800"), "backend responses of the busy loop");
        assertEquals(1, html.split("<figure class=\"loops\">", -1).length - 1, "one block: one cell has stats");
    }

    @Test
    void stealCountersGetColumnsOnlyWhereReported() throws Exception {
        assertTrue(!HtmlReport.render(withStats()).contains("<th>stolen by</th>"), "no steal columns for a colocated frontend");
        String html = HtmlReport.render(withStats(Map.of("frontend", Map.of("client_mode", "work-stealing", "loops",
                Map.of("fluxlab-fe-nio-1", Map.of("frontend_requests", 900, "stolen_by", 4321, "stolen_from", 0),
                        "fluxlab-fe-nio-2", Map.of("frontend_requests", 880, "stolen_by", 0, "stolen_from", 4321))))));
        assertTrue(html.contains("<th>stolen by</th>") && html.contains("<th>stolen from</th>"), "steal columns");
        assertTrue(html.contains("4,321"), "the steal count is drawn");
    }

    @Test
    void noSectionWithoutStats() {
        assertEquals("", LoopDistribution.html(Fixtures.run().cells()));
    }

    @Test
    void backendConnectionsPerLoopInSummaryAndHtml() throws Exception {
        RunResult run = withStats(Map.of("frontend", Map.of("client_mode", "no-colocation", "loops", Map.of(
                "fluxlab-client-nio-1", Map.of("backend_connections", 8, "backend_responses", 900),
                "fluxlab-client-nio-2", Map.of("backend_connections", 7, "backend_responses", 880),
                "fluxlab-fe-nio-1", Map.of("frontend_requests", 1780, "backend_connections", 0)))));
        String md = MarkdownReport.render(run);
        assertTrue(md.contains("## Backend connections per event loop"), md);
        assertTrue(md.contains("| frontend | no-colocation | 2 | fluxlab-client-nio-1 8 · fluxlab-client-nio-2 7 |"), md);
        String html = HtmlReport.render(run);
        assertTrue(html.contains("<h3>Backend connections per event loop</h3>"), "the table heads the loop section");
        assertTrue(html.contains("fluxlab-client-nio-1 8 · fluxlab-client-nio-2 7"), "per-loop counts in the HTML");
        // a process whose stats count no backend connections (a plain server) adds no row
        assertTrue(!MarkdownReport.render(withStats(Map.of("backend", Map.of("loops", Map.of(
                "reactor-http-nio-1", Map.of("requests", 5)))))).contains("Backend connections per event loop"));
    }
}
