package dev.fluxlab.runner.inject;

import dev.fluxlab.model.load.LoadResult;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bytes each tool says it received, read from its output (the recorded ones of recorded/README.md, and the blocks
 * seeds 004 and 002 printed): the transfer figure ({@code bytesPerS} in KB of 1024) is the rate the tool printed.
 */
class TransferParsersTest {

    private static LoadRequest request(String protocol) {
        return new LoadRequest("http://127.0.0.1:39293/plaintext", protocol, 8, 1, 2, Duration.ofSeconds(2),
                "GET", Map.of(), null, null, true, Path.of("."));
    }

    private static double kbPerS(LoadResult r) {
        return r.bytesPerS() / 1024;
    }

    @Test
    void wrkTransferPerSecondTimesItsDurationIsTheCountAndTheFigureIsWhatItPrinted() throws IOException {
        LoadResult r = new WrkInjector().parse(ParsersTest.recorded("wrk-plaintext.txt"), request("http1.1"));
        assertEquals(Math.round(535.58 * 1024 * 2.04), r.bytesReceived(), "Transfer/sec: 535.58KB over 2.04s");
        assertEquals(535.58, kbPerS(r), 1e-3);
        assertNull(r.bodyBytesReceived(), "wrk does not count bodies apart");
        // without the rate line: the total it read (1.06MB)
        String noRate = ParsersTest.recorded("wrk-plaintext.txt").replaceAll("Transfer/sec:.*", "");
        assertEquals(Math.round(1.06 * 1024 * 1024), new WrkInjector().parse(noRate, request("http1.1")).bytesReceived());
        // neither: unknown, never 0
        String neither = noRate.replace(", 1.06MB read", ",");
        LoadResult unknown = new WrkInjector().parse(neither, request("http1.1"));
        assertNull(unknown.bytesReceived());
        assertTrue(Double.isNaN(unknown.bytesPerS()));
    }

    @Test
    void wrkPipelinedRunKeepsItsBytesWhenItsLatencyIsDropped() throws IOException {
        LoadResult r = new WrkInjector().parse(ParsersTest.recorded("wrk-pipeline16-zero-percentiles.txt"),
                new LoadRequest("http://127.0.0.1:39293/plaintext", "http1.1", 8, 16, 2, Duration.ofSeconds(2), "GET",
                        Map.of(), null, null, true, Path.of(".")));
        assertTrue(r.warnings().getFirst().startsWith(WrkInjector.PIPELINED_LATENCY), r.warnings().toString());
        assertEquals(115.51, kbPerS(r), 1e-3, "Transfer/sec: 115.51KB");
    }

    @Test
    void wrkSizesInEveryUnit() {
        assertEquals(512, ToolOutput.binaryBytes("512.00B"));
        assertEquals(1536, ToolOutput.binaryBytes("1.50KB"));
        assertEquals(Math.round(4.28 * 1024 * 1024), ToolOutput.binaryBytes("4.28MB"));
        assertEquals(Math.round(1.25 * 1024 * 1024 * 1024), ToolOutput.binaryBytes("1.25GB"));
        assertThrows(IllegalArgumentException.class, () -> ToolOutput.binaryBytes("4.28Mb"));
    }

    @Test
    void seed004sWrkBlockGivesItsTransferPerSecond() {
        String seed = """
                Running 30s test @ http://localhost:8080
                  4 threads and 128 connections
                  Thread Stats   Avg      Stdev     Max   +/- Stdev
                    Latency     3.99ms    7.58ms 251.57ms   97.06%
                    Req/Sec    10.26k     1.84k   14.34k    89.50%
                  Latency Distribution
                     50%    2.80ms
                     75%    3.40ms
                     90%    3.72ms
                     99%   30.94ms
                  1225276 requests in 30.01s, 128.54MB read
                Requests/sec:  40823.07
                Transfer/sec:      4.28MB
                """;
        LoadResult r = new WrkInjector().parse(seed, request("http1.1"));
        assertEquals(4.28 * 1024, kbPerS(r), 1e-3, "4.28MB a second, in KB/s");
        // its total over its duration agrees to the digits printed (128.54MB / 30.01s = 4.283MB/s)
        assertEquals(128.54 * 1024 * 1024 / 30.01, r.bytesPerS(), 0.01 * r.bytesPerS());
    }

    /**
     * How far the rate from ab's exact byte count can be from the rate it printed: ab divides by its exact time, the
     * document by the time it printed (3 decimals, so up to 0.5 ms off), and the rate is printed to 2 decimals.
     */
    private static double abRounding(double rate, double seconds) {
        return rate * 0.0005 / seconds + 0.005;
    }

    @Test
    void abTotalTransferredAndHtmlTransferred() throws IOException {
        LoadResult r = new AbInjector().parse(ParsersTest.recorded("ab-plaintext.txt"), request("http1.1"));
        assertEquals(1338674L, r.bytesReceived());
        assertEquals(119197L, r.bodyBytesReceived());
        assertEquals(632.30, kbPerS(r), abRounding(632.30, 2.068), "ab's Transfer rate: 632.30 [Kbytes/sec] received");
        LoadResult failing = new AbInjector().parse(ParsersTest.recorded("ab-fail-every.txt"), request("http1.1"));
        assertTrue(failing.bytesReceived() > 0, "ab's failed responses were received too: " + failing.bytesReceived());
    }

    @Test
    void seed002sAbBlockGivesItsTransferRate() {
        String seed = """
                Concurrency Level:      2000
                Time taken for tests:   7.059 seconds
                Complete requests:      60000
                Failed requests:        0
                Total transferred:      6420000 bytes
                HTML transferred:       1680000 bytes
                Requests per second:    8499.21 [#/sec] (mean)
                Time per request:       235.316 [ms] (mean)
                Time per request:       0.118 [ms] (mean, across all concurrent requests)
                Transfer rate:          888.10 [Kbytes/sec] received
                """;
        LoadResult r = new AbInjector().parse(seed, request("http1.1"));
        assertEquals(6420000L, r.bytesReceived());
        assertEquals(1680000L, r.bodyBytesReceived());
        assertEquals(888.10, kbPerS(r), abRounding(888.10, 7.059));
    }

    @Test
    void h2loadTrafficTotalAndData() throws IOException {
        LoadResult h2c = new H2loadInjector().parse(ParsersTest.recorded("h2load-h2c.txt"), request("h2c"));
        assertEquals(681648L, h2c.bytesReceived(), "traffic: 665.67KB (681648) total");
        assertEquals(245700L, h2c.bodyBytesReceived(), "239.94KB (245700) data");
        assertEquals(681648 / 2.0 / 1024, kbPerS(h2c), 1e-9);
        LoadResult h1 = new H2loadInjector().parse(ParsersTest.recorded("h2load-h1.txt"), request("http1.1"));
        assertEquals(4275172L, h1.bytesReceived());
        assertEquals(380705L, h1.bodyBytesReceived());
    }

    @Test
    void ohaCountsBodiesOnlySoItsTransferIsUnknown() {
        String out = """
                {"summary":{"successRate":1.0,"total":2.0012,"slowest":0.0412,"fastest":0.00021,"average":0.0021,
                 "requestsPerSec":4997.0,"totalData":129935,"sizePerRequest":13,"sizePerSec":64929.0},
                 "latencyPercentiles":{"p50":0.0018,"p99":0.0095},"statusCodeDistribution":{"200":9995}}
                """;
        LoadResult r = new OhaInjector().parse(out, request("h3"));
        assertEquals(129935L, r.bodyBytesReceived());
        assertNull(r.bytesReceived(), "oha gives no total with headers");
        assertTrue(Double.isNaN(r.bytesPerS()), "unknown, never 0");
    }

    @Test
    void gatlingsReportGivesNoBytes() throws IOException {
        LoadResult r = GatlingInjector.parse(ParsersTest.recorded("gatling-ok/console.txt"),
                ParsersTest.recorded("gatling-ok/index.html"), ParsersTest.recorded("gatling-ok/req_measure.html"),
                request("h2"));
        assertNull(r.bytesReceived());
        assertNull(r.bodyBytesReceived());
    }
}
