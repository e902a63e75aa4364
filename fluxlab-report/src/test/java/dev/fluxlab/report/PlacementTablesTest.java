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

    /**
     * Several injectors on two hosts: each start is put on the runner's clock with the offsets measured for that
     * repeat (not the run's first ones), and the merged row says the spread and its bound.
     */
    @Test
    void theInjectorsStartsUseTheRepeatsOwnClocksAndTheMergedRowSaysTheSpreadsBound() throws Exception {
        ObjectNode run = (ObjectNode) Json.mapper().readTree(Json.write(Fixtures.run()));
        ObjectNode repeat = (ObjectNode) run.at("/cells/0/repeats/0");
        ArrayNode injectors = repeat.putArray("injectors");
        injectors.add(repeat.get("load").deepCopy()).add(repeat.get("load").deepCopy());
        ((ObjectNode) injectors.get(0)).put("measure_start_ms", 1_000_000L);
        ((ObjectNode) injectors.get(1)).put("measure_start_ms", 1_000_050L); // h2's clock is 40 ms ahead
        ArrayNode placement = repeat.putArray("placement");
        placement.addObject().put("process", "injector-1").put("host", "h1");
        placement.addObject().put("process", "injector-2").put("host", "h2");
        repeat.put("injector_start_spread_ms", 10);
        ObjectNode clocks = repeat.putObject("injector_start_alignment").put("spread_error_ms", 1.21)
                .putObject("host_clocks");
        clocks.putObject("h1").put("offset_us", 0).put("uncertainty_us", 80);
        clocks.putObject("h2").put("offset_us", 40_000).put("uncertainty_us", 130);
        RunResult r = Json.mapper().treeToValue(run, RunResult.class).withHosts(List.of(
                new RunHost("h1", "h1", "10.0.0.1", "25", "0-1", 0, 5_000, 0, 0, null),
                new RunHost("h2", "h2", "10.0.0.2", "25", "0-1", 0, 5_000, 0, 0, null)));
        PlacementTables t = PlacementTables.injectors(ReportModel.of(r));
        int start = t.header().indexOf("measure start ms");
        assertEquals(List.of("spread 10 ± 1.2", "+0", "+10"), t.rows().subList(0, 3).stream()
                .map(row -> row.get(start)).toList());
    }
}
