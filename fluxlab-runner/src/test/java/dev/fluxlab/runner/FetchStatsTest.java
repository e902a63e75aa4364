package dev.fluxlab.runner;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A process that announces a stats document where it cannot be fetched gets a note in its place, not silence. */
class FetchStatsTest {

    @Test
    void aStatsPathWithoutAUsablePortIsNoted() {
        Map<String, Object> out = RepeatRunner.fetchStats(Map.of(
                "bad", Map.of("stats", "/stats", "port", "abc"),
                "none", Map.of("stats", "/stats"),
                "quiet", Map.of("port", "8080"),
                "unbound", Map.of("stats", "/stats", "port", "0")), List.of());
        assertEquals(Map.of("error", "not fetched: its readiness line announced stats=/stats but port 'abc', which is "
                + "not a number"), out.get("bad"));
        assertEquals(Map.of("error", "not fetched: its readiness line announced stats=/stats but no port"), out.get("none"));
        assertTrue(!out.containsKey("quiet") && !out.containsKey("unbound"), "no stats path, or a process bound to no port: "
                + "nothing to fetch: " + out);
    }

    /**
     * A frontend placed on a suite host announces its /stats on that host's address: the runner reads it there (a
     * hosts run's per-loop counters were all "not fetched ... is not a loopback address"), as from any loopback address,
     * and from nowhere else. No name is looked up.
     */
    @Test
    void statsAreReadFromLoopbackAndTheSuitesHostsOnly() {
        List<String> hosts = List.of("10.213.71.12", "fd00::12");
        assertTrue(TargetStats.permitted(URI.create("https://10.213.71.12:8443/stats"), hosts));
        assertTrue(TargetStats.permitted(URI.create("http://[fd00:0:0:0:0:0:0:12]:80/stats"), hosts));
        assertTrue(TargetStats.permitted(URI.create("http://127.0.0.2:80/stats"), List.of()));
        assertTrue(TargetStats.permitted(URI.create("http://[::1]:80/stats"), List.of()));
        assertTrue(TargetStats.permitted(URI.create("http://localhost:80/stats"), List.of()));
        assertFalse(TargetStats.permitted(URI.create("https://10.213.71.13:8443/stats"), hosts));
        assertFalse(TargetStats.permitted(URI.create("https://192.0.2.1:8443/stats"), List.of()));
        assertFalse(TargetStats.permitted(URI.create("https://example.org:8443/stats"), hosts));
        assertEquals(Map.of("error", "not fetched: https://192.0.2.1:8443/stats is neither a loopback address nor one of "
                + "the suite's hosts"), TargetStats.fetch(URI.create("https://192.0.2.1:8443/stats"), List.of()));
    }
}
