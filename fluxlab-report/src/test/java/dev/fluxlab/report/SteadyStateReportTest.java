package dev.fluxlab.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The time-to-steady-state rows of summary.md and report.html come from what a results.json recorded: the load's
 * warm-up length and whether it settled, the watched JVM's compile rate at its end, and the target's AOT cache.
 */
class SteadyStateReportTest {

    /** Fixtures' run written as results.json, with cell 1's repeat 1 trained and settled, its repeat 2 on kept JVMs. */
    private static RunResult synthetic() throws Exception {
        ObjectNode doc = (ObjectNode) Json.mapper().readTree(Json.write(Fixtures.run()));
        ArrayNode repeats = (ArrayNode) doc.withArray("cells").get(0).withArray("repeats");
        ObjectNode first = (ObjectNode) repeats.get(0);
        ((ObjectNode) first.withArray("processes").get(0)).put("aot_cache", "reactor-netty-g1-0123456789abcdef.aot");
        ObjectNode load = (ObjectNode) first.get("load");
        load.put("warmup_s", 7.25).put("warmup_stable", true);
        load.putArray("watched_jvms").addObject().put("pid", 1000).put("role", "target")
                .put("warmup_end_compile_ms_per_s", 120.0);
        ((ObjectNode) repeats.get(1)).put("targets_from", "an earlier cell");
        return Json.read(Json.mapper().writeValueAsString(doc), RunResult.class);
    }

    @Test
    void summaryMarkdownHasOneRowPerFreshTargetProcessWithTrainedOrCold() throws Exception {
        String md = MarkdownReport.render(synthetic());
        assertTrue(md.contains("## Time to steady state"), md);
        assertTrue(md.contains("| 1 | reactor-netty | trained | 7.3 | settled | still compiling | "
                + "reactor-netty-g1-0123456789abcdef.aot |"), md);
        // repeat 2 of cell 1 ran on JVMs another cell started: no row of its own
        assertFalse(md.contains("| 2 | reactor-netty | trained"), md);
        assertFalse(md.lines().anyMatch(l -> l.startsWith("| 1 |") && l.contains("| 2 | reactor-netty |")), md);
        // the other cells' targets started cold, with a fixed warm-up and no JIT counters recorded
        assertTrue(md.contains("| reactor-netty | cold | 5.0 | fixed | not read | - |"), md);
    }

    @Test
    void reportHtmlHasTheSameRows() throws Exception {
        String html = HtmlReport.render(synthetic());
        assertTrue(html.contains("<section id=\"steady-state\">"), html);
        int at = html.indexOf("<section id=\"steady-state\">");
        String section = html.substring(at, html.indexOf("</section>", at));
        assertTrue(section.contains("<td class=\"text\">trained</td><td class=\"num\">7.3</td>"
                + "<td class=\"text\">settled</td><td class=\"text\">still compiling</td>"), section);
        assertEquals(1, section.split("<td class=\"text\">trained</td>", -1).length - 1, section);
        assertTrue(section.contains("<td class=\"text\">cold</td>"), section);
    }
}
