package dev.fluxlab.runner.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** oha, the HTTP/3 peer: the command line it is given and what it refuses. */
class OhaInjectorTest {

    private static LoadRequest request(String protocol, int inFlight, Long requests) {
        return new LoadRequest("https://127.0.0.1:4433/plaintext", protocol, 8, inFlight, 2, Duration.ofSeconds(2),
                "GET", Map.of("x-a", "1"), null, null, true, Path.of("."), requests);
    }

    @Test
    void h3IsQuicWithStreamsPerConnectionForTheDurationAwaitingTheLastRequests() {
        List<String> cmd = new OhaInjector().command("/usr/local/bin/oha", request("h3", 8, null));
        assertEquals(List.of("/usr/local/bin/oha", "--no-tui", "--output-format", "json", "--worker-threads", "2",
                "-c", "8", "-p", "8", "-z", "2s", "-w", "--http-version", "3", "--insecure", "-m", "GET", "-H",
                "x-a: 1", "-t", "10000ms", "https://127.0.0.1:4433/plaintext"), cmd);
    }

    @Test
    void http11HasNoStreamsAndACountIsN() {
        List<String> cmd = new OhaInjector().command("oha", request(" HTTP1.1 ", 1, 500L));
        assertTrue(!cmd.contains("-p") && !cmd.contains("-z") && !cmd.contains("-w"), cmd.toString());
        assertEquals("500", cmd.get(cmd.indexOf("-n") + 1), cmd.toString());
        assertEquals("1.1", cmd.get(cmd.indexOf("--http-version") + 1), cmd.toString());
    }

    @Test
    void whatItCannotDoIsNamed() {
        OhaInjector oha = new OhaInjector();
        assertTrue(oha.unsupported("h3", 64, "GET").isEmpty());
        assertTrue(oha.unsupported("h2", 8, "GET").isEmpty());
        assertEquals("oha speaks [http1.1, h2, h3] here, not h2c; use h2load for h2c",
                oha.unsupported("h2c", 8, "GET").orElseThrow());
        assertTrue(oha.unsupported("http1.1", 16, "GET").orElseThrow().startsWith("oha does not pipeline HTTP/1.1"));
        assertTrue(ExternalInjectors.missing(oha).contains("cargo install oha --version 1.16.0 --features http3 "
                + "--locked"), ExternalInjectors.missing(oha));
    }

    /**
     * oha's JSON summary as its printer (oha 1.16, src/printer.rs, print_json) lays it out: times in seconds, the
     * percentiles keyed {@code p50}..{@code p99.99}, statuses by code, errors by message. Shaped after that source and
     * checked against a real run's keys (oha 1.16.0 against the raw Netty h3 target), with round figures.
     */
    private static final String SUMMARY = """
            {"summary":{"successRate":0.999,"total":2.0012,"slowest":0.0412,"fastest":0.00021,"average":0.0021,
             "requestsPerSec":4997.0,"totalData":129935,"sizePerRequest":13,"sizePerSec":64929.0},
             "metrics":{"success_rate":0.999,"requests_per_sec":4997.0,"latency_ms":{"min":0.21,"mean":2.1,"p50":1.8,
             "p95":4.0,"p99":9.5,"max":41.2}},
             "responseTimeHistogram":{"0.0002":1},
             "latencyPercentiles":{"p10":0.0009,"p25":0.0012,"p50":0.0018,"p75":0.0024,"p90":0.0031,"p95":0.004,
             "p99":0.0095,"p99.9":0.02,"p99.99":0.04},
             "firstByteHistogram":{},"firstBytePercentiles":{},
             "rps":{"mean":5000.0,"stddev":10.0,"max":5100.0,"min":4900.0,"percentiles":{}},
             "details":{"DNSDialup":{"average":0.0,"fastest":0.0,"slowest":0.0},
             "DNSLookup":{"average":0.0,"fastest":0.0,"slowest":0.0},
             "firstByte":{"average":0.0,"fastest":0.0,"slowest":0.0}},
             "statusCodeDistribution":{"200":9990,"404":5},
             "errorDistribution":{"connection closed":3,"timeout":2}}
            """;

    @Test
    void theJsonSummaryGivesOkStatusErrorsAndLatencyInMilliseconds() {
        LoadResult r = new OhaInjector().parse("warning: something\n" + SUMMARY, request("h3", 8, null));
        assertEquals("oha", r.injector());
        assertEquals(9990, r.requestsOk());
        assertEquals(2.0, r.durationS(), 1e-9, "the duration asked for, not oha's total");
        LoadResult tail = new OhaInjector().parse(SUMMARY.replace("\"total\":2.0012", "\"total\":32.011"),
                request("h3", 8, null));
        assertEquals(2.0, tail.durationS(), 1e-9, "oha's wait for its QUIC connections to close is no load");
        assertEquals(9990 / 2.0, tail.throughputRps(), 0.01);
        assertEquals(32.011, new OhaInjector().parse(SUMMARY.replace("\"total\":2.0012", "\"total\":32.011"),
                request("h3", 8, 10_000L)).durationS(), 1e-9, "a counted run: oha's total, said in the notes");
        assertEquals(Map.of("status", 5L, "errored", 5L), r.errors());
        LatencySummary l = r.latencyMs().corrected();
        assertEquals(1.8, l.p50(), 1e-9);
        assertEquals(9.5, l.p99(), 1e-9);
        assertEquals(20.0, l.p999(), 1e-9);
        assertEquals(41.2, l.max(), 1e-9);
        assertEquals(2.1, l.mean(), 1e-9);
    }

    @Test
    void anOutputWithoutASummaryIsNoResult() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new OhaInjector().parse("Error: connection refused\n", request("h3", 8, null)));
        assertTrue(e.getMessage().startsWith("oha printed no JSON result"), e.getMessage());
    }
}
