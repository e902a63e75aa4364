package dev.fluxlab.report;

import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.TableSpec;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportModelTest {

    @Test
    void derivedSpecPutsTheKnobWithFewestValuesInColumnsAndTheRestInRows() {
        RunResult run = Fixtures.run();
        ReportModel model = ReportModel.of(run);
        assertEquals(List.of("protocol", "transport"), model.varying(), "constant knobs (target, connections) do not vary");
        assertEquals(1, model.tables().size());
        TableView t = model.tables().get(0);
        // protocol and transport both have 2 values: the first in suite order wins the columns
        assertEquals(List.of("protocol"), t.columnKnobs());
        assertEquals(List.of("transport"), t.rowKnobs());
        assertEquals(List.of(List.of("epoll"), List.of("nio")), t.rows());
        assertEquals(List.of(List.of("http1.1"), List.of("h2c")), t.columns());
        assertEquals("Throughput by transport x protocol", t.title());
        assertEquals(Figure.THROUGHPUT, t.figure());
        assertTrue(t.notes().isEmpty(), t.notes().toString());
    }

    @Test
    void cellsLandOnTheirKnobsWithMarkersAndFootnotes() {
        TableView t = ReportModel.of(Fixtures.run()).tables().get(0);
        TableView.Entry http1Epoll = t.cells().get(0).get(0);
        TableView.Entry h2cEpoll = t.cells().get(0).get(1);
        TableView.Entry http1Nio = t.cells().get(1).get(0);
        TableView.Entry h2cNio = t.cells().get(1).get(1);
        assertNull(http1Nio, "no cell has http1.1 + nio");
        assertEquals(50_000, http1Epoll.value().median());
        assertEquals("50,000 ±2%", t.valueText(http1Epoll));
        assertEquals("", http1Epoll.markers());
        assertEquals("*[1]", h2cEpoll.markers(), "log finding");
        assertEquals("![2]", h2cNio.markers(), "invalid");
        assertEquals("37,500 ±20%", t.valueText(h2cNio), "median of two repeats, ±half range");
        assertEquals(2, t.footnotes().size());
        TableView.Footnote f1 = t.footnotes().get(0);
        assertEquals("h2c / epoll", f1.cellLabel());
        assertFalse(f1.invalid());
        assertEquals(List.of("reactor-netty: IllegalReferenceCountException x3"), f1.findings());
        TableView.Footnote f2 = t.footnotes().get(1);
        assertTrue(f2.invalid());
        assertEquals(2, f2.reasons().size());
    }

    @Test
    void aSuiteSpecIsHonouredAndVaryingKnobsItLeavesOutAreAddedToTheRows() {
        RunResult base = Fixtures.run();
        RunResult run = withTables(base, List.of(new TableSpec("p99 by protocol", List.of("protocol"), List.of(), "latency_p99_ms")));
        TableView t = ReportModel.of(run).tables().get(0);
        assertEquals("p99 by protocol", t.title());
        assertEquals(List.of("protocol", "transport"), t.rowKnobs());
        assertEquals(3, t.rows().size(), "every cell keeps its own row");
        assertEquals(1, t.columns().size());
        assertEquals("ms", t.figure().unit());
        assertTrue(t.notes().get(0).contains("transport"), t.notes().toString());
        assertEquals("Latency p99", t.columnHeader(0));
    }

    @Test
    void anUnknownFigureFallsBackToThroughputWithANote() {
        RunResult run = withTables(Fixtures.run(), List.of(new TableSpec(null, List.of("transport"), List.of("protocol"), "bogus")));
        TableView t = ReportModel.of(run).tables().get(0);
        assertEquals(Figure.THROUGHPUT, t.figure());
        assertTrue(t.notes().get(0).contains("bogus"));
    }

    @Test
    void singleVaryingKnobMakesTheRows() {
        RunResult base = Fixtures.run();
        RunResult run = new RunResult(base.schema(), base.runId(), base.suite(), base.suiteFile(), base.description(), base.status(),
                base.startedAt(), base.finishedAt(), base.environment(), null, base.settings(), base.cells().subList(1, 3), base.noise());
        TableView t = ReportModel.of(run).tables().get(0);
        assertEquals(List.of("transport"), t.rowKnobs());
        assertEquals(List.of(), t.columnKnobs());
        assertEquals(2, t.rows().size());
        assertEquals("Throughput", t.columnHeader(0));
    }

    @Test
    void figureNames() {
        assertEquals("ms", Figure.parse("p999_ms").unit());
        assertEquals("cores", Figure.parse("cpu_cores.reactor-netty").unit());
        assertEquals("µs/req", Figure.parse("cpu_per_request_us.reactor-netty").unit());
        assertNotNull(Figure.parse("error_rate"));
        // the runner's suite vocabulary: per-process figures without a name are the target's, never the injector's
        CellView cell = ReportModel.of(Fixtures.run()).cells().get(0);
        assertEquals(18.0, Figure.parse("cpu_per_request_us").value().apply(cell).median(), 1e-9);
        assertEquals(9.0, Figure.parse("cpu_per_request_us.fluxlab-load").value().apply(cell).median(), 1e-9);
        assertEquals(180.0, Figure.parse("rss_max_mb").value().apply(cell).median(), 1e-9);
        assertEquals("max", Figure.parse("latency_max_ms").label().substring("Latency ".length()));
        assertNull(Figure.parse("nonsense"));
    }

    @Test
    void latencyCurveDecodesAndMergesTheRepeatHistograms() {
        CellView open = ReportModel.of(Fixtures.run()).cells().get(1);
        LatencyCurve curve = LatencyCurve.of(open.cell().repeats());
        assertEquals(60_000, curve.count(), "3 repeats x 20,000 values");
        assertFalse(curve.corrected().isEmpty());
        assertFalse(curve.uncorrected().isEmpty(), "the open-model cell's corrected tail differs from the uncorrected one");
        LatencyCurve.Point first = curve.corrected().get(0);
        assertEquals(1, first.x());
        LatencyCurve.Point last = curve.corrected().get(curve.corrected().size() - 1);
        assertTrue(last.x() >= 10_000 && last.x() <= 60_000, "up to the percentile the count supports: " + last.x());
        assertTrue(last.y() > first.y());
        CellView closed = ReportModel.of(Fixtures.run()).cells().get(0);
        assertTrue(LatencyCurve.of(closed.cell().repeats()).uncorrected().isEmpty(), "identical curves are drawn once");
        assertEquals("99.9%", LatencyCurve.percentileLabel(1000));
        assertEquals("50%", LatencyCurve.percentileLabel(2));
        assertNull(LatencyCurve.decode("not base64!"));
    }

    static RunResult withTables(RunResult b, List<TableSpec> tables) {
        return new RunResult(b.schema(), b.runId(), b.suite(), b.suiteFile(), b.description(), b.status(), b.startedAt(),
                b.finishedAt(), b.environment(), tables, b.settings(), b.cells(), b.noise());
    }
}
