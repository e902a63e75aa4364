package dev.fluxlab.runner.inject;

import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Gatling's report and console output, recorded from real runs of fluxlab's simulation (see recorded/README.md). */
class GatlingParserTest {

    private static final LoadRequest H2 = new LoadRequest("https://127.0.0.1:40793/plaintext", "h2", 2, 8, 1,
            Duration.ofSeconds(3), "GET", Map.of(), null, null, true, Path.of("."));

    @Test
    void measuredRequestsOnlyOverTheMeasuredWindow() throws IOException {
        LoadResult r = GatlingInjector.parse(ParsersTest.recorded("gatling-ok/console.txt"), ParsersTest.recorded("gatling-ok/index.html"),
                ParsersTest.recorded("gatling-ok/req_measure.html"), H2);
        assertEquals("gatling", r.injector());
        assertEquals(192, r.requestsOk(), "the 'measure' row, not the 16 warm-up requests nor 'All Requests' (208)");
        assertEquals(2.882927, r.durationS(), 1e-9);
        assertEquals(192 / 2.882927, r.throughputRps(), 0.01);
        assertEquals(0, r.errorCount());
        LatencySummary l = r.latencyMs().corrected();
        assertEquals(121, l.p50());
        assertEquals(206, l.p75());
        assertEquals(240, l.p90(), "percentile3 is asked to be the 90th");
        assertEquals(314, l.p99());
        assertEquals(315, l.max());
        assertEquals(138, l.mean());
        assertEquals(81, l.stdev());
        assertTrue(Double.isNaN(l.p999()), "Gatling's report has no 99.9 %: NaN, not invented");
    }

    @Test
    void errorsByClassFromTheMeasuredRequestsPage() throws IOException {
        LoadResult r = GatlingInjector.parse(ParsersTest.recorded("gatling-404/console.txt"), ParsersTest.recorded("gatling-404/index.html"),
                ParsersTest.recorded("gatling-404/req_measure.html"), H2);
        assertEquals(0, r.requestsOk());
        assertEquals(Map.of("status", 181L), r.errors());
        assertEquals(0, r.throughputRps());
    }

    @Test
    void unlistedErrorsStayOneClassInsteadOfInventedOnes() {
        assertEquals(Map.of("ko", 7L), GatlingInjector.errors("<html>no errors table</html>", 7));
        assertEquals(Map.of(), GatlingInjector.errors("", 0));
        assertEquals("timeout", GatlingInjector.errorClass("Request timeout to 127.0.0.1/127.0.0.1:1 after 10000 ms"));
        assertEquals("connect", GatlingInjector.errorClass("j.n.ConnectException: Connection refused"));
        assertEquals("body", GatlingInjector.errorClass("bodyString.find.is(Hello), but actually found x"));
    }

    @Test
    void readsTheReportFolderGatlingAnnounced(@TempDir Path dir) throws IOException {
        Path report = Files.createDirectories(dir.resolve("fluxlabsimulation-1"));
        Files.writeString(report.resolve("index.html"), ParsersTest.recorded("gatling-ok/index.html"));
        Files.writeString(report.resolve("req_measure-938321246.html"), ParsersTest.recorded("gatling-ok/req_measure.html"));
        String console = ParsersTest.recorded("gatling-ok/console.txt").replace("file:///tmp/gsmoke/res/fluxlabsimulation-20261123201132167/",
                "file://" + report + "/");
        assertEquals(192, GatlingInjector.parse(console, dir, H2).requestsOk());
    }

    @Test
    void noReportIsAClearError(@TempDir Path dir) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GatlingInjector.parse("Run crashed\n", dir, H2));
        assertTrue(e.getMessage().contains("gatling wrote no report"), e.getMessage());
    }

    @Test
    void commandCarriesTheCellAndGatlingsSettings() {
        List<String> cmd = GatlingInjector.arguments(H2.withRequests(1000L), Duration.ofSeconds(2), 200, "Hello",
                "cp", Path.of("/r"));
        assertTrue(cmd.containsAll(List.of("-Dfluxlab.gatling.url=https://127.0.0.1:40793/plaintext",
                "-Dfluxlab.gatling.protocol=h2", "-Dfluxlab.gatling.connections=2", "-Dfluxlab.gatling.streams=8",
                "-Dfluxlab.gatling.warmup-ms=2000", "-Dfluxlab.gatling.requests=1000",
                "-Dfluxlab.gatling.expect-body=Hello", "-Dgatling.http.warmUpUrl=",
                "-Dgatling.data.enableAnalytics=false", "-Dgatling.charting.indicators.percentile3=90")), cmd.toString());
        assertEquals(List.of("io.gatling.app.Gatling", "--simulation", "dev.fluxlab.gatling.FluxlabSimulation",
                "--results-folder", "/r"), cmd.subList(cmd.size() - 5, cmd.size()));
    }

    @Test
    void refusesWhatGatlingCannotDo() {
        assertTrue(GatlingInjector.unsupported("h2c", 8, "GET", null).orElseThrow().contains("not h2c"));
        assertTrue(GatlingInjector.unsupported("http1.1", 4, "GET", null).orElseThrow().contains("pipeline"));
        assertTrue(GatlingInjector.unsupported("h2", 8, "PUT", null).orElseThrow().contains("GET and POST"));
        assertTrue(GatlingInjector.unsupported("h2", 8, "GET", 1000).orElseThrow().contains("closed model"));
        assertTrue(GatlingInjector.unsupported("h2", 50, "POST", null).isEmpty());
        assertTrue(GatlingInjector.unsupported("http1.1", 1, "GET", null).isEmpty());
    }
}
