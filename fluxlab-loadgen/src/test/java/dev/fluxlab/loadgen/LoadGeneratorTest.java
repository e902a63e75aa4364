package dev.fluxlab.loadgen;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.load.ConnectTimes;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.warmup.ThroughputSettling;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** End-to-end runs of the injector against {@link TestServer} on every protocol, with and without faults. */
class LoadGeneratorTest {

    /**
     * A run of a fraction of a second, for a check that a single response (or none) already decides: a warning said
     * at the start, an error class, an absent figure.
     */
    private static LoadSpec.Builder brief(String scheme, int port) {
        return spec(scheme, port).warmup(Duration.ofMillis(100)).duration(Duration.ofMillis(300));
    }

    private static LoadSpec.Builder spec(String scheme, int port) {
        return LoadSpec.builder(scheme + "://127.0.0.1:" + port + "/plaintext")
                .warmup(Duration.ofMillis(300))
                .duration(Duration.ofMillis(1200))
                .threads(2)
                .expectBody(TestServer.BODY)
                .expectContentType("text/plain");
    }

    @ParameterizedTest(name = "{0} -c {1} -m {2}")
    @CsvSource({"http1.1, 2, 1", "http1.1, 2, 4", "http1.1, 2, 16", "h2c, 2, 8", "h2, 2, 8", "https1.1, 2, 2"})
    void everyProtocolLoadsWithoutErrors(String serverProtocol, int connections, int inFlight) throws Exception {
        boolean tls = serverProtocol.equals("h2") || serverProtocol.equals("https1.1");
        String protocol = serverProtocol.equals("https1.1") ? "http1.1" : serverProtocol;
        try (TestServer server = new TestServer(serverProtocol, 0, 1, TestServer.Faults.NONE)) {
            LoadSpec s = spec(tls ? "https" : "http", server.port())
                    .protocol(protocol).connections(connections).inFlight(inFlight).insecure(true).build();
            LoadOutcome o = LoadGenerator.run(s, ProgressListener.NONE);
            LoadResult r = o.result();
            assertTrue(r.requestsOk() > 0, "no verified responses: " + r);
            assertEquals(0, r.errorCount(), "errors: " + r.errors());
            assertEquals(java.util.Map.of(), r.statuses(), "no unexpected status");
            assertEquals(r.requestsOk(), o.corrected().getTotalCount(), "ok count vs histogram");
            assertEquals(r.requestsOk(), LoadGenerator.decode(r.histogram()).getTotalCount(), "ok count vs encoded histogram");
            assertEquals(r.requestsOk() / r.durationS(), r.throughputRps(), 1e-6);
            double min = r.latencyMs().uncorrected().min();
            assertTrue(min > 0 && min <= r.latencyMs().uncorrected().p50(), "the fastest response: " + min);
            assertEquals(o.uncorrected().getMinValue() / 1e3, min, 1e-9);
            assertTrue(HumanReport.format(o).contains("    min "), HumanReport.format(o));
            assertEquals(protocol, r.protocol());
            assertNotNull(r.transport());
            assertTrue(server.requests() >= r.requestsOk(), "server saw fewer requests than were verified");
            assertTrue(r.perSecond().stream().anyMatch(x -> x.phase().equals("measure")), "no per-second samples");
            String depth = protocol.equals("http1.1") && inFlight >= 4
                    ? (inFlight - inFlight / 2) + "-" + inFlight + " (pipelined, refilled at half) in flight"
                    : inFlight + " in flight";
            assertTrue(HumanReport.format(o).contains(connections + " connections x " + depth), HumanReport.format(o));
        }
    }

    @Test
    void withoutKeepAliveEveryRequestHasItsOwnConnectionAndItsConnectTimeIsReported() throws Exception {
        try (TestServer server = new TestServer("http1.1", 0, 1, TestServer.Faults.NONE)) {
            LoadOutcome o = LoadGenerator.run(spec("http", server.port()).connections(4).keepAlive(false).build(),
                    ProgressListener.NONE);
            LoadResult r = o.result();
            assertTrue(r.requestsOk() > 0, "no verified responses: " + r);
            assertEquals(0, r.errorCount(), "errors: " + r.errors());
            ConnectTimes c = r.connect();
            assertNotNull(c, "no connect section without keep-alive");
            assertEquals(r.requestsOk(), c.connects(), "one connect per recorded request");
            assertTrue(server.connections() >= server.requests(), server.connections() + " connections for "
                    + server.requests() + " requests");
            assertTrue(c.meanMs() > 0 && c.p99Ms() >= c.p50Ms() && c.maxMs() >= c.p99Ms(), c.toString());
            assertTrue(c.latencyShare() > 0 && c.latencyShare() < 1, c.toString());
            // each latency includes its connect, so the mean latency is at least the mean connect time
            assertTrue(r.latencyMs().corrected().mean() >= c.meanMs(), r.latencyMs() + " vs " + c);
            assertTrue(HumanReport.format(o).contains("of the latency was connecting"), HumanReport.format(o));
        }
    }

    /** --threads above -c runs one loop per connection, and the document says so: it was capped without a word. */
    @Test
    void threadsAboveTheConnectionsAreCappedAndSaidSo() throws Exception {
        try (TestServer server = new TestServer("http1.1", 0, 1, TestServer.Faults.NONE)) {
            LoadOutcome o = LoadGenerator.run(brief("http", server.port()).connections(2).threads(5).build(),
                    ProgressListener.NONE);
            String said = "--threads 5 is more than the 2 connections: 2 event loops ran, one per connection";
            assertTrue(o.result().warnings() != null && o.result().warnings().stream().anyMatch(w -> w.startsWith(said)),
                    String.valueOf(o.result().warnings()));
            assertTrue(HumanReport.format(o).contains(said), HumanReport.format(o));
            LoadOutcome two = LoadGenerator.run(brief("http", server.port()).connections(2).threads(2).build(),
                    ProgressListener.NONE);
            assertTrue(two.warnings().stream().noneMatch(w -> w.startsWith("--threads")), two.warnings().toString());
        }
    }

    @Test
    void keepAliveIsOnByDefaultAndItsDocumentHasNoConnectSection() throws Exception {
        try (TestServer server = new TestServer("http1.1", 0, 1, TestServer.Faults.NONE)) {
            LoadResult r = LoadGenerator.run(spec("http", server.port()).connections(2).build(), ProgressListener.NONE)
                    .result();
            assertEquals(null, r.connect());
            assertTrue(server.connections() <= 2, server.connections() + " connections for 2 kept alive");
        }
    }

    @ParameterizedTest(name = "{0} -m {1}")
    @CsvSource({"1", "4"})
    void chunkedResponsesAreParsedAndVerified(int inFlight) throws Exception {
        try (TestServer server = new TestServer("http1.1", 0, 1, TestServer.Faults.CHUNKED)) {
            LoadSpec s = spec("http", server.port()).connections(2).inFlight(inFlight).build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            assertTrue(r.requestsOk() > 0);
            assertEquals(0, r.errorCount(), "errors: " + r.errors());
        }
        // and a wrong expected body is caught in chunked responses too
        try (TestServer server = new TestServer("http1.1", 0, 1, TestServer.Faults.CHUNKED)) {
            LoadSpec s = brief("http", server.port()).connections(1).expectBody("Hello, World?".getBytes(StandardCharsets.UTF_8)).build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            assertEquals(0, r.requestsOk());
            assertTrue(r.errors().get("body") > 0);
        }
    }

    @ParameterizedTest(name = "{0} body {1} bytes")
    @CsvSource({"http1.1, 20000", "h2c, 20000", "h2c, 100"})
    void postBodiesAreSent(String protocol, int size) throws Exception {
        try (TestServer server = new TestServer(protocol, 0, 1, TestServer.Faults.NONE)) {
            LoadSpec s = spec("http", server.port()).protocol(protocol).connections(2).inFlight(2)
                    .method("POST").body(LoadSpec.jsonBody(size), "application/json").build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            assertEquals("POST", r.method());
            assertTrue(r.requestsOk() > 0);
            assertEquals(0, r.errorCount(), "errors: " + r.errors());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"http1.1, 1", "h2c, 4"})
    void faultsAreCountedByClassAndNeverAsThroughput(String protocol, int inFlight) throws Exception {
        // every 10th request answers 500, every 7th (not also a 10th) a wrong body
        try (TestServer server = new TestServer(protocol, 0, 1, new TestServer.Faults(10, 7, 0, 0, 0))) {
            LoadSpec s = spec("http", server.port()).protocol(protocol).connections(2).inFlight(inFlight).build();
            LoadOutcome o = LoadGenerator.run(s, ProgressListener.NONE);
            LoadResult r = o.result();
            long status = r.errors().get("status"), body = r.errors().get("body");
            long total = r.requestsOk() + status + body;
            assertTrue(r.requestsOk() > 0);
            assertTrue(status > 0 && body > 0, "faults not detected: " + r.errors());
            // ~10% status, ~1/7 - 1/70 ~ 12.9% body; generous bounds (phase edges cut the cycles)
            assertTrue(Math.abs(status / (double) total - 0.10) < 0.03, "status share " + status + "/" + total);
            assertTrue(Math.abs(body / (double) total - 0.129) < 0.03, "body share " + body + "/" + total);
            assertEquals(r.requestsOk(), LoadGenerator.decode(r.histogram()).getTotalCount(),
                    "errors must not be recorded in the latency histogram");
            assertEquals(r.requestsOk() / r.durationS(), r.throughputRps(), 1e-6);
            assertEquals(java.util.Map.of("500", status), r.statuses(), "which status came back, by code");
            String text = HumanReport.format(o);
            assertTrue(text.contains("status " + status + " [got 500 x " + status + "]"), text);
            assertEquals("the server answered 500 where 200 was expected (--expect-status)",
                    r.errorDetails().get("status"), "every error class carries its first cause");
            assertTrue(r.errorDetails().get("body").startsWith("the body was not the one expected ("),
                    r.errorDetails().toString());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"http1.1, 1", "h2c, 4"})
    void theMeasuredSecondsAddUpToTheTotalsExactly(String protocol, int inFlight) throws Exception {
        // counted by completion time: read at each second's end, a second held the next one's first completions and
        // the last one the drain after the window (1-29 over the totals at ~50k req/s)
        try (TestServer server = new TestServer(protocol, 0, 1, new TestServer.Faults(10, 0, 0, 0, 0))) {
            LoadSpec s = spec("http", server.port()).protocol(protocol).connections(4).inFlight(inFlight)
                    .duration(Duration.ofSeconds(2)).build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            var measured = r.perSecond().stream().filter(x -> x.phase().equals("measure")).toList();
            assertEquals(2, measured.size(), r.perSecond().toString());
            assertTrue(r.errors().get("status") > 0, "faults not served: " + r.errors());
            assertEquals(r.requestsOk(), measured.stream().mapToLong(x -> x.ok()).sum(), measured.toString());
            assertEquals(r.errorCount(), measured.stream().mapToLong(x -> x.errors()).sum(), measured.toString());
        }
    }

    @Test
    void resetStreamsCountAsProtocolErrors() throws Exception {
        try (TestServer server = new TestServer("h2c", 0, 1, TestServer.Faults.resetStreamEvery(20))) {
            LoadSpec s = spec("http", server.port()).protocol("h2c").connections(2).inFlight(4).build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            long protocol = r.errors().get("protocol");
            assertTrue(protocol > 0, "RST_STREAM not counted: " + r.errors());
            assertEquals("RST_STREAM INTERNAL_ERROR from the server", r.errorDetails().get("protocol"));
            assertTrue(r.describeErrors().contains("protocol " + protocol + " (RST_STREAM INTERNAL_ERROR from the "
                    + "server)"), r.describeErrors());
            assertTrue(Math.abs(protocol / (double) (protocol + r.requestsOk()) - 0.05) < 0.02, r.errors() + " ok " + r.requestsOk());
            assertEquals(r.requestsOk(), LoadGenerator.decode(r.histogram()).getTotalCount());
        }
    }

    @Test
    void closedConnectionsCountAsResetAndTheRunGoesOn() throws Exception {
        try (TestServer server = new TestServer("http1.1", 0, 1, new TestServer.Faults(0, 0, 50, 0, 0))) {
            LoadSpec s = spec("http", server.port()).connections(2).inFlight(2).build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            assertTrue(r.errors().get("reset") > 0, "closed connections not counted: " + r.errors());
            assertEquals("the server closed the connection", r.errorDetails().get("reset"));
            assertTrue(r.requestsOk() > 10 * r.errors().get("reset"), "did not reconnect and go on: " + r);
            assertEquals(0, r.errors().get("status") + r.errors().get("body") + r.errors().get("protocol"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"http1.1, 1", "h2c, 4"})
    void stalledResponsesTimeOut(String protocol, int inFlight) throws Exception {
        // the server holds every response for the first 1.8 s of every 2 s; the injector gives up after 200 ms
        long pause = Duration.ofMillis(1800).toNanos(), every = Duration.ofSeconds(2).toNanos();
        try (TestServer server = new TestServer(protocol, 0, 1, new TestServer.Faults(0, 0, 0, pause, every))) {
            LoadSpec s = spec("http", server.port()).protocol(protocol).connections(2).inFlight(inFlight)
                    .timeout(Duration.ofMillis(200)).build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            assertTrue(r.errors().get("timeout") > 0, "no timeouts counted: " + r.errors());
            assertEquals("no complete response within 200 ms (--timeout)", r.errorDetails().get("timeout"));
            assertEquals(r.requestsOk(), LoadGenerator.decode(r.histogram()).getTotalCount());
            assertTrue(r.latencyMs().corrected().max() < 1000, "a timed-out request was recorded as ok: " + r.latencyMs());
        }
    }

    @Test
    void tlsAgainstACleartextServerSaysSo() throws Exception {
        try (TestServer server = new TestServer("http1.1", 0, 1, TestServer.Faults.NONE)) {
            LoadSpec s = spec("https", server.port()).insecure(true).build();
            LoadFailure f = assertThrows(LoadFailure.class, () -> LoadGenerator.run(s, ProgressListener.NONE));
            assertTrue(f.getMessage().contains("the server answered in clear text, not TLS: load it with http://"),
                    f.getMessage());
            assertFalse(f.getMessage().contains("--insecure"), f.getMessage());
        }
    }

    /** A server that closes every connection before a word of TLS: not Netty's "StacklessClosedChannelException". */
    @Test
    void tlsClosedDuringTheHandshakeSaysSo() throws Exception {
        try (java.net.ServerSocket closing = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Thread.ofPlatform().daemon().start(() -> {
                while (!closing.isClosed()) {
                    try (java.net.Socket c = closing.accept()) {
                        c.getInputStream().read(); // the ClientHello arrives, and the connection closes unanswered
                    } catch (java.io.IOException e) {
                        return;
                    }
                }
            });
            LoadSpec s = spec("https", closing.getLocalPort()).insecure(true).connections(1).threads(1).build();
            LoadFailure f = assertThrows(LoadFailure.class, () -> LoadGenerator.run(s, ProgressListener.NONE));
            assertTrue(f.getMessage().contains("the server closed the connection during the TLS handshake"),
                    f.getMessage());
            assertFalse(f.getMessage().contains("ClosedChannelException"), f.getMessage());
        }
    }

    @Test
    void nothingListeningIsAFailureToRun() throws Exception {
        int port;
        try (java.net.ServerSocket ss = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = ss.getLocalPort();
        }
        LoadSpec s = spec("http", port).build();
        LoadFailure f = org.junit.jupiter.api.Assertions.assertThrows(LoadFailure.class,
                () -> LoadGenerator.run(s, ProgressListener.NONE));
        assertTrue(f.getMessage().contains("could not connect"), f.getMessage());
        assertTrue(f.getMessage().contains("nothing listens on that address and port: start the server first"),
                f.getMessage());
    }

    /**
     * A header block above one 16 KiB frame goes out as a HEADERS frame and CONTINUATION frames, on the first request
     * of a connection and on every later one, and arrives whole (the test server accepts 1 MiB of headers).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"h2c, http", "h2, https"})
    void largeHeadersGoOutInContinuationFrames(String protocol, String scheme) throws Exception {
        String value = RequestTemplateTest.incompressible(50_000);
        try (TestServer server = new TestServer(protocol, 0, 1, TestServer.Faults.NONE)) {
            LoadSpec s = spec(scheme, server.port()).protocol(protocol).insecure(true).connections(2).inFlight(4)
                    .header("X-Big", value).requests(200L).build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            assertEquals(200, r.requestsOk(), r.errors().toString());
            assertEquals(0, r.errorCount());
            assertEquals(value.length(), server.longestHeaderValue());
        }
    }

    /**
     * A server that refuses the request's headers (over its SETTINGS_MAX_HEADER_LIST_SIZE, here 8 KiB as Netty's
     * default) ends the connection with GOAWAY: the failed requests say so, with the server's own words.
     */
    @Test
    void aGoAwayIsNamedAsTheCauseOfTheFailedRequests() throws Exception {
        try (TestServer server = new TestServer("h2c", 0, 1, TestServer.Faults.NONE, 8192)) {
            LoadSpec s = spec("http", server.port()).protocol("h2c").connections(1).inFlight(1)
                    .header("X-Big", RequestTemplateTest.incompressible(20_000)).build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            assertEquals(0, r.requestsOk());
            assertTrue(r.errorCount() > 0, r.errors().toString());
            String why = r.describeErrors(); // Netty's frame codec here answers with GOAWAY (its code varies by size)
            assertTrue(why.matches("(reset|protocol) \\d+ \\((the server sent )?GOAWAY [A-Z_]+.*"), why);
        }
    }

    /**
     * A server that stops answering in the middle of the measured window: the requests it leaves waiting are in no
     * histogram, so the document counts them ({@code stalled_requests}) and a warning says so (an audit's stall of
     * 1.5 s had left a p99 of 26 ms and no word).
     */
    @Test
    void requestsAServerStopsAnsweringInTheWindowAreCountedAsStalled() throws Exception {
        try (java.net.ServerSocket server = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            // silent from 700 ms after the first request on: 400 ms into the window after a 300 ms warm-up
            java.util.concurrent.atomic.AtomicLong silentAt = new java.util.concurrent.atomic.AtomicLong();
            Thread.ofPlatform().daemon().start(() -> {
                while (!server.isClosed()) {
                    try {
                        java.net.Socket c = server.accept();
                        Thread.ofPlatform().daemon().start(() -> answerUntil(c, silentAt));
                    } catch (java.io.IOException e) {
                        return;
                    }
                }
            });
            // a 2.5 s window: a stalled request counts once it waited twice the slowest response; at load average 4
            // a 1.2 s window counted none in 5 of 12 runs (a slow response there pushed that age past its end)
            LoadSpec s = spec("http", server.getLocalPort()).connections(2).duration(Duration.ofMillis(2500)).build();
            LoadOutcome o = LoadGenerator.run(s, ProgressListener.NONE);
            assertTrue(o.result().requestsOk() > 0, "it answered until the stall");
            assertEquals(2L, o.result().stalledRequests(), "one request per connection waits from the stall on");
            // at least 100 ms, more when a response in the window was slower than 50 ms (a busy machine)
            assertTrue(o.warnings().stream().anyMatch(w -> w.matches("2 requests written in the measured phase still "
                    + "had no answer at its end after more than \\d{3,} ms .*")), o.warnings().toString());
        }
    }

    /** Answers each request on {@code c} until {@code silentAt} (set at the first request), then reads on in silence. */
    private static void answerUntil(java.net.Socket c, java.util.concurrent.atomic.AtomicLong silentAt) {
        byte[] response = ("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 13\r\n\r\nHello, World!")
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        try (c; java.io.InputStream in = c.getInputStream(); java.io.OutputStream out = c.getOutputStream()) {
            int matched = 0;
            for (int b; (b = in.read()) >= 0; ) {
                matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
                if (matched == 4) {
                    matched = 0;
                    long now = System.nanoTime();
                    silentAt.compareAndSet(0, now + Duration.ofMillis(700).toNanos());
                    if (now < silentAt.get()) {
                        out.write(response);
                        out.flush();
                    }
                }
            }
        } catch (java.io.IOException e) {
            // the injector closed the connection
        }
    }

    @Test
    void countModeRecordsExactlyTheRequestedNumber() throws Exception {
        try (TestServer server = new TestServer("h2c", 0, 1, TestServer.Faults.NONE)) {
            LoadSpec s = spec("http", server.port()).protocol("h2c").connections(2).inFlight(4).requests(3000L).build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            assertEquals(3000, r.requestsOk() + r.errorCount());
        }
    }

    /**
     * Without a warm-up, the server sees the N requests and at most those in flight when the N-th ended: no send after
     * it, none before the measured phase (16 connections and -n 3 had sent 32).
     */
    @Test
    void countModeWithoutWarmupSendsNoMoreThanTheCountAndThoseInFlight() throws Exception {
        for (String protocol : List.of("http1.1", "h2c")) {
            int inFlight = protocol.equals("h2c") ? 4 : 1;
            for (long n : new long[] {3, 2000}) {
                try (TestServer server = new TestServer(protocol, 0, 1, TestServer.Faults.NONE)) {
                    LoadSpec s = spec("http", server.port()).protocol(protocol).connections(16).inFlight(inFlight)
                            .warmup(Duration.ZERO).requests(n).build();
                    LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
                    assertEquals(n, r.requestsOk() + r.errorCount());
                    assertTrue(server.requests() <= n + 16L * inFlight, protocol + " -n " + n + ": the server saw "
                            + server.requests());
                }
            }
        }
    }

    /**
     * An HTTP/1.1 server that accepts connections and never answers: nothing completes and nothing times out within the window
     * (the timeout is longer), so every figure is empty; the outcome must say that requests hung, not "Errors none".
     */
    @Test
    void requestsLeftUnansweredThroughTheWindowAreReported() throws Exception {
        try (java.net.ServerSocket silent = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            LoadSpec s = spec("http", silent.getLocalPort()).connections(2).build();
            LoadOutcome o = LoadGenerator.run(s, ProgressListener.NONE);
            assertEquals(0, o.result().requestsOk());
            assertEquals(0, o.result().errorCount());
            assertTrue(o.warnings().stream().anyMatch(w -> w.startsWith("2 requests written before the measured phase "
                    + "still had no answer at its end")), o.warnings().toString());
            assertTrue(o.result().warnings().stream().anyMatch(w -> w.startsWith("2 requests written before the "
                    + "measured phase")), "no figure carries it, so the document does: " + o.result().warnings());
            String text = HumanReport.format(o);
            assertTrue(text.contains("Latency      none: no verified response completed in the measured phase")
                    && !text.contains("min 0.000ms"), "an empty histogram is no latency of zero: " + text);

            // open model: the requests the warm-up could not send are a backlog, dropped at the measured phase's start
            LoadSpec open = spec("http", silent.getLocalPort()).connections(1).rate(1000.0).build();
            LoadOutcome behind = LoadGenerator.run(open, ProgressListener.NONE);
            assertTrue(behind.warnings().stream().anyMatch(w -> w.matches("the warm-up ended \\d+ requests behind "
                    + "schedule \\(\\d+ ms of sends at 1000 req/s\\): they were dropped, not sent, .*")),
                    behind.warnings().toString());
            assertTrue(behind.result().warnings().stream().anyMatch(w -> w.startsWith("the warm-up ended ")),
                    String.valueOf(behind.result().warnings()));
            assertTrue(behind.result().missedRequests() <= Math.round(1000 * behind.result().durationS()) + 1,
                    "missed counts the window's intended requests only: " + behind.result().missedRequests());
        }
    }

    /**
     * A stop (a person's Ctrl-C) in the measured phase ends it there: the outcome covers the part that ran, says it
     * was cut short, and comes at once rather than after the 60 s asked for; a stop in the warm-up measured nothing.
     */
    @Test
    void aStopEndsTheMeasuredPhaseWhereItIsAndKeepsWhatItGathered() throws Exception {
        try (TestServer server = new TestServer("http1.1", 0, 1, TestServer.Faults.NONE)) {
            LoadSpec s = spec("http", server.port()).connections(2).duration(Duration.ofSeconds(60)).build();
            LoadStop stop = new LoadStop();
            Thread.ofPlatform().daemon().start(() -> {
                try {
                    Thread.sleep(s.warmup().bound().toMillis() + 1_500);
                } catch (InterruptedException ignored) {
                    // stop now
                }
                stop.request();
            });
            long t0 = System.nanoTime();
            LoadOutcome o = LoadGenerator.run(s, ProgressListener.NONE, null, stop);
            assertTrue(System.nanoTime() - t0 < Duration.ofSeconds(20).toNanos(), "the stop did not end the load");
            LoadResult r = o.result();
            assertTrue(r.durationS() > 1 && r.durationS() < 10, "measured " + r.durationS() + " s");
            assertTrue(r.requestsOk() > 0);
            assertTrue(o.warnings().stream().anyMatch(w -> w.startsWith("INTERRUPTED: the measured phase was cut short "
                    + "after ")), o.warnings().toString());
            assertTrue(r.warnings() != null && r.warnings().stream().anyMatch(w -> w.startsWith("INTERRUPTED: ")),
                    "the document says so too, its duration alone does not: " + r.warnings());

            // a stop asked once the window is over (the runner's Ctrl-C while the tallies are collected) cuts nothing
            LoadStop late = new LoadStop();
            ProgressListener stopAtEnd = new ProgressListener() {
                @Override
                public void onSecond(String phase, int t, long ok, long errors, double rps) {
                }

                @Override
                public void measureEnded(int seconds) {
                    late.request();
                }
            };
            LoadSpec full = spec("http", server.port()).connections(2).duration(Duration.ofSeconds(1)).build();
            LoadOutcome whole = LoadGenerator.run(full, stopAtEnd, null, late);
            assertTrue(late.requested());
            assertEquals(1.0, whole.result().durationS(), 0.05);
            assertTrue(whole.warnings().stream().noneMatch(w -> w.startsWith("INTERRUPTED")), whole.warnings().toString());
            assertTrue(whole.result().warnings() == null || whole.result().warnings().stream()
                    .noneMatch(w -> w.startsWith("INTERRUPTED")), String.valueOf(whole.result().warnings()));

            LoadStop early = new LoadStop();
            early.request();
            LoadFailure f = assertThrows(LoadFailure.class, () -> LoadGenerator.run(s, ProgressListener.NONE, null, early));
            assertTrue(f.getMessage().startsWith("interrupted in the warm-up, after "), f.getMessage());
        }
    }

    /**
     * The coordinated-omission test. The server stops answering for 200 ms every second. One connection, one
     * request in flight, 200 req/s intended. When a stall starts, the request in flight waits up to 200 ms; the
     * ~40 requests whose intended send times fall into the stall cannot be sent (no free slot) and are sent in a
     * burst right after it. Measured from the actual write (uncorrected), only the single stuck request per stall
     * is slow, well under 1% of all requests, so the uncorrected p99 stays small. Measured from the intended
     * send time (corrected, what a user arriving at that time would experience), ~20% of requests waited
     * 0..200 ms, so the corrected p99 is close to 200 ms. An injector that only measured the uncorrected figure
     * would hide the stall: that is coordinated omission. At 10k req/s (two connections of two slots) the loop's
     * wake-ups are coalesced ({@link SendSchedule}) and the same holds: each request keeps its own intended time.
     */
    @ParameterizedTest(name = "{0} req/s -c {1} -m {1}")
    @CsvSource({"200, 1", "10000, 2"})
    void openModelCorrectsForCoordinatedOmission(double rate, int connections) throws Exception {
        long pause = Duration.ofMillis(200).toNanos(), every = Duration.ofSeconds(1).toNanos();
        try (TestServer server = new TestServer("http1.1", 0, 1, new TestServer.Faults(0, 0, 0, pause, every))) {
            LoadSpec s = LoadSpec.builder("http://127.0.0.1:" + server.port() + "/plaintext")
                    .connections(connections).inFlight(connections).threads(1).rate(rate)
                    .warmup(Duration.ZERO).duration(Duration.ofSeconds(3)).build();
            LoadOutcome o = LoadGenerator.run(s, ProgressListener.NONE);
            LoadResult r = o.result();
            assertEquals("open", r.model());
            assertEquals(0, r.errorCount(), "errors: " + r.errors());
            double corrected = r.latencyMs().corrected().p99();
            double uncorrected = r.latencyMs().uncorrected().p99();
            assertTrue(corrected >= 150, "corrected p99 " + corrected + " ms should show the 200 ms stalls");
            assertTrue(uncorrected < corrected / 2, "uncorrected p99 " + uncorrected + " ms vs corrected " + corrected);
            assertTrue(r.lateRequests() > 0, "requests delayed by the stall must be counted late");
            String intends = String.format(java.util.Locale.ROOT, "%.0f req/s for %.1f s intends %d)", rate,
                    r.durationS(), Math.round(rate * r.durationS()));
            assertTrue(o.warnings().stream().anyMatch(w -> w.contains("OPEN MODEL BEHIND SCHEDULE: " + r.lateRequests()
                    + " requests sent in the measured window left more than 1 ms after") && w.contains(intends)),
                    o.warnings().toString());
            // the server's stalls held every connection: the requests due in them (rate x 200 ms each, at least two
            // whole stalls in 3 s) waited for a free connection, not for the loop; half of one stall is the bound
            long waited = o.warnings().stream()
                    .map(w -> java.util.regex.Pattern.compile("\\((\\d+) waited for a connection with a free slot").matcher(w))
                    .filter(java.util.regex.Matcher::find).mapToLong(m -> Long.parseLong(m.group(1))).findFirst()
                    .orElseThrow(() -> new AssertionError("no late-send split in " + o.warnings()));
            assertTrue(waited >= rate * 0.1 && waited <= r.lateRequests(), waited + " of " + r.lateRequests()
                    + " late sends waited for a connection at " + rate + " req/s");
            assertEquals(r.requestsOk(), o.uncorrected().getTotalCount());
        }
    }

    /**
     * The open model keeps its rate exactly when wake-ups are coalesced (20k req/s over two loops: about two requests
     * per loop and wake-up): the requests completed in the measured phase plus those never sent are the rate times its
     * length, up to the requests in flight at its edges; and latency is measured from each request's intended time, so
     * corrected latency is never below the uncorrected one, request by request.
     */
    @Test
    void openModelKeepsItsRateExactWithCoalescedWakeUps() throws Exception {
        try (TestServer server = new TestServer("http1.1", 0, 1, TestServer.Faults.NONE)) {
            LoadSpec s = spec("http", server.port()).connections(4).inFlight(4).rate(20_000.0)
                    .duration(Duration.ofSeconds(2)).build();
            LoadOutcome o = LoadGenerator.run(s, ProgressListener.NONE);
            LoadResult r = o.result();
            assertEquals("open", r.model());
            assertEquals(0, r.errorCount(), "errors: " + r.errors());
            double intended = 20_000 * r.durationS();
            long accounted = r.requestsOk() + r.missedRequests();
            assertEquals(intended, accounted, intended * 0.02 + 16, accounted + " requests completed or missed of "
                    + intended + " intended (late " + r.lateRequests() + ")");
            assertEquals(r.requestsOk(), o.corrected().getTotalCount());
            assertTrue(o.corrected().getMinValue() >= o.uncorrected().getMinValue(), "min");
            assertTrue(o.corrected().getMean() >= o.uncorrected().getMean(), "mean");
            assertTrue(o.corrected().getMaxValue() >= o.uncorrected().getMaxValue(), "max");
        }
    }

    /**
     * Without a warm-up the open model has no backlog to drop: its schedule starts with the window. The warning said
     * the warm-up ended millions of requests behind (every request intended since the machine booted).
     */
    @Test
    void openModelWithoutWarmupDropsNoBacklog() throws Exception {
        try (TestServer server = new TestServer("http1.1", 0, 1, TestServer.Faults.NONE)) {
            LoadSpec s = spec("http", server.port()).connections(1).rate(200.0).warmup(Duration.ZERO)
                    .duration(Duration.ofMillis(500)).build();
            LoadOutcome o = LoadGenerator.run(s, ProgressListener.NONE);
            assertTrue(o.warnings().stream().noneMatch(w -> w.contains("behind schedule (")), o.warnings().toString());
        }
    }

    /**
     * A window too short to judge the injector's CPU by prints its CPU seconds and the warning that says so, not the
     * loops' busy fractions of it: -n 1 measured for 38 us and printed 'event loops busy: 1047% 847%' above that warning.
     * A window of a second or more prints them.
     */
    @Test
    void aWindowTooShortToJudgePrintsNoBusyLoops() throws Exception {
        try (TestServer server = new TestServer("http1.1", 0, 1, TestServer.Faults.NONE)) {
            LoadOutcome o = LoadGenerator.run(spec("http", server.port()).connections(1).requests(1L)
                    .maxDuration(Duration.ofMillis(500)).build(), ProgressListener.NONE);
            String text = HumanReport.format(o);
            assertTrue(o.result().durationS() < 1, text);
            assertFalse(text.contains("event loops busy"), text);
            assertTrue(text.contains("  Injector CPU " + String.format(java.util.Locale.ROOT, "%.2fs%n",
                    o.result().injectorCpuS())), text);
            assertTrue(text.contains("too short to judge whether the injector's CPU was its limit"), text);
            LoadOutcome judged = LoadGenerator.run(spec("http", server.port()).connections(1).build(),
                    ProgressListener.NONE);
            assertTrue(HumanReport.format(judged).contains("(event loops busy: "), HumanReport.format(judged));
        }
    }

    @Test
    void resultDocumentRoundTripsWithEveryField(@TempDir Path dir) throws Exception {
        LoadResult r;
        try (TestServer server = new TestServer("http1.1", 0, 1, TestServer.Faults.NONE)) {
            LoadSpec s = spec("http", server.port()).connections(1).rate(500.0).build();
            r = LoadGenerator.run(s, ProgressListener.NONE).result();
        }
        Path file = dir.resolve("load.json");
        Json.writeAtomically(file, r);
        LoadResult back = Json.read(file, LoadResult.class);
        assertEquals(r, back);
        var tree = Json.mapper().readTree(Files.readString(file, StandardCharsets.UTF_8));
        for (String field : List.of("schema", "target", "protocol", "model", "method", "connections", "in_flight",
                "rate_rps", "warmup_s", "duration_s", "requests_ok", "errors", "throughput_rps", "latency_ms",
                "late_requests", "missed_requests", "injector_cpu_s", "injector_cpu_cores", "per_second", "histogram",
                "histogram_unit", "uncorrected_histogram", "transport", "statuses")) {
            assertTrue(tree.has(field), "missing " + field);
        }
        assertEquals(LoadResult.SCHEMA, tree.get("schema").asText());
        for (Iterator<String> it = List.of("connect", "reset", "timeout", "status", "body", "protocol").iterator(); it.hasNext(); ) {
            String k = it.next();
            assertTrue(tree.get("errors").has(k), "errors." + k);
        }
        Histogram h = LoadGenerator.decode(back.uncorrectedHistogram());
        assertEquals(back.requestsOk(), h.getTotalCount());
    }

    /** A steady server settles in ~5 s; --warmup-min 7s keeps warming anyway (a cold JIT may still be on a plateau). */
    @Test
    void adaptiveWarmupLastsAtLeastItsMinimum() throws Exception {
        try (TestServer server = new TestServer("h2c", 0, 1, TestServer.Faults.NONE)) {
            LoadSpec s = spec("http", server.port()).protocol("h2c").connections(2).inFlight(4)
                    .warmupAuto().warmupMax(Duration.ofSeconds(10)).warmupMin(Duration.ofSeconds(7))
                    .duration(Duration.ofMillis(500)).build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            assertTrue(r.warmupS() >= 6.9 && r.warmupS() < 11, "warm-up took " + r.warmupS() + " s, minimum 7 s, bound 10 s");
        }
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> spec("http", 1).warmupAuto().warmupMax(Duration.ofSeconds(5)).warmupMin(Duration.ofSeconds(9)).build());
        assertTrue(e.getMessage().contains("--warmup-min (9.0s) must not exceed --warmup-max (5.0s)"), e.getMessage());
    }

    /** The injector reads transport names with the model's one enum: the targets' spellings, the same message. */
    @Test
    void transportNamesAreTheModelsOnes() {
        assertEquals("io_uring", spec("http", 1).transport("iouring").build().transport());
        assertEquals("native", spec("http", 1).build().transport());
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> spec("http", 1).transport("dpdk").build());
        assertTrue(e.getMessage().contains("unknown transport 'dpdk'; accepted: native, io_uring, epoll, nio"),
                e.getMessage());
    }

    @Test
    void adaptiveWarmupIsBoundedAndReported() throws Exception {
        try (TestServer server = new TestServer("h2c", 0, 1, TestServer.Faults.NONE)) {
            LoadSpec s = spec("http", server.port()).protocol("h2c").connections(2).inFlight(4)
                    .warmupAuto().warmupMax(Duration.ofSeconds(3)).duration(Duration.ofMillis(500)).build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            assertNotNull(r.warmupStable(), "warmup_stable must be reported for --warmup auto");
            assertTrue(r.warmupS() >= 2.9 && r.warmupS() < 4, "warm-up took " + r.warmupS() + " s, bound 3 s, minimum 3 s");
            assertTrue(r.perSecond().stream().filter(x -> x.phase().equals("warmup")).count() >= 3);
        }
    }

    /** A watched JVM that keeps compiling holds an automatic warm-up to its bound, and the document says so. */
    @Test
    void autoWarmupWaitsForAWatchedJvmThatIsStillCompiling(@TempDir Path scratch) throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), CompilingChild.class.getName(), scratch.toString())
                .redirectErrorStream(true).start();
        try (TestServer server = new TestServer("h2c", 0, 1, TestServer.Faults.NONE)) {
            String first = new java.io.BufferedReader(new java.io.InputStreamReader(child.getInputStream())).readLine();
            assertEquals("ready", first);
            LoadSpec s = spec("http", server.port()).protocol("h2c").connections(2).inFlight(4)
                    .warmupAuto().warmupMax(Duration.ofSeconds(6)).duration(Duration.ofSeconds(2))
                    .watchPid(child.pid()).build();
            LoadOutcome o = LoadGenerator.run(s, ProgressListener.NONE);
            LoadResult r = o.result();
            assertEquals(Boolean.FALSE, r.warmupStable(), "the child was compiling all along");
            assertEquals(Boolean.FALSE, r.warmupJitQuiet());
            assertTrue(r.warmupS() >= 5.9, "warm-up took " + r.warmupS() + " s, bound 6 s");
            assertTrue(o.warnings().stream().anyMatch(w -> w.contains("did not settle")), o.warnings().toString());
            assertEquals(2, r.watchedJvms().size(), r.watchedJvms().toString());
            var self = r.watchedJvms().get(0);
            var target = r.watchedJvms().get(1);
            assertEquals(ProcessHandle.current().pid(), self.pid());
            assertEquals("injector", self.role());
            assertEquals(child.pid(), target.pid());
            assertEquals("target", target.role());
            assertTrue(target.warmupEndCompileMsPerS() >= dev.fluxlab.model.warmup.WarmupPolicy.COMPILE_FLOOR_MS_PER_S,
                    target.toString());
            assertTrue(target.measured().compiles() > 0 && target.compiledWhileMeasured(), target.toString());
            assertTrue(r.stillCompiling().stream().anyMatch(x -> x.contains("JVM " + child.pid() + " (target)")),
                    r.stillCompiling().toString());
            var sample = r.perSecond().get(r.perSecond().size() - 1);
            assertTrue(sample.compileMs().containsKey(Long.toString(child.pid())), sample.toString());
        } finally {
            child.destroy();
            child.waitFor();
        }
    }

    @Test
    void warmupStabilityNeedsFiveSecondsWithoutARise() {
        assertTrue(!ThroughputSettling.settled(List.of(100.0, 100.0)));
        assertTrue(!ThroughputSettling.settled(List.of(50.0, 100.0, 101.0, 99.0)), "3 quiet seconds right after a jump are too few");
        assertTrue(ThroughputSettling.settled(List.of(50.0, 98.0, 100.0, 101.0, 99.0, 100.0)));
        // Spring WebFlux's warm-up as measured on 2 cores: a ramp that pauses for 3 s is still a ramp
        assertTrue(!ThroughputSettling.settled(List.of(2127.0, 6411.0, 9616.0, 10699.0, 12142.0, 13218.0, 16042.0, 17137.0, 17086.0)),
                "paused ramp");
        assertTrue(!ThroughputSettling.settled(List.of(100.0, 120.0, 100.0)));
        assertTrue(!ThroughputSettling.settled(List.of(96.0, 99.0, 103.0)), "rising trend");
        assertTrue(!ThroughputSettling.settled(List.of(0.0, 0.0, 0.0)));
        // a noisy plateau (+-20%, as on a shared 2-core machine) settles by the trend rule ...
        assertTrue(ThroughputSettling.settled(List.of(80.0, 100.0, 120.0, 85.0, 95.0)), "noisy plateau");
        // ... a JIT ramp of ~8% per second under the same noise does not
        assertTrue(!ThroughputSettling.settled(List.of(70.0, 85.0, 80.0, 95.0, 100.0)), "noisy ramp");
        assertTrue(!ThroughputSettling.settled(List.of(9.0, 10.0, 9.0, 13.0, 17.0, 19.0, 17.0, 28.0, 34.0, 34.0, 37.0)),
                "a cold target's ramp, as measured here");
    }

    /** measure: auto, the injector's side: at least --duration, then until the mean is known within --precision. */
    @Test
    void aPrecisionEndsTheMeasuredPhaseWhenTheMeanIsKnownWellEnough() throws Exception {
        try (TestServer server = new TestServer("http1.1", 0, 1, TestServer.Faults.NONE)) {
            // a loose precision is reached after the least length (5 s: MeanPrecision's own minimum), long before the
            // bound, once the warmed-up seconds stop trending (a rising series has no stated precision); the warm-up is
            // automatic, so a machine busy enough to stretch the JIT ramp past a fixed warm-up does not put that ramp
            // in the measured seconds (it did at load average 5: 5.8k to 37k req/s while measured, never "known")
            LoadResult loose = LoadGenerator.run(spec("http", server.port()).connections(2).warmupAuto()
                    .warmupMax(Duration.ofSeconds(30))
                    .duration(Duration.ofSeconds(5)).maxDuration(Duration.ofSeconds(20)).precision(0.5).build(),
                    ProgressListener.NONE).result();
            assertTrue(loose.durationS() >= 4.9 && loose.durationS() < 19, "stopped at " + loose.durationS() + " s: "
                    + loose.perSecond());
            assertNotNull(loose.precisionPct());
            assertTrue(loose.precisionPct() <= 50, loose.precisionPct() + " %");
            // an impossible one runs to --max-duration and says so
            LoadOutcome tight = LoadGenerator.run(spec("http", server.port()).connections(2).duration(Duration.ofSeconds(1))
                    .maxDuration(Duration.ofSeconds(6)).precision(0.001).build(), ProgressListener.NONE);
            assertTrue(tight.result().durationS() >= 5.9, "ran to its bound: " + tight.result().durationS());
            assertTrue(tight.warnings().stream().anyMatch(w -> w.startsWith("precision not reached")), tight.warnings().toString());
            assertEquals(null, LoadGenerator.run(brief("http", server.port()).build(), ProgressListener.NONE).result()
                    .precisionPct(), "a fixed duration states no precision");
        }
    }
}
