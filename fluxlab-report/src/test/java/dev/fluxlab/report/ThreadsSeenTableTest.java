package dev.fluxlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fan-out targets' threads seen, recorded in target_stats, become one "Threads seen" table in both reports. */
class ThreadsSeenTableTest {

    private static Map<String, Object> doc(String strategy, Map<String, Long> request, Map<String, Long> component) {
        return Map.of("threads_seen", Map.of(strategy, Map.of("request", request, "component", component)));
    }

    /** Cells 1 and 2: one mono service at 50 and 500 users (shared JVM); cell 3: a parallel service. */
    private static RunResult run() throws Exception {
        RunResult base = Fixtures.run();
        List<Map<String, Object>> stats = List.of(
                Map.of("service", doc("mono", Map.of("fluxlab-fanout-epoll-*", 100L),
                        Map.of("fluxlab-fanout-epoll-*", 300L))),
                Map.of("service", doc("mono", Map.of("fluxlab-fanout-epoll-*", 1000L),
                        Map.of("fluxlab-fanout-epoll-*", 3000L))),
                Map.of("service", doc("parallel", Map.of("fluxlab-fanout-epoll-*", 500L),
                        Map.of("parallel-*", 1200L, "fluxlab-fanout-epoll-*", 300L))));
        String[] strategy = {"mono", "mono", "parallel"};
        String[] users = {"50", "500", "500"};
        List<CellResult> cells = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            CellResult c = base.cells().get(i);
            Map<String, String> knobs = new LinkedHashMap<>();
            knobs.put("target", "fanout");
            knobs.put("strategy", strategy[i]);
            knobs.put("scenario", "fanout");
            knobs.put("connections", users[i]);
            List<RepeatResult> repeats = new ArrayList<>();
            for (RepeatResult r : c.repeats()) {
                repeats.add(new RepeatResult(r.repeat(), r.startedAt(), r.load(), r.processes(), r.findings(),
                        r.valid(), r.reasons(), r.injectorCpuShare(), r.measuredS(), r.readiness(), stats.get(i),
                        r.targetsFrom(), null, null, null));
            }
            cells.add(new CellResult(c.id() + i, c.index(), knobs, c.versions(), repeats, c.summary(), c.valid(),
                    c.reasons(), c.findings(), c.dir(), null, null));
        }
        RunResult run = new RunResult(base.schema(), base.runId(), base.suite(), base.suiteFile(), base.description(),
                base.status(), base.startedAt(), base.finishedAt(), base.environment(), base.tables(), base.settings(),
                cells, base.noise());
        return Json.read(Json.write(run), RunResult.class);
    }

    @Test
    void oneRowPerProcessSetStrategyAndRoleFromTheLastCellOfEachSet() throws Exception {
        PlacementTables t = ThreadsSeenTable.of(ReportModel.of(run()));
        assertEquals(List.of("processes", "cell", "process", "strategy", "role", "threads seen"), t.header());
        assertEquals(List.of(
                List.of("fanout strategy=mono", "#2", "service", "mono", "request", "fluxlab-fanout-epoll-* 100.0 % (1,000)"),
                List.of("fanout strategy=mono", "#2", "service", "mono", "component", "fluxlab-fanout-epoll-* 100.0 % (3,000)"),
                List.of("fanout strategy=parallel", "#3", "service", "parallel", "request", "fluxlab-fanout-epoll-* 100.0 % (500)"),
                List.of("fanout strategy=parallel", "#3", "service", "parallel", "component",
                        "parallel-* 80.0 % (1,200); fluxlab-fanout-epoll-* 20.0 % (300)")), t.rows());
    }

    @Test
    void bothReportsShowTheTable() throws Exception {
        RunResult run = run();
        String md = MarkdownReport.render(run);
        assertTrue(md.contains("## Threads seen"), md);
        assertTrue(md.contains("parallel-\\* 80.0 % (1,200)"), "markdown escapes the pattern's star: " + md);
        String html = HtmlReport.render(run);
        assertTrue(html.contains("<section id=\"threads-seen\">"));
        assertTrue(html.contains("parallel-* 80.0 % (1,200)"));
    }

    @Test
    void noTableWithoutThreadsSeen() {
        assertTrue(ThreadsSeenTable.of(ReportModel.of(Fixtures.run())).rows().isEmpty());
        assertFalse(MarkdownReport.render(Fixtures.run()).contains("Threads seen"));
        assertFalse(HtmlReport.render(Fixtures.run()).contains("threads-seen"));
    }
}
