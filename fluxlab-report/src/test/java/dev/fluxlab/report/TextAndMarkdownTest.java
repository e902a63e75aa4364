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
        assertFalse(md.contains("<b>not</b>"), "HTML in text is escaped");
        assertTrue(md.contains("\\<b>not\\</b>"), md);
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
