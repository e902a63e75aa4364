package dev.fluxlab.targets.common.quic;

import dev.fluxlab.model.Readiness;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The QUIC transport parameters every h3 target of the lab serves with, declared once so the Reactor Netty and raw
 * Netty targets are compared on equal terms (Reactor Netty's HTTP/3 server takes none by default: it needs them).
 * The values leave flow control out of the way of a benchmark's small requests and responses: 16 MiB for the whole
 * connection, 1 MiB per stream each way, 1000 concurrent request streams per connection (far above the in-flight
 * counts the suites use, as h2's unbounded default is), and 10 s idle before a connection is dropped: a load keeps its
 * connections busy, and a client that waits for its connections to close after its deadline (oha does, up to the
 * idle timeout the two sides agree on) is not held for long. Each h3 target announces them in its readiness line.
 *
 * @param maxData        {@code initial_max_data}: bytes in flight on a connection
 * @param maxStreamData  {@code initial_max_stream_data_bidi_local} and {@code _remote}: bytes in flight per stream
 * @param maxStreams     {@code initial_max_streams_bidi}: concurrent request streams a client may open
 * @param idleTimeout    {@code max_idle_timeout}
 */
public record H3Settings(long maxData, long maxStreamData, long maxStreams, Duration idleTimeout) {

    /** The lab's settings (above). */
    public static final H3Settings LAB = new H3Settings(16L << 20, 1L << 20, 1000, Duration.ofSeconds(10));

    /** The readiness attributes naming these settings ({@code h3-max-data=... h3-idle-timeout-ms=...}). */
    public Map<String, Object> readinessAttributes() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put(Readiness.H3_MAX_DATA, maxData);
        a.put(Readiness.H3_MAX_STREAM_DATA, maxStreamData);
        a.put(Readiness.H3_MAX_STREAMS, maxStreams);
        a.put(Readiness.H3_IDLE_TIMEOUT_MS, idleTimeout.toMillis());
        return a;
    }
}
