package dev.fluxlab.runner.inject;

import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The wrk, h2load and ab parsers on outputs recorded from the real tools (see recorded/README.md). */
class ParsersTest {

    /** A recorded output of a real tool (recorded/README.md), as text. */
    static String recorded(String name) throws IOException {
        try (InputStream in = ParsersTest.class.getResourceAsStream("recorded/" + name)) {
            if (in == null) {
                throw new IOException("missing fixture " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static LoadRequest request(String protocol, int inFlight, boolean keepAlive, Path dir) {
        return new LoadRequest("http://127.0.0.1:39293/plaintext", protocol, 8, inFlight, 2, Duration.ofSeconds(2),
                "GET", Map.of(), null, null, keepAlive, dir);
    }

    private static final LoadRequest H1 = request("http1.1", 1, false, Path.of("."));

    @Test
    void wrkPlaintext() throws IOException {
        LoadResult r = new WrkInjector().parse(recorded("wrk-plaintext.txt"), H1);
        assertEquals(LoadResult.SCHEMA, r.schema());
        assertEquals("wrk", r.injector());
        assertEquals(7646, r.requestsOk());
        assertEquals(2.04, r.durationS(), 1e-9);
        assertEquals(7646 / 2.04, r.throughputRps(), 0.01);
        assertEquals(0, r.errorCount());
        LatencySummary l = r.latencyMs().corrected();
        assertEquals(1.46, l.p50(), 1e-9);
        assertEquals(8.21, l.p75(), 1e-9);
        assertEquals(95.85, l.p90(), 1e-9);
        assertEquals(356.05, l.p99(), 1e-9);
        assertEquals(29.39, l.mean(), 1e-9);
        assertEquals(74.94, l.stdev(), 1e-9);
        assertEquals(392.68, l.max(), 1e-9);
        assertTrue(Double.isNaN(l.p999()), "wrk gives no 99.9 %: NaN, not invented");
    }

    @Test
    void wrkPipelinedCountsEveryResponse() throws IOException {
        LoadResult r = new WrkInjector().parse(recorded("wrk-pipeline.txt"), request("http1.1", 4, false, Path.of(".")));
        assertEquals(28032, r.requestsOk());
        assertEquals(4, r.inFlight());
        assertEquals(37.18, r.latencyMs().corrected().p99(), 1e-9);
    }

    @Test
    void wrkPercentilesThatCannotBeTrueAreNamed() throws IOException {
        String text = recorded("wrk-pipeline16-zero-percentiles.txt");
        LoadResult r = new WrkInjector().parse(text, request("http1.1", 16, false, Path.of(".")));
        assertEquals(2453, r.requestsOk(), "the throughput stands");
        assertEquals(2453 / 3.03, r.throughputRps(), 0.01);
        // p50 = p99 = 0 beside a 217 ms mean and a 2.95 s max cannot be true: dropped, and the repeat says why
        assertTrue(Double.isNaN(r.latencyMs().corrected().p99()) && Double.isNaN(r.latencyMs().corrected().p50()),
                "no zero is kept as a latency figure");
        assertEquals(1, r.warnings().size(), String.valueOf(r.warnings()));
        String why = r.warnings().get(0);
        assertTrue(why.startsWith(WrkInjector.PIPELINED_LATENCY + ": at pipeline depth 16"), why);
        assertTrue(why.contains("p50 of 0 ms") && why.contains("in_flight: 1"), why);
        // the same text unpipelined is not wrk's batch timing: the generic check of the driver judges it
        LoadResult flat = new WrkInjector().parse(text, H1);
        assertEquals(null, flat.warnings());
        assertNotNull(flat.latencyMs().corrected().disorder(false));
        LoadResult sane = new WrkInjector().parse(recorded("wrk-pipeline.txt"), request("http1.1", 4, false, Path.of(".")));
        assertNull(sane.warnings(), "a sane pipelined distribution passes");
        assertEquals(37.18, sane.latencyMs().corrected().p99(), 1e-9);
        assertNull(new WrkInjector().parse(recorded("wrk-plaintext.txt"), H1).latencyMs().corrected().disorder(false));
        LoadResult without = flat.withoutLatency("because");
        assertTrue(Double.isNaN(without.latencyMs().corrected().p99()) && without.histogram() == null);
        assertEquals(flat.throughputRps(), without.throughputRps());
        assertEquals(List.of("because"), without.warnings());
    }

    @Test
    void wrkNon2xxAreErrorsNotThroughput() throws IOException {
        LoadResult r = new WrkInjector().parse(recorded("wrk-404.txt"), H1);
        assertEquals(0, r.requestsOk());
        assertEquals(Map.of("status", 14043L), r.errors());
        assertEquals(0.247, r.latencyMs().corrected().p50(), 1e-9, "microseconds are converted to ms");
    }

    @Test
    void wrkSocketErrors() throws IOException {
        LoadResult r = new WrkInjector().parse(recorded("wrk-socket-errors.txt"), H1);
        assertEquals(18510, r.requestsOk());
        assertEquals(Map.of("read", 18509L), r.errors());
    }

    @Test
    void wrkWithoutResultSaysWhatItPrinted() throws IOException {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new WrkInjector().parse(recorded("wrk-connect-errors.txt"), H1));
        assertTrue(e.getMessage().contains("Connection refused"), e.getMessage());
    }

    @Test
    void h2loadH2c() throws IOException {
        LoadResult r = new H2loadInjector().parse(recorded("h2load-h2c.txt"), request("h2c", 4, false, Path.of(".")));
        assertEquals("h2load", r.injector());
        assertEquals(18900, r.requestsOk());
        assertEquals(2.0, r.durationS(), 1e-9);
        assertEquals(9450, r.throughputRps(), 0.01);
        assertEquals(0, r.errorCount());
        LatencySummary l = r.latencyMs().corrected();
        assertEquals(3.36, l.mean(), 1e-9);
        assertEquals(3.91, l.stdev(), 1e-9);
        assertEquals(91.13, l.max(), 1e-9);
        assertTrue(Double.isNaN(l.p50()) && Double.isNaN(l.p99()), "h2load gives no percentiles");
    }

    @Test
    void h2loadStatusErrors() throws IOException {
        LoadResult r = new H2loadInjector().parse(recorded("h2load-404.txt"), request("h2c", 2, false, Path.of(".")));
        assertEquals(0, r.requestsOk());
        assertEquals(Map.of("status", 4832L), r.errors());
    }

    @Test
    void h2loadHttp11() throws IOException {
        LoadResult r = new H2loadInjector().parse(recorded("h2load-h1.txt"), H1);
        assertEquals(29282, r.requestsOk());
        assertEquals(0.136, r.latencyMs().corrected().mean(), 1e-9);
    }

    @Test
    void h2loadReadingNoStatusLineSaysWhyInsteadOfZeroThroughput() throws IOException {
        // Tomcat's "HTTP/1.1 200 " (no reason phrase): h2load 1.52 over HTTP/1.1 counted all 200 responses failed,
        // with no status code and nothing errored; before, the cell read 0 req/s and 0 errors
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new H2loadInjector().parse(recorded("h2load-h1-no-reason-phrase.txt"), H1));
        assertTrue(e.getMessage().startsWith("h2load read no status code in any of its 200 responses")
                && e.getMessage().contains("reason phrase"), e.getMessage());
    }

    @Test
    void abPlaintext() throws IOException {
        LoadResult r = new AbInjector().parse(recorded("ab-plaintext.txt"), H1);
        assertEquals("ab", r.injector());
        assertEquals(9169, r.requestsOk());
        assertEquals(2.068, r.durationS(), 1e-9);
        LatencySummary l = r.latencyMs().corrected();
        assertEquals(1, l.p50(), 1e-9);
        assertEquals(2, l.p75(), 1e-9);
        assertEquals(3, l.p90(), 1e-9);
        assertEquals(7, l.p99(), 1e-9);
        assertEquals(148, l.max(), 1e-9);
        assertEquals(1.804, l.mean(), 1e-9);
        assertEquals(4.9, l.stdev(), 1e-9);
        assertTrue(new AbInjector().wholeMillis(), "whole milliseconds: a 50 % of 0 is a fast response, not impossible");
        assertNull(new LatencySummary(0.4, 0.2, 0, 0, 1, 2, Double.NaN, Double.NaN, 3, Double.NaN).disorder(true));
    }

    @Test
    void abNon2xxAndRefused() throws IOException {
        LoadResult r = new AbInjector().parse(recorded("ab-404.txt"), H1);
        assertEquals(0, r.requestsOk());
        assertEquals(Map.of("status", 200L), r.errors());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new AbInjector().parse(recorded("ab-refused.txt"), H1));
        assertTrue(e.getMessage().contains("Connection refused"), e.getMessage());
    }

    @Test
    void abKeepAliveAgainstReactorNettyKeepsNothingAlive() throws IOException {
        String out = recorded("ab-k.txt");
        assertTrue(out.contains("Keep-Alive requests:    0"), "the recorded fact behind running ab without -k");
        assertEquals(100, new AbInjector().parse(out, H1).requestsOk());
    }

    @Test
    void commandLines(@TempDir Path dir) throws IOException {
        LoadRequest r = new LoadRequest("http://127.0.0.1:1/plaintext", "http1.1", 128, 16, 2, Duration.ofSeconds(4),
                "GET", Map.of("x-a", "b\"c"), null, null, false, dir);
        List<String> wrk = new WrkInjector().command("/usr/bin/wrk", r);
        assertEquals(List.of("/usr/bin/wrk", "--threads", "2", "--connections", "128", "--duration", "4s", "--timeout",
                "10s", "--latency", "--script", dir.resolve("wrk-pipeline-16.lua").toString(), r.url()), wrk);
        String lua = Files.readString(dir.resolve("wrk-pipeline-16.lua"));
        assertTrue(lua.contains("local depth = 16"), lua);
        assertTrue(lua.contains("wrk.headers[\"x-a\"] = \"b\\\"c\""), lua);

        LoadRequest h2 = new LoadRequest("http://127.0.0.1:1/json", "h2c", 8, 10, 2, Duration.ofMillis(1500),
                "GET", Map.of(), null, null, true, dir);
        assertEquals(List.of("h2load", "--threads=2", "--clients=8", "--max-concurrent-streams=10", "--duration=2",
                h2.url()), new H2loadInjector().command("h2load", h2));

        LoadRequest one = new LoadRequest("http://127.0.0.1:1/json", "http1.1", 8, 1, 2, Duration.ofSeconds(3),
                "GET", Map.of(), null, null, false, dir);
        List<String> ab = new AbInjector().command("ab", one);
        assertFalse(ab.contains("-k"), "no -k when the target cannot keep HTTP/1.0 connections alive");
        assertTrue(new AbInjector().notes(one).stream().anyMatch(n -> n.contains("without -k")));
        assertTrue(new AbInjector().command("ab", new LoadRequest(one.url(), "http1.1", 8, 1, 1, one.duration(), "GET",
                Map.of(), null, null, true, dir)).contains("-k"));
    }

    @Test
    void unsupportedCombinationsAreNamed() {
        assertTrue(new WrkInjector().unsupported("h2c", 1, "GET").orElseThrow().contains("HTTP/1.1 only"));
        assertTrue(new AbInjector().unsupported("http1.1", 16, "GET").orElseThrow().contains("cannot pipeline"));
        assertTrue(new H2loadInjector().unsupported("h2c", 16, "GET").isEmpty());
        assertEquals(Optional.of("unknown protocol 'h3'; accepted: http1.1, h2c, h2"),
                new H2loadInjector().unsupported("h3", 1, "GET"));
        assertEquals(Optional.of("unknown protocol 'http1.1+h2c'; accepted: http1.1, h2c, h2"),
                new H2loadInjector().unsupported("http1.1+h2c", 1, "GET"), "a server's protocol is no wire");
    }

    /** h2load reads a protocol name as the model does, and the name it lets through picks that wire's flags. */
    @Test
    void h2loadReadsAProtocolNameAsTheModelDoes() {
        for (String name : List.of("http1.1", " HTTP1.1 ", "h2", "H2")) {
            LoadRequest r = request(name, 1, true, Path.of("."));
            assertTrue(new H2loadInjector().unsupported(name, 1, "GET").isEmpty(), name);
            boolean h1 = name.strip().equalsIgnoreCase("http1.1");
            List<String> cmd = new H2loadInjector().command("h2load", r);
            assertEquals(h1, cmd.contains("--h1"), name + ": " + cmd);
            assertEquals(!h1, cmd.contains("--npn-list=h2"), name + ": " + cmd);
        }
        assertTrue(ExternalInjectors.missing(new H2loadInjector()).contains("nghttp2-client"));
        assertTrue(ExternalInjectors.missing(new AbInjector()).contains("apache2-utils"));
    }

    /**
     * ab's Length failures compare every body with the first response's: a 500 every tenth request was subtracted
     * twice (80 ok of 100), and a 500 answered first made all 90 good responses failures (no throughput at all).
     */
    @Test
    void abCountsStatusesNotItsLengthHeuristic() throws IOException {
        LoadResult every = new AbInjector().parse(recorded("ab-fail-every.txt"), H1);
        assertEquals(90, every.requestsOk());
        assertEquals(Map.of("status", 10L), every.errors());
        LoadResult first = new AbInjector().parse(recorded("ab-first-error.txt"), H1);
        assertEquals(90, first.requestsOk());
        assertEquals(Map.of("status", 10L), first.errors());
        assertTrue(first.throughputRps() > 0);
    }

    /** wrk counts a response slower than --timeout among its requests and as a timeout: an error, not throughput. */
    @Test
    void wrkTimeoutsAreNotThroughput() {
        String out = """
                Running 2s test @ http://127.0.0.1:1/plaintext
                  1 threads and 2 connections
                  Thread Stats   Avg      Stdev     Max   +/- Stdev
                    Latency     1.50ms  400.00us   2.00ms   95.67%
                  1000 requests in 2.00s, 636.18KB read
                  Socket errors: connect 0, read 0, write 0, timeout 400
                Requests/sec:    500.00
                """;
        LoadResult r = new WrkInjector().parse(out, H1);
        assertEquals(600, r.requestsOk());
        assertEquals(Map.of("timeout", 400L), r.errors());
        assertEquals(300, r.throughputRps(), 1e-9);
    }

    /** h2load's "2xx" counts headers; a stream reset after them is also "errored", and "succeeded" leaves it out. */
    @Test
    void h2loadStreamsResetAfterTheirHeadersAreErrorsOnly() {
        String out = """
                finished in 2.00s, 500.00 req/s, 32.95KB/s
                requests: 1000 total, 1000 started, 1000 done, 900 succeeded, 100 failed, 100 errored, 0 timeout
                status codes: 1000 2xx, 0 3xx, 0 4xx, 0 5xx
                time for request:      201us     52.79ms      2.13ms      3.37ms    90.30%
                """;
        LoadResult r = new H2loadInjector().parse(out, H1);
        assertEquals(900, r.requestsOk());
        assertEquals(Map.of("errored", 100L), r.errors());
        String redirects = out.replace("900 succeeded", "1000 succeeded").replace("100 failed, 100 errored", "30 failed, 0 errored")
                .replace("1000 2xx, 0 3xx", "970 2xx, 30 3xx");
        assertEquals(970, new H2loadInjector().parse(redirects, H1).requestsOk(), "3xx succeed in h2load, not here");
        IllegalArgumentException shortRun = assertThrows(IllegalArgumentException.class, () -> new H2loadInjector()
                .parse(out.replace("1000 total, 1000 started, 1000 done", "10000 total, 1000 started, 1000 done"),
                        H1.withRequests(10_000L)));
        assertTrue(shortRun.getMessage().startsWith("h2load was asked for 10000 requests and finished 1000"),
                shortRun.getMessage());
    }

    /** A measured time of 0 gave a valid cell at 0 req/s with thousands of responses. */
    @Test
    void responsesInNoTimeAreNoResult() throws IOException {
        String wrk = recorded("wrk-plaintext.txt").replaceFirst("requests in [0-9.]+s", "requests in 0.00us");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new WrkInjector().parse(wrk, H1));
        assertTrue(e.getMessage().contains("in no time"), e.getMessage());
    }

    @Test
    void aToolThatExitedWithAnErrorGaveNoResult() {
        assertEquals(null, ExternalInjectors.exitProblem("injector wrk", 0, "x"));
        assertEquals("injector wrk exited with code 139 (signal 11), so its figures are not a result: Requests/sec: 5 | PANIC: x",
                ExternalInjectors.exitProblem("injector wrk", 139, "Requests/sec: 5\nPANIC: x\n"));
    }
}
