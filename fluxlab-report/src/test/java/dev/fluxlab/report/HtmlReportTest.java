package dev.fluxlab.report;

import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HtmlReportTest {

    private static final String HTML = HtmlReport.render(Fixtures.run());

    @Test
    void noExternalResources() {
        // nothing the browser would fetch: no src/href/url()/@import/srcset pointing off the page
        Matcher m = Pattern.compile("(?i)(src|href|srcset|action|poster|data)\\s*=\\s*[\"']?\\s*(https?:)?//").matcher(HTML);
        assertFalse(m.find(), () -> "external reference: " + HTML.substring(Math.max(0, m.start() - 80), Math.min(HTML.length(), m.end() + 80)));
        assertFalse(Pattern.compile("(?i)url\\(\\s*[\"']?\\s*(https?:)?//").matcher(HTML).find(), "CSS url() to the network");
        assertFalse(HTML.contains("@import"), "CSS @import");
        assertFalse(Pattern.compile("(?i)<link\\b").matcher(HTML).find(), "no <link> elements at all");
        assertFalse(Pattern.compile("(?i)<script[^>]*\\ssrc=").matcher(HTML).find(), "scripts are inline");
        assertFalse(HTML.contains("sourceMappingURL"), "no source map request");
        assertFalse(Pattern.compile("(?i)<img\\b").matcher(HTML).find(), "no images");
    }

    @Test
    void inlinesTheChartLibraryAndTheData() {
        assertTrue(HTML.contains("Chart.js v" + HtmlReport.chartJsVersion()), "the library's banner");
        assertTrue(HTML.length() > 150_000, "the whole library is inlined: " + HTML.length());
        int data = HTML.indexOf("<script type=\"application/json\" id=\"fluxlab-data\">");
        assertTrue(data > 0);
        String json = HTML.substring(data, HTML.indexOf("</script>", data));
        assertTrue(json.contains("\"throughput\":[{\"label\":\"http1.1 / epoll\""), json.substring(0, Math.min(400, json.length())));
        assertTrue(json.contains("\"latency\""));
        assertTrue(json.contains("(uncorrected)"), "the open-model cell's uncorrected curve is there");
        assertTrue(HTML.contains("data-charts-expected=\"9\""), "1 throughput chart + 4 per group x 2 groups");
        assertEquals(9, HtmlReport.chartCount(HtmlReport.chartData(ReportModel.of(Fixtures.run()))));
        assertTrue(json.contains("\"jit\":[{"), "the JIT compile timeline has series");
        assertTrue(HTML.contains("id=\"chart-jit-0\""), "and a canvas beside the req/s timeline");
    }

    @Test
    void cellsThatWouldEachBeAloneInAGroupShareOne() {
        var base = Fixtures.run();
        var run = new dev.fluxlab.model.run.RunResult(base.schema(), base.runId(), base.suite(), base.suiteFile(), base.description(),
                base.status(), base.startedAt(), base.finishedAt(), base.environment(), null, base.settings(), base.cells().subList(1, 3), base.noise());
        var groups = HtmlReport.groups(ReportModel.of(run));
        assertEquals(java.util.List.of("All cells"), java.util.List.copyOf(groups.keySet()));
        assertEquals(2, groups.get("All cells").size());
        assertEquals(java.util.List.of("transport = epoll", "transport = nio"),
                java.util.List.copyOf(HtmlReport.groups(ReportModel.of(Fixtures.run())).keySet()), "rows with several cells stay groups");
    }

    @Test
    void tablesArePlainHtmlAndTextIsEscaped() {
        assertTrue(HTML.contains("<table class=\"end\">"));
        assertTrue(HTML.contains("50,000 <span class=\"spread\">±2%</span>"), "figures are in the HTML, not only in the charts");
        assertTrue(HTML.contains("INVALID"));
        assertTrue(HTML.contains(Fixtures.FINDING_LINE));
        assertFalse(HTML.contains("<script>alert("), "a log line cannot inject markup");
        assertTrue(HTML.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"));
        assertTrue(HTML.contains("&lt;b&gt;not&lt;/b&gt; a measurement &amp; never"));
        assertTrue(HTML.contains("Linux, kernel 6.1.0-synthetic"));
        // the inline JSON cannot close its script element early
        int data = HTML.indexOf("id=\"fluxlab-data\">");
        String json = HTML.substring(data, HTML.indexOf("</script>", data));
        assertFalse(json.contains("</"), "'</' is escaped inside the JSON");
    }

    @Test
    void markupInLabelsLeavesTheChartDataValidJson() throws Exception {
        String html = HtmlReport.render(Fixtures.markupInLabels());
        String open = "<script type=\"application/json\" id=\"fluxlab-data\">";
        int start = html.indexOf(open) + open.length();
        String json = html.substring(start, html.indexOf("</script>", start));
        assertFalse(json.contains("<"), "no '<' the HTML parser could act on: " + json.substring(0, Math.min(600, json.length())));
        var tree = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
        assertEquals("http1.1 / epoll" + Fixtures.MARKUP, tree.get("throughput").get(0).get("label").asText(), "labels arrive intact");
        assertTrue(html.contains("transport = epoll" + HtmlReport.esc(Fixtures.MARKUP)), "the HTML headings are escaped");
    }
}
