package dev.fluxlab.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.RunHost;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PlacementTablesTest {

    /** A process without a CPU list of its own shows its host's: a host's CPU list limits everything started there. */
    @Test
    void aProcessWithoutCpusShowsItsHostsCpus() throws Exception {
        ObjectNode run = (ObjectNode) Json.mapper().readTree(Json.write(Fixtures.run()));
        ArrayNode placement = ((ObjectNode) run.at("/cells/0/repeats/0")).putArray("placement");
        placement.addObject().put("process", "backend").put("host", "back").put("available_processors", 1);
        placement.addObject().put("process", "injector").put("host", "inject").put("cpus", "0")
                .put("available_processors", 1);
        placement.addObject().put("process", "frontend").put("host", "local").put("available_processors", 2);
        RunResult r = Json.mapper().treeToValue(run, RunResult.class).withHosts(List.of(
                new RunHost("back", "h1", "10.0.0.1", "25", "1", 0, 0, 0, 0, null),
                new RunHost("inject", "h2", "10.0.0.2", "25", "0-1", 0, 0, 0, 0, null)));
        PlacementTables t = PlacementTables.placement(ReportModel.of(r));
        assertEquals(List.of("1 (the host's)", "0", "any"), t.rows().stream().map(row -> row.get(4)).toList());
    }
}
