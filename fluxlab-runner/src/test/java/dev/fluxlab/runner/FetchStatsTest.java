package dev.fluxlab.runner;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A process that announces a stats document where it cannot be fetched gets a note in its place, not silence. */
class FetchStatsTest {

    @Test
    void aStatsPathWithoutAUsablePortIsNoted() {
        Map<String, Object> out = RepeatRunner.fetchStats(Map.of(
                "bad", Map.of("stats", "/stats", "port", "abc"),
                "none", Map.of("stats", "/stats"),
                "quiet", Map.of("port", "8080"),
                "unbound", Map.of("stats", "/stats", "port", "0")));
        assertEquals(Map.of("error", "not fetched: its readiness line announced stats=/stats but port 'abc', which is "
                + "not a number"), out.get("bad"));
        assertEquals(Map.of("error", "not fetched: its readiness line announced stats=/stats but no port"), out.get("none"));
        assertTrue(!out.containsKey("quiet") && !out.containsKey("unbound"), "no stats path, or a process bound to no port: "
                + "nothing to fetch: " + out);
    }
}
