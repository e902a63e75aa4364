package dev.fluxlab.model.suite;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.TableSpec;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A suite's end tables: several figures as columns, the seed's own figures beside them, and the refusals. */
class SuiteTablesTest {

    private static final String BASE = """
            targets: {reactor-netty: {knobs: {transport: [nio, epoll]}}}
            scenarios: {plaintext: {path: /plaintext}}
            load: {connections: [50, 500]}
            tables:
              - rows: [transport, connections]
            """;

    @Test
    void aTableShowsSeveralFiguresAndTheSeedsOwnNumbers() {
        Suite s = Suite.parse("t.yaml", BASE + """
                    value: [throughput_rps, latency_mean_ms, error_rate, cpu_cores]
                    seed:
                      source: 003_b941d561fca135e3.txt
                      figures:
                        - {at: {transport: nio, connections: 500}, values: {throughput_rps: 659.3, latency_mean_ms: 754.74}}
                """);
        TableSpec t = s.tables().get(0);
        assertEquals(List.of("throughput_rps", "latency_mean_ms", "error_rate", "cpu_cores"), t.figures());
        assertEquals("003_b941d561fca135e3.txt", t.seed().source());
        assertEquals(754.74, t.seed().figures().get(0).values().get("latency_mean_ms"));
        assertEquals("500", t.seed().figures().get(0).at().get("connections"));
    }

    @Test
    void oneFigureIsStillWrittenAsOneNameInResultsJson() throws Exception {
        TableSpec one = Suite.parse("t.yaml", BASE + "    value: latency_p99_ms\n").tables().get(0);
        assertEquals(List.of("latency_p99_ms"), one.figures());
        String json = Json.write(one);
        assertTrue(json.contains("\"value\" : \"latency_p99_ms\""), json);
        assertEquals(one, Json.read(json, TableSpec.class));
        TableSpec two = new TableSpec(null, List.of("transport"), List.of(), List.of("throughput_rps", "errors"), null);
        assertEquals(two, Json.read(Json.write(two), TableSpec.class));
    }

    @Test
    void anUnknownFigureInTheListIsRefusedWithItsFileAndLine() {
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("t.yaml", BASE + """
                    value:
                      - throughput_rps
                      - latency_mean_ms
                      - tps
                """));
        assertTrue(e.getMessage().startsWith("t.yaml:9:"), e.getMessage());
        assertTrue(e.getMessage().contains("unknown table value 'tps'; accepted: throughput_rps"), e.getMessage());
    }

    @Test
    void aSeedFigureMustNameAShownFigureAKnownKnobACellAndItsSource() {
        String seed = "    value: [throughput_rps]\n    seed:\n";
        assertRefused(seed + "      figures: [{at: {transport: nio}, values: {throughput_rps: 1}}]\n",
                "t.yaml:7:", "needs 'source'");
        assertRefused(seed + "      source: s.txt\n      figures: [{at: {transport: nio}, values: {latency_p99_ms: 1}}]\n",
                "t.yaml:9:", "seed figure 'latency_p99_ms' is not a figure this table shows; its figures: throughput_rps");
        assertRefused(seed + "      source: s.txt\n      figures: [{at: {transprt: nio}, values: {throughput_rps: 1}}]\n",
                "t.yaml:9:", "seed figure uses unknown knob 'transprt'");
        assertRefused(seed + "      source: s.txt\n      figures: [{at: {transport: io_uring}, values: {throughput_rps: 1}}]\n",
                "t.yaml:9:", "no cell of this suite has all of {transport=io_uring}");
        assertRefused(seed + "      source: s.txt\n      figures: [{at: {transport: nio}, values: {throughput_rps: 1}, "
                + "claimed: 2}]\n", "t.yaml:9:", "claimed");
    }

    private static void assertRefused(String extra, String where, String what) {
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("t.yaml", BASE + extra));
        assertTrue(e.getMessage().startsWith(where), e.getMessage());
        assertTrue(e.getMessage().contains(what), e.getMessage());
    }

    /**
     * Tables that could only show nothing, or one thing twice, had passed: no figure (or none at all, 'value' left
     * out), a figure or a knob named twice, a per-process figure of a process no cell has, a ratio to a knob value
     * no cell has. Each column stayed empty, silently; each is now refused at its line.
     */
    @Test
    void aTableThatWouldShowNothingIsRefusedAtItsLine() {
        for (String[] c : List.of(
                new String[]{"    value: []\n", "t.yaml:6:5: table 1's 'value' names no figure"},
                new String[]{"    columns: []\n", "t.yaml:4:1: table 1's 'value' names no figure"},
                new String[]{"    value: [throughput_rps, throughput_rps]\n", "t.yaml:6:5: table 1's 'value' names "
                        + "a figure twice"},
                new String[]{"    columns: [transport]\n    value: throughput_rps\n", "t.yaml:6:15: table 1 names knob "
                        + "'transport' twice in its rows and columns"},
                new String[]{"    value: cpu_cores.nope\n", "t.yaml:6:5: table value 'cpu_cores.nope': unknown "
                        + "process 'nope'; accepted: injector, reactor-netty"},
                new String[]{"    value: throughput_rps/transport=xyz\n", "t.yaml:6:5: table value "
                        + "'throughput_rps/transport=xyz' is a ratio to the cell with transport=xyz, but no cell has "
                        + "that value; unknown value 'xyz'; accepted: nio, epoll"})) {
            SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("t.yaml", BASE + c[0]));
            assertTrue(e.getMessage().startsWith(c[1]), e.getMessage());
        }
        Suite.parse("t.yaml", BASE + "    value: [cpu_cores.reactor-netty, cpu_per_request_us.injector, "
                + "throughput_rps/transport=nio]\n");
    }
}
