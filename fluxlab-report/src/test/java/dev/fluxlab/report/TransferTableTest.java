package dev.fluxlab.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.results.ResultsFile;
import dev.fluxlab.model.run.TableSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The transfer figure in a suite's table, read from results.json: the bytes each repeat received over its measured
 * phase in KB/s, beside the seed's own Transfer/sec; "-" for a cell whose documents carry no count (older runs, tools
 * that give none), never 0.
 */
class TransferTableTest {

    @Test
    void transferStandsBesideThroughputAndTheSeedsFigure(@TempDir Path dir) throws Exception {
        TableSpec.Seed seed = new TableSpec.Seed("004_2040c2c5fcb3ebda.txt", List.of(new TableSpec.SeedFigures(
                Map.of("protocol", "http1.1", "transport", "epoll"), Map.of("transfer_kb_s", 4382.72))));
        TableSpec spec = new TableSpec("wrk's block", List.of("protocol", "transport"), List.of(),
                List.of("throughput_rps", "transfer_kb_s"), seed);
        JsonNode tree = Json.mapper().readTree(Json.write(Fixtures.run("transfer-1", List.of(spec),
                new double[]{50_000, 51_000, 49_000}, new double[]{80_000, 84_000, 78_000}, new double[]{30_000, 45_000})));
        // cell 1: 78-byte responses over each repeat's 10 s measured phase; cell 2: 100 bytes each; cell 3: no count
        int[] sizes = {78, 100};
        for (int c = 0; c < 2; c++) {
            for (JsonNode repeat : tree.get("cells").get(c).get("repeats")) {
                ObjectNode load = (ObjectNode) repeat.get("load");
                load.put("bytes_received", load.get("requests_ok").asLong() * sizes[c]);
            }
        }
        Path file = dir.resolve("results.json");
        Files.writeString(file, Json.mapper().writeValueAsString(tree));
        ReportModel model = ReportModel.of(ResultsFile.read(file));
        TableView t = model.tables().get(0);
        assertEquals(List.of("protocol", "transport", "Throughput (req/s)", "Transfer (KB/s)"), t.header());
        // cell 1's median: 50,000 responses/s x 78 bytes = 3,900,000 B/s = 3808.59 KB/s
        assertEquals(50_000 * 78 / 1024.0, t.cells().get(0).get(1).value().median(), 0.01);
        String h1 = t.valueText(t.cells().get(0).get(1));
        assertTrue(h1.startsWith("3,809") && h1.endsWith("(seed: 4,383)"), h1);
        assertEquals("-", t.valueText(t.cells().get(2).get(1)), "no count: unknown, not 0");
        String md = MarkdownReport.render(model);
        assertTrue(md.contains("Transfer (KB/s)"), md);
        assertTrue(HtmlReport.render(model).contains("(seed: 4,383)"), "html");
    }
}
