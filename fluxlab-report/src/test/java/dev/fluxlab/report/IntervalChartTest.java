package dev.fluxlab.report;

import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.run.ClaimResult.PairInterval;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IntervalChartTest {

    private static final PairInterval WITHIN = new PairInterval("base", "twin", 0.985, 0.957, 1.014, 0.995, 30, "holds",
            1 / 1.05, 1.05);
    private static final PairInterval FAR = new PairInterval("non-blocking", "blocking", 180.5, 143.7, 226.8, 0.99, 5,
            "holds", 10.0, null);

    @Test
    void theAxisIsLogarithmicAndHoldsEveryFigureAndOne() {
        double[] d = IntervalChart.domain(List.of(FAR));
        assertTrue(d[0] < 1 && d[1] > 226.8, d[0] + " .. " + d[1]);
        // on a log axis 10x sits as far from 1 as 100x from 10x
        double one = IntervalChart.x(1, d);
        double ten = IntervalChart.x(10, d);
        double hundred = IntervalChart.x(100, d);
        assertEquals(ten - one, hundred - ten, 1e-9);
        // the interval sits right of the claim's end at 10x: the reader sees it holds
        assertTrue(IntervalChart.x(143.7, d) > ten);
    }

    @Test
    void aPairReadsInWordsAndInTheDrawing() {
        String svg = IntervalChart.svg(List.of(WITHIN, FAR));
        assertTrue(svg.startsWith("<svg class=\"interval-chart\""), svg);
        assertTrue(svg.contains("height=\"" + 2 * IntervalChart.ROW + "\""), svg);
        assertTrue(svg.contains("class=\"ic-range\""), "the claim's range is shaded");
        assertTrue(svg.contains("class=\"ic-holds ic-bar\""), svg);
        assertTrue(svg.contains("base / twin = 0.985x [0.957x, 1.014x], 99.5 % interval from 30 paired windows: holds; "
                + "the claim holds for A / B between 0.952x and 1.050x"), svg);
        assertTrue(svg.contains("the claim holds for A / B above 10.0x"), svg);
    }

    @Test
    void anUnknownUpperEndRunsToTheEdgeAndOldResultsDrawWithoutARange() {
        PairInterval open = new PairInterval("a", "b<!--", 1.02, 0.9, Double.POSITIVE_INFINITY, 0.95, 5, "open");
        String svg = IntervalChart.svg(List.of(open));
        assertTrue(svg.contains("class=\"ic-open ic-bar\""), svg);
        assertTrue(!svg.contains("ic-range"), "no range recorded, none drawn");
        assertTrue(svg.contains("a / b&lt;!--"), "labels are escaped: " + svg);
        assertEquals("", IntervalChart.svg(List.of()));
        assertEquals("", IntervalChart.svg(null));
    }

    /** A narrow range on a wide axis: its two end labels read outwards from it instead of over each other. */
    @Test
    void closeEndsOfARangeDoNotOverlap() {
        PairInterval wide = new PairInterval("elastic", "vt", 0.74, 0.256, 2.133, 0.983, 5, "open", 1 / 1.1, 1.1);
        String svg = IntervalChart.svg(List.of(wide));
        assertTrue(svg.contains("style=\"text-anchor:end\" class=\"ic-end\">0.909x"), svg);
        assertTrue(svg.contains("style=\"text-anchor:start\" class=\"ic-end\">1.100x"), svg);
        assertTrue(!IntervalChart.svg(List.of(WITHIN)).contains("text-anchor"), "ends far apart stay centred");
    }

    @Test
    void reportHtmlDrawsADecidedClaimsIntervals() {
        ClaimResult decided = new ClaimResult("base within 5 % of twin", "calibration", null, "throughput_rps",
                "within 5%", List.of(), "confirmed", "base / twin = 0.985x [0.957, 1.014]", null,
                ClaimResult.INTERLEAVED, List.of(WITHIN), null, null);
        RunResult run = ClaimsReportTest.withClaims(Fixtures.run(), List.of(decided));
        String html = HtmlReport.render(run);
        int claims = html.indexOf("<section id=\"claims\">");
        int chart = html.indexOf("<svg class=\"interval-chart\"");
        assertTrue(claims >= 0 && chart > claims && chart < html.indexOf("</section>", claims), "chart in the claims section");
        // the cells' own figures may disagree with windows taken in turns: every report says which the verdict read
        String note = "(the cells' figures, measured one after another; the verdict reads the interleaved windows)";
        assertTrue(html.contains(HtmlReport.esc(note)), html);
        assertTrue(TextReport.lines(ReportModel.of(run)).contains("      " + note));
        assertTrue(MarkdownReport.render(run).contains(note));
    }
}
