package dev.fluxlab.report;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.FigureName;
import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.model.run.Stat;
import dev.fluxlab.model.run.TableSpec;
import dev.fluxlab.model.suite.Suite;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Ratio figures ({@code throughput_rps/target=netty}) and the log-findings figure of the frameworks suite. */
class RatioFigureTest {

    private static Stat one(double v) {
        return Stat.of(List.of(v));
    }

    private static CellResult cell(int i, String target, String scenario, double rps, double cpuUs, long findings) {
        Map<String, String> knobs = new java.util.LinkedHashMap<>();
        knobs.put("target", target);
        knobs.put("scenario", scenario);
        CellSummary s = new CellSummary(one(rps), Map.of(), one(0), one(0), Map.of(target, one(cpuUs)),
                Map.of(target, one(1)), Map.of(), one(5));
        List<LogFinding> f = findings == 0 ? List.of()
                : List.of(new LogFinding(target, "IndexOutOfBoundsException", findings, List.of("x")));
        return new CellResult(Suite.id(knobs), i, knobs, Map.of(), List.of(), s, true, List.of(), f, null, null, null);
    }

    private final List<CellView> cells = List.of(
            cell(1, "netty", "plaintext", 100_000, 10, 0),
            cell(2, "netty", "json", 80_000, 12, 0),
            cell(3, "reactor-netty", "plaintext", 60_000, 20, 2),
            cell(4, "undertow", "json", 40_000, 18, 0)).stream()
            .map(c -> CellView.of(c, List.of("target", "scenario"))).toList();

    @Test
    void throughputShareOfTheCeiling() {
        TableView t = ReportModel.table(new TableSpec("share", List.of("target"), List.of("scenario"),
                "throughput_rps/target=netty"), cells, List.of("target", "scenario"));
        assertTrue(t.notes().isEmpty(), t.notes().toString());
        assertEquals(1.0, t.cells().get(0).get(0).value().median(), 1e-9);
        assertEquals(0.6, t.cells().get(1).get(0).value().median(), 1e-9);
        assertEquals(0.5, t.cells().get(2).get(1).value().median(), 1e-9);
        assertEquals("0.60", t.figure().format(0.6));
    }

    /** The reference cell divided by itself is exactly 1, without the band its repeats' range would give it. */
    @Test
    void theReferenceCellIsExactlyOne() {
        CellSummary s = new CellSummary(Stat.of(List.of(96_000.0, 100_000.0, 104_000.0)), Map.of(), one(0), one(0),
                Map.of(), Map.of(), Map.of(), one(5));
        Map<String, String> knobs = new java.util.LinkedHashMap<>(Map.of("target", "netty", "scenario", "plaintext"));
        CellView ref = CellView.of(new CellResult(Suite.id(knobs), 1, knobs, Map.of(), List.of(), s, true, List.of(),
                List.of(), null, null, null), List.of("target", "scenario"));
        Stat r = Figure.ratio("throughput_rps/target=netty", List.of(ref)).value().apply(ref);
        assertEquals(1.0, r.median(), 0);
        assertEquals(1.0, r.min(), 0);
        assertEquals(1.0, r.max(), 0, "not 0.92..1.08 from its own ±4%");
    }

    /** Two stacks side by side: each ratio carries compare's verdict against its reference cell, in the figure's direction. */
    @Test
    void aRatioCarriesCompareVerdictAgainstItsReference() {
        List<CellView> ab = List.of(
                cell(1, "rn-1.3", "plaintext", 100_000, 10, 0),
                cell(2, "rn-1.2", "plaintext", 98_000, 12, 0),
                cell(3, "rn-1.3", "json", 80_000, 10, 0),
                cell(4, "rn-1.2", "json", 60_000, 9, 0)).stream()
                .map(c -> CellView.of(c, List.of("target", "scenario"))).toList();
        TableView t = ReportModel.table(new TableSpec("ab", List.of("scenario"), List.of("target"),
                "throughput_rps/target=rn-1.3"), ab, List.of("target", "scenario"));
        assertNull(t.figure().verdictText(ab.get(0)), "the reference has no verdict against itself");
        assertEquals("within noise", t.figure().verdictText(ab.get(1)), "2 % is inside a single repeat's 3 %");
        assertEquals("worse", t.figure().verdictText(ab.get(3)));
        assertEquals("0.75 (worse)", t.valueText(t.cells().get(1).get(1)));
        Figure cpu = Figure.ratio("cpu_per_request_us/target=rn-1.3", ab);
        assertEquals("worse", cpu.verdictText(ab.get(1)), "more CPU per request is worse");
        assertEquals("better", cpu.verdictText(ab.get(3)));
        assertNull(Figure.THROUGHPUT.verdictText(ab.get(1)), "only ratios carry verdicts");
    }

    @Test
    void cpuPerRequestRatioAndMissingReference() {
        TableView t = ReportModel.table(new TableSpec("cpu", List.of("target"), List.of("scenario"),
                "cpu_per_request_us/target=netty"), cells, List.of("target", "scenario"));
        assertEquals(2.0, t.cells().get(1).get(0).value().median(), 1e-9);
        assertEquals(1.5, t.cells().get(2).get(1).value().median(), 1e-9);
        assertNull(Figure.ratio("throughput_rps", cells));
        TableView perProcess = ReportModel.table(new TableSpec("cpu", List.of("target"), List.of("scenario"),
                "cpu_per_request_us.netty/target=netty"), cells, List.of("target", "scenario"));
        assertEquals("x", perProcess.figure().unit(), "a per-process figure with a ratio suffix is a ratio");
        assertEquals(1.0, perProcess.cells().get(0).get(0).value().median(), 1e-9);
        assertNull(Figure.ratio("nonsense/target=netty", cells));
        Stat none = Figure.ratio("throughput_rps/target=jetty", cells).value().apply(cells.get(0));
        assertEquals(0, none.n(), "no reference cell: no figure");
    }

    @Test
    void logFindingsFigure() {
        Figure f = Figure.parse("log_findings");
        assertEquals(2, f.value().apply(cells.get(2)).median(), 1e-9);
        assertEquals(0, f.value().apply(cells.get(0)).median(), 1e-9);
        assertTrue(FigureName.isFigure("log_findings"));
        assertTrue(FigureName.isFigure("throughput_rps/target=netty"));
        assertTrue(FigureName.isFigure("cpu_per_request_us.injector/injector=fluxlab"));
        assertFalse(FigureName.isFigure("bogus/target=netty"));
    }
}
