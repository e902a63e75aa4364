package dev.fluxlab.loadgen;

import dev.fluxlab.model.load.LoadResult;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The injector's figures against a {@link TestServer} whose answers are known in advance: a fixed service time, one
 * stall at a known moment, a known sequence of faults, a request count the server counts too. Each bound is one a
 * correct injector meets on a busy 2-core machine and a wrong one (latency from the wrong moment, no correction, a
 * count off by a class or a factor) misses by far; each says why it is what it is.
 */
class KnownAnswersTest {

    private static final Duration SERVICE = Duration.ofMillis(50);

    /**
     * Loads this JVM's classes on both sides once, before any test's window: run first in a cold JVM, the first
     * requests of a test took 0.5-1 s here (class loading and interpretation in the injector and in this in-process
     * server, on a loaded 2-core machine), and a request written in the warm-up and answered in the window counts
     * there with its whole latency, as it should, so a cold start would stand in the window's p99.
     */
    @BeforeAll
    static void warmThisJvm() throws Exception {
        for (String protocol : new String[] {"http1.1", "h2c"}) {
            try (TestServer server = new TestServer(protocol, 0, 1, TestServer.Faults.NONE)) {
                LoadGenerator.run(spec(server.port()).protocol(protocol).connections(2).inFlight(2)
                        .warmup(Duration.ofMillis(500)).duration(Duration.ofMillis(500)).build(), ProgressListener.NONE);
            }
        }
    }

    private static LoadSpec.Builder spec(int port) {
        return LoadSpec.builder("http://127.0.0.1:" + port + "/plaintext")
                .expectBody(TestServer.BODY)
                .expectContentType("text/plain");
    }

    /**
     * Every response is held 50 ms after its request arrived, so no latency can be below 50 ms, and a closed load of
     * c x m requests in flight completes at most c x m per 50 ms (Little's law). The median gets half the service
     * time of room above it, 25 ms: a server timer or a loop that runs late on a loaded machine delays some responses
     * (at load average 7 on 2 cores the slowest tenth took up to 36 ms more and p99 up to 217 ms more, so the tail has
     * no upper bound here; at load average 12 the median of a 20 ms service time was 32.7 ms, past the 10 ms of room
     * it had). Latency taken from the wrong moment (the previous completion, the connect) or in the wrong unit misses
     * these by a factor, and one that is a little short (a shift by 10 bits for a division by 1000) falls below the
     * service time.
     */
    @ParameterizedTest(name = "{0} -c {1} -m {2}")
    @CsvSource({"http1.1, 2, 1", "http1.1, 2, 4", "h2c, 1, 4"})
    void latencyIsNeverBelowAKnownServiceTimeAndCloseAboveIt(String protocol, int connections, int inFlight)
            throws Exception {
        double d = SERVICE.toNanos() / 1e6;
        try (TestServer server = new TestServer(protocol, 0, 1, TestServer.Faults.serviceTime(SERVICE))) {
            LoadSpec s = spec(server.port()).protocol(protocol).connections(connections).inFlight(inFlight).threads(1)
                    .warmup(Duration.ofMillis(300)).duration(Duration.ofMillis(1500)).build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            assertEquals(0, r.errorCount(), "errors: " + r.errors());
            assertTrue(r.requestsOk() >= 20, "too few responses to judge: " + r.requestsOk());
            var c = r.latencyMs().corrected();
            var u = r.latencyMs().uncorrected();
            assertTrue(c.min() >= d && u.min() >= d, "a response faster than the server's " + d + " ms: " + r.latencyMs());
            assertTrue(c.p50() >= d && c.p99() >= d, r.latencyMs().toString());
            assertTrue(c.p50() <= d * 1.5, "p50 " + c.p50() + " ms for a service time of " + d + " ms: " + c);
            assertEquals(c, u, "closed model: each request is intended when it is sent");
            // at most c x m responses per service time, plus those in flight as the window opened
            long most = (long) connections * inFlight * ((long) Math.ceil(r.durationS() * 1e3 / d) + 1);
            assertTrue(r.requestsOk() <= most, r.requestsOk() + " responses in " + r.durationS() + " s, at most " + most);
        }
    }

    /**
     * Coordinated omission, counted: at 400 req/s on two connections the server stalls once for 300 ms, 1 s after the
     * first request (0.5 s into the window, after a warm-up that keeps a cold JVM's first requests out of it). The
     * requests intended in the stall's first half (400 x 0.15 = 60) wait more than 150 ms from their intended time,
     * whether they were written before the stall (and held) or could not be written (no free slot); the corrected
     * histogram must hold about 60 such samples (at least 48: the stall may start a few ms late on a busy machine; at
     * most 83, a stall that ends up to ~50 ms late) and a maximum of about 300 ms. From the actual write (uncorrected)
     * only the requests already in flight when the stall began (one per connection) waited that long, and at most one
     * more per connection if a pause of the JVM elsewhere in the window held them as long; the backlog went out after
     * the stall and was answered at once.
     */
    @Test
    void theCorrectedHistogramHoldsEveryRequestAKnownStallDelayed() throws Exception {
        double rate = 400;
        Duration stall = Duration.ofMillis(300);
        long half = stall.toNanos() / 2 / 1000;
        try (TestServer server = new TestServer("http1.1", 0, 1,
                TestServer.Faults.stallOnce(Duration.ofSeconds(1), stall))) {
            LoadSpec s = spec(server.port()).connections(2).inFlight(1).threads(1).rate(rate)
                    .warmup(Duration.ofMillis(500)).duration(Duration.ofMillis(2500)).build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            assertEquals(0, r.errorCount(), "errors: " + r.errors());
            Histogram corrected = LoadGenerator.decode(r.histogram());
            Histogram uncorrected = LoadGenerator.decode(r.uncorrectedHistogram());
            long waited = corrected.getCountBetweenValues(half + 1, corrected.getMaxValue());
            long expected = Math.round(rate * stall.toNanos() / 2e9);
            assertTrue(waited >= expected * 8 / 10 && waited <= expected * 13 / 10 + 5, waited
                    + " corrected samples above " + half / 1e3 + " ms; about " + expected + " requests were intended in "
                    + "the stall's first half");
            assertTrue(corrected.getMaxValue() >= stall.toNanos() / 1000 * 95 / 100, "corrected max "
                    + corrected.getMaxValue() + " us for a stall of " + stall.toMillis() + " ms");
            long waitedSent = uncorrected.getCountBetweenValues(half + 1, Math.max(half + 1, uncorrected.getMaxValue()));
            assertTrue(waitedSent <= 4, waitedSent + " uncorrected samples above " + half / 1e3 + " ms: only the two "
                    + "requests in flight at the stall's start were written before it");
            assertTrue(r.lateRequests() >= expected, "the requests the stall held back went out late: "
                    + r.lateRequests());
        }
    }

    /**
     * A count of N requests without warm-up, on one connection with one request in flight: the server receives exactly
     * N (no send after the N-th completion, none before the window), and the document counts N. With more in flight
     * the server may also see those written before the N-th completed, at most c x m - 1.
     */
    @ParameterizedTest(name = "{0} -c {1} -m {2}")
    @CsvSource({"http1.1, 1, 1", "h2c, 1, 1", "http1.1, 4, 2", "h2c, 2, 4"})
    void aCountOfRequestsIsWhatTheServerReceived(String protocol, int connections, int inFlight) throws Exception {
        long n = 500;
        try (TestServer server = new TestServer(protocol, 0, 1, TestServer.Faults.NONE)) {
            LoadSpec s = spec(server.port()).protocol(protocol).connections(connections).inFlight(inFlight)
                    .threads(1).warmup(Duration.ZERO).requests(n).build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            assertEquals(n, r.requestsOk(), "errors: " + r.errors());
            assertEquals(0, r.errorCount());
            assertEquals(n, LoadGenerator.decode(r.histogram()).getTotalCount());
            long extra = (long) connections * inFlight - 1;
            assertTrue(server.requests() >= n && server.requests() <= n + extra, "the server received "
                    + server.requests() + " for -n " + n + " (at most " + extra + " more in flight)");
            assertEquals(r.requestsOk() / r.durationS(), r.throughputRps(), 1e-6);
        }
    }

    /**
     * A known sequence of faults, counted exactly: 1,000 requests on one connection, the server's n-th request (from
     * 1) closes the connection when n is a multiple of 50 (20), else answers 500 when a multiple of 10 (100 - 20 = 80),
     * else a wrong body when a multiple of 7 (142 - 14 = 128; the multiples of 70 are already 500s), else as
     * expected: 1000 - 20 - 80 - 128 = 772. The injector sees the server's first 1,000 requests (no warm-up).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"http1.1", "h2c"})
    void aKnownSequenceOfFaultsIsCountedExactlyByKind(String protocol) throws Exception {
        try (TestServer server = new TestServer(protocol, 0, 1, new TestServer.Faults(10, 7, 50, 0, 0))) {
            LoadSpec s = spec(server.port()).protocol(protocol).connections(1).inFlight(1).threads(1)
                    .warmup(Duration.ZERO).requests(1000L).build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            assertEquals(772, r.requestsOk(), r.errors().toString());
            assertEquals(Map.of("connect", 0L, "reset", 20L, "timeout", 0L, "status", 80L, "body", 128L,
                    "protocol", 0L), r.errors());
            assertEquals(Map.of("500", 80L), r.statuses());
            assertEquals(1000, server.requests(), "one request at a time: the server received the count and no more");
            assertEquals(772, LoadGenerator.decode(r.histogram()).getTotalCount(), "only verified responses have a latency");
        }
    }

    /**
     * The open model at a rate its loops do not share evenly: 1,001 req/s over 3 connections on 2 loops (the loops take
     * 2/3 and 1/3 of it, 667.33 and 333.67 req/s) for 2 s intends 2,002 requests. Each is either answered in the
     * window, failed, or counted missed, except those still in flight at its end (at most one per connection), and
     * each loop's schedule may round one more request into the window. Without a warm-up the server receives the
     * window's sends and no more: a loop sends nothing intended at or after the window's end, however late the
     * coordinator's stop comes (on a loaded machine it came 160 ms late, and the loops had sent on till then); a cold
     * JVM's slow first requests are sent late, not dropped.
     */
    @Test
    void theOpenModelSendsItsRateTimesItsDurationWhenTheLoopsCannotShareItEvenly() throws Exception {
        double rate = 1001;
        int connections = 3;
        int loops = 2;
        try (TestServer server = new TestServer("http1.1", 0, 1, TestServer.Faults.NONE)) {
            LoadSpec s = spec(server.port()).connections(connections).inFlight(1).threads(loops).rate(rate)
                    .warmup(Duration.ZERO).duration(Duration.ofSeconds(2)).build();
            LoadResult r = LoadGenerator.run(s, ProgressListener.NONE).result();
            assertEquals(2.0, r.durationS(), 1e-9);
            double intended = rate * r.durationS();
            long accounted = r.requestsOk() + r.errorCount() + r.missedRequests();
            assertTrue(accounted >= intended - connections - loops && accounted <= intended + loops,
                    accounted + " requests answered, failed or missed of " + intended + " intended (ok "
                            + r.requestsOk() + ", missed " + r.missedRequests() + ", late " + r.lateRequests() + ")");
            long seen = server.requests();
            assertTrue(seen >= intended - r.missedRequests() - loops && seen <= intended + loops,
                    "the server received " + seen + " requests; " + intended + " were intended in the window");
        }
    }
}
