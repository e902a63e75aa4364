package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.Estimate;
import dev.fluxlab.runner.registry.HostPlatform;
import dev.fluxlab.runner.registry.SuiteValidator;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shipped HTTP/2 proxy suite: valid and within budget, and a short profile of it runs end to end. */
class H2ProxySuiteTest {

    private static final Path SUITE = Path.of("..", "suites", "h2-proxy.yaml");

    @Test
    void theShippedSuiteIsValidAndPlansForUnderTenMinutes() {
        Suite s = Suite.load(SUITE);
        new SuiteValidator(TargetRegistry.builtIn(), new HostPlatform()).validate(s);
        assertEquals(24, s.cells().size());
        assertEquals(List.of("client-mode"), s.tables().get(0).columns());
        Duration estimate = Estimate.total(s, s.cells());
        // cold TLS h2 JVMs need their 15 s warm-up (a 6 s bound measured cold code), and the plan counts every TLS
        // cell's warm-up at that bound, as measured here (24 cells: 9m09s), so it is the wall time, not less
        assertTrue(estimate.compareTo(Duration.ofMinutes(10)) < 0, "plans for under 10 minutes: " + estimate);
    }

    private static String replace(String text, String from, String to) {
        assertTrue(text.contains(from), "the shipped suite no longer contains: " + from);
        return text.replace(from, to);
    }

    @Test
    void aShortProfileGivesTheSeedShapedTable(@TempDir Path tmp) throws Exception {
        // test profile: h2c on every hop (no TLS start-up cost), two modes, Get through the proxy and on the loader,
        // one connection with 4 streams, short phases: 3 cells
        String text = Files.readString(SUITE);
        text = text.replace("https://127.0.0.1:${backend.port}", "http://127.0.0.1:${backend.port}");
        text = replace(text, "knobs: {protocol: h2, workers: 2}", "knobs: {protocol: h2c, workers: 2}");
        text = replace(text, "          workers: 2\n          client-mode",
                "          workers: 2\n          protocol: h2c\n          client-mode");
        text = replace(text, "client-mode: [colocated, no-colocation, per-loop-pools, work-stealing]\n        jvm",
                "client-mode: [colocated, no-colocation]\n        jvm");
        text = replace(text, "          client-mode: [colocated, no-colocation, per-loop-pools, work-stealing]\n",
                "");
        text = replace(text, "connections: [3, 5, 7]", "connections: [1]");
        text = replace(text, "in_flight: 50", "in_flight: 4");
        text = replace(text, "warmup: auto\n", "warmup: 3s\n");
        text = replace(text, "cold_warmup_min: 15s\nwarmup_max: 15s\n", "");
        text = replace(text, "measure: 3s", "measure: 2s");
        text = replace(text, "exclude:\n", "exclude:\n  - {scenario: [Post, Post2]}\n");
        text = text.substring(0, text.indexOf("\nclaims:") + 1); // the seeds' claims name cells this profile leaves out
        // and so do the seed's own figures beside the table (each names a position, refused when no cell has it)
        text = text.substring(0, text.indexOf("    seed:\n")) + text.substring(text.indexOf("  - title: h2-proxy - backend"));
        Path suite = Files.writeString(tmp.resolve("h2-proxy-test.yaml"), text);
        Path out = tmp.resolve("out");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        assertEquals(0, o.code(), o.err() + o.out());
        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        assertEquals("complete", r.status());
        assertEquals(3, r.cells().size());
        for (CellResult c : r.cells()) {
            assertTrue(c.valid(), c.id() + ": " + c.reasons());
        }
        // rows = target x scenario x connections, columns = client modes, in the printed end table
        assertTrue(o.out().contains("h2-proxy - req/s"), o.out());
        assertTrue(o.out().contains("client-mode=colocated") && o.out().contains("client-mode=no-colocation"), o.out());
        for (CellResult c : r.cells()) {
            if (!c.knobs().get("target").equals("proxy")) {
                assertEquals(null, c.repeats().get(0).targetStats(), "the loader announces no stats");
                continue;
            }
            @SuppressWarnings("unchecked")
            Map<String, Map<String, Number>> loops = (Map<String, Map<String, Number>>)
                    ((Map<String, Object>) c.repeats().get(0).targetStats().get("frontend")).get("loops");
            String prefix = c.knobs().get("client-mode").equals("colocated") ? "fluxlab-fe" : "fluxlab-client";
            java.util.Set<String> holding = new java.util.TreeSet<>();
            long connections = 0;
            for (Map.Entry<String, Map<String, Number>> e : loops.entrySet()) {
                long n = e.getValue().getOrDefault("backend_connections", 0).longValue();
                if (n > 0) {
                    assertTrue(e.getKey().startsWith(prefix), c.id() + ": " + loops);
                    holding.add(e.getKey());
                    connections += n;
                }
            }
            if (prefix.equals("fluxlab-client") && connections >= 2) {
                // no-colocation: each new connection takes the next of the two client loops (seed 000)
                assertEquals(2, holding.size(), c.id() + ": connections spread over both client loops: " + loops);
            }
        }
        assertTrue(Files.readString(out.resolve("report.html")).contains("Per-event-loop distribution"));
        String summary = Files.readString(out.resolve("summary.md"));
        assertTrue(summary.contains("## Backend connections per event loop") && summary.contains("| no-colocation |"),
                summary);
    }
}
