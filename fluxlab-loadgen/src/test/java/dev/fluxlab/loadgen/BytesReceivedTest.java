package dev.fluxlab.loadgen;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.load.LoadResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bytes the injector counts in the measured phase, against a {@link TestServer} whose responses have a known
 * size. Bytes are counted by read time and responses by completion time, so at each edge of the window each
 * connection can have one response partly read on the other side: the counts may differ by at most one response per
 * connection, whatever the load. The warm-up's bytes (a third of the run) or a count per response twice would miss.
 */
class BytesReceivedTest {

    /** What {@link TestServer} sends for each HTTP/1.1 request, byte for byte (Netty writes the names as given). */
    private static final int HTTP1_RESPONSE = ("HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 13\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII).length + TestServer.BODY.length;
    /** The least an HTTP/2 response can take: its DATA frame (9 bytes of frame header and the body). */
    private static final int H2_DATA_FRAME = 9 + TestServer.BODY.length;

    private static LoadSpec.Builder spec(String scheme, int port) {
        return LoadSpec.builder(scheme + "://127.0.0.1:" + port + "/plaintext")
                .warmup(Duration.ofMillis(500))
                .duration(Duration.ofMillis(1000))
                .threads(1)
                .insecure(true)
                .expectBody(TestServer.BODY)
                .expectContentType("text/plain");
    }

    @ParameterizedTest(name = "http1.1 -c {0} -m {1}")
    @CsvSource({"1, 1", "2, 4"})
    void http1CountsEachResponsesBytesOnceAndOnlyInTheWindow(int connections, int inFlight) throws Exception {
        assertEquals(78, HTTP1_RESPONSE, "status line, two headers, blank line and 13 bytes of body");
        try (TestServer server = new TestServer("http1.1", 0, 1, TestServer.Faults.NONE)) {
            LoadResult r = LoadGenerator.run(spec("http", server.port()).protocol("http1.1").connections(connections)
                    .inFlight(inFlight).build(), ProgressListener.NONE).result();
            assertEquals(0, r.errorCount(), "errors: " + r.errors());
            assertTrue(r.requestsOk() >= 50, "too few responses to judge: " + r.requestsOk());
            assertEquals(r.requestsOk() * TestServer.BODY.length, r.bodyBytesReceived(), "13 bytes of body each");
            long expected = r.requestsOk() * HTTP1_RESPONSE;
            assertNotNull(r.bytesReceived());
            assertTrue(Math.abs(r.bytesReceived() - expected) <= (long) connections * HTTP1_RESPONSE,
                    r.bytesReceived() + " bytes for " + r.requestsOk() + " responses of " + HTTP1_RESPONSE + " bytes");
            assertEquals(r.bytesReceived() / r.durationS(), r.bytesPerS(), 1e-6);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"h2c, http", "h2, https"})
    void http2CountsEveryFrameReadInTheWindow(String protocol, String scheme) throws Exception {
        int connections = 2;
        try (TestServer server = new TestServer(protocol, 0, 1, TestServer.Faults.NONE)) {
            LoadResult r = LoadGenerator.run(spec(scheme, server.port()).protocol(protocol).connections(connections)
                    .inFlight(4).build(), ProgressListener.NONE).result();
            assertEquals(0, r.errorCount(), "errors: " + r.errors());
            assertTrue(r.requestsOk() >= 50, "too few responses to judge: " + r.requestsOk());
            assertEquals(r.requestsOk() * TestServer.BODY.length, r.bodyBytesReceived(), "13 bytes of body each");
            // each response's DATA frame, read when it completed (one per connection may have begun before)
            long least = (r.requestsOk() - connections) * H2_DATA_FRAME;
            assertTrue(r.bytesReceived() >= least, r.bytesReceived() + " bytes for " + r.requestsOk() + " responses");
            // and its HEADERS frame: 9 bytes and a few of HPACK once the table holds them; not twice the least
            long most = (r.requestsOk() + 4L * connections) * 3 / 2 * (H2_DATA_FRAME + 9 + 8)
                    + (protocol.equals("h2") ? r.requestsOk() * 64 + 16_384 : 1024);
            assertTrue(r.bytesReceived() <= most, r.bytesReceived() + " bytes for " + r.requestsOk() + " responses");
        }
    }

    @Test
    void theDocumentCarriesTheCountsAndAnOldOneReadsAsUnknown() throws Exception {
        try (TestServer server = new TestServer("http1.1", 0, 1, TestServer.Faults.NONE)) {
            LoadOutcome o = LoadGenerator.run(spec("http", server.port()).protocol("http1.1").connections(1).inFlight(1)
                    .build(), ProgressListener.NONE);
            LoadResult r = o.result();
            var tree = Json.mapper().readTree(Json.write(r));
            assertEquals(r.bytesReceived().longValue(), tree.get("bytes_received").asLong());
            assertEquals(r.bodyBytesReceived().longValue(), tree.get("body_bytes_received").asLong());
            assertTrue(HumanReport.format(o).contains("  Transfer     " + r.bytesReceived() + " bytes received"),
                    HumanReport.format(o));
            ((com.fasterxml.jackson.databind.node.ObjectNode) tree).remove("bytes_received");
            ((com.fasterxml.jackson.databind.node.ObjectNode) tree).remove("body_bytes_received");
            LoadResult old = Json.mapper().treeToValue(tree, LoadResult.class);
            assertEquals(null, old.bytesReceived(), "an older document's count is unknown");
            assertTrue(Double.isNaN(old.bytesPerS()), "unknown, never 0");
        }
    }
}
