package dev.fluxlab.runner.console;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.Stat;
import dev.fluxlab.model.run.TableSpec;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EndTableTest {

    static CellResult cell(String protocol, String c, double rps, boolean valid) {
        Map<String, String> k = new LinkedHashMap<>();
        k.put("target", "reactor-netty");
        k.put("protocol", protocol);
        k.put("connections", c);
        CellSummary s = new CellSummary(Stat.of(List.of(rps * 0.98, rps, rps * 1.02)), Map.of(), null, null, Map.of(),
                Map.of(), Map.of(), null);
        return new CellResult("id", 1, k, Map.of(), List.of(), s, valid, List.of(), List.of(), null, null);
    }

    @Test
    void rowsColumnsSpreadAndInvalidMarks() {
        List<CellResult> cells = List.of(cell("http1.1", "16", 50_000, true), cell("http1.1", "64", 61_000, true),
                cell("h2c", "16", 80_000, true), cell("h2c", "64", 90_500, false));
        String t = EndTable.render(cells, new TableSpec("req/s", List.of("protocol"), List.of("connections"), "throughput_rps"));
        List<String> lines = t.lines().toList();
        assertEquals("req/s", lines.get(0));
        assertTrue(lines.get(1).matches("protocol \\|\\s+c=16 \\|\\s+c=64"), lines.get(1));
        assertTrue(lines.get(3).matches("http1\\.1\\s+\\|\\s+50,000 ±2% \\|\\s+61,000 ±2%"), lines.get(3));
        assertTrue(lines.get(4).contains("90,500 ±2% ✗"), lines.get(4));
        assertTrue(t.contains("✗ = invalid cell"));
        TableSpec d = EndTable.defaultSpec(cells);
        assertEquals(List.of("protocol"), d.rows());
        assertEquals(List.of("connections"), d.columns());
    }
}
