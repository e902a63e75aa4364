package dev.fluxlab.report;

import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TextAndMarkdownTest {

    @Test
    void terminalTableIsAlignedWithUnitsMarkersAndDetails() {
        RunResult run = Fixtures.run();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TextReport.render(run, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        List<String> lines = out.lines().toList();
        assertTrue(out.contains("protocol=http1.1 (req/s)"), out);
        assertTrue(out.contains("50,000 ±2%"), out);
        assertTrue(out.contains("81,000 ±4% *[1]") || out.contains("80,000 ±4% *[1]"), out);
        assertTrue(out.contains("37,500 ±20% ![2]"), out);
        assertTrue(out.contains("[2] h2c / nio: ! error rate 2.5% > 1% threshold"), out);
        assertTrue(out.contains("* reactor-netty: IllegalReferenceCountException x3"), out);
        // the value columns line up: header, rule and rows have the same width up to the last column
        int header = indexOf(lines, "transport");
        String rule = lines.get(header + 1);
        assertTrue(rule.matches("-+(  -+)+"), rule);
        String epoll = lines.get(header + 2);
        String nio = lines.get(header + 3);
        assertTrue(epoll.startsWith("epoll"), epoll);
        assertTrue(nio.startsWith("nio"), nio);
        assertEquals(epoll.indexOf("±2%") - epoll.indexOf("50,000"), "50,000 ".length());
        assertEquals(epoll.length(), nio.length(), "markers are padded so that rows are equally long");
        // detail table
        assertTrue(out.contains("CPU µs/req reactor-netty"), out);
        assertTrue(out.contains("injector cores"), out);
        assertTrue(out.contains("INVALID"), out);
        assertTrue(out.contains("valid"), out);
    }

    @Test
    void markdownHasTablesVerdictsFindingsAndEnvironment() {
        String md = MarkdownReport.render(Fixtures.run());
        assertTrue(md.startsWith("# fluxlab run 20261122-093000-synthetic"), md);
        assertTrue(md.contains("| transport | protocol=http1.1 (req/s) | protocol=h2c (req/s) |"), md);
        assertTrue(md.contains("| --- | ---: | ---: |"), md);
        assertTrue(md.contains("| epoll | 50,000 ±2% | 81,000 ±4% \\*\\[1\\] |") || md.contains("| epoll | 50,000 ±2% | 80,000 ±4% \\*\\[1\\] |"), md);
        assertTrue(md.contains("| nio | - | 37,500 ±20% !\\[2\\] |"), md);
        assertTrue(md.contains("2. **h2c / nio**: invalid: error rate 2.5% > 1% threshold"), md);
        assertTrue(md.contains("## Verdicts"), md);
        assertTrue(md.contains("INVALID\n  - error rate"), md);
        assertTrue(md.contains("## Log findings"), md);
        assertTrue(md.contains("  ```text\n  " + Fixtures.FINDING_LINE), md);
        assertTrue(md.contains("## Environment"), md);
        assertTrue(md.contains("- cpus: 2, memory: 7.80 GB"), md);
        assertTrue(md.contains("netty 4.2.18.Final, reactor-netty 1.3.8; reactor-netty loaded reactor-netty 1.3.8\n")
                || md.contains("reactor-netty 1.3.8, netty 4.2.18.Final; reactor-netty loaded reactor-netty 1.3.8\n"),
                "each cell's library versions, then what its target processes reported loading: " + md);
        assertFalse(md.contains("<b>not</b>"), "HTML in text is escaped");
        assertTrue(md.contains("\\<b>not\\</b>"), md);
    }

    @Test
    void multiLineReasonsStayUnderTheirFootnoteAndWarningsAreNotPrefixedTwice() {
        var base = Fixtures.run();
        var cells = java.util.List.of(
                Fixtures.cell(1, "http1.1", "epoll", new double[]{1000}, 300, false, false,
                        java.util.List.of("target did not print its readiness line within 3s; last lines of its log:\nstarting\nstill starting"),
                        java.util.List.of()),
                Fixtures.cell(2, "h2c", "epoll", new double[]{1000}, 300, false, true,
                        java.util.List.of("warning: 1 x Http2Exception in the log"), java.util.List.of()));
        var run = new RunResult(base.schema(), "r", "s", null, null, "complete", null, null, null, null, null, cells, base.noise());
        List<String> lines = TextReport.lines(ReportModel.of(run));
        String out = String.join("\n", lines);
        assertTrue(out.contains("[1] http1.1: ! target did not print its readiness line within 3s; last lines of its log:\n"
                + "                 starting\n                 still starting"), out);
        assertTrue(out.contains("[2] h2c: warning: 1 x Http2Exception in the log"), out);
        assertFalse(out.contains("warning: warning"), out);
        assertFalse(MarkdownReport.render(run).contains("warning: warning"));
        assertFalse(HtmlReport.render(run).contains("warning:</span> warning"));
    }

    @Test
    void aNoteIsShownAsANoteAndCountsAmongNoWarnings() {
        var base = Fixtures.run();
        String note = "note: measured while JVM 20641 (target) was still compiling (34 compilations, 161 ms of compile "
                + "time in 3 s), but throughput is at 100.0 % of the 1,000 req/s its placement allows: the JIT cannot "
                + "have lowered it (its latency and CPU figures are not covered)";
        var cells = java.util.List.of(
                Fixtures.cell(1, "http1.1", "epoll", new double[]{1000}, 300, false, true, java.util.List.of(note),
                        java.util.List.of()),
                Fixtures.cell(2, "h2c", "epoll", new double[]{1000}, 300, false, true,
                        java.util.List.of(note, "warning: 1 x Http2Exception in the log"), java.util.List.of()));
        var run = new RunResult(base.schema(), "r", "s", null, null, "complete", null, null, null, null, null, cells,
                base.noise());
        ReportModel model = ReportModel.of(run);
        assertEquals("valid", model.cells().get(0).verdict());
        assertEquals("valid, 1 warning", model.cells().get(1).verdict());
        String out = String.join("\n", TextReport.lines(model));
        assertTrue(out.contains("[1] http1.1: note: measured while JVM 20641"), out);
        assertFalse(out.contains("warning: note"), out);
        String md = MarkdownReport.render(run);
        assertTrue(md.contains("**: note: measured while JVM 20641"), md);
        assertFalse(md.contains("warning: note"), md);
        String html = HtmlReport.render(run);
        assertTrue(html.contains("<span class=\"note-mark\">note:</span> measured while JVM 20641"), html);
        assertFalse(html.contains("warning:</span> note"), html);
    }

    private static int indexOf(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line starts with " + prefix + " in\n" + String.join("\n", lines));
    }
}
