package dev.fluxlab.loadgen;

import java.util.Locale;

/**
 * Why a request failed. Failed requests are counted per class and never count as throughput nor enter the
 * latency histograms of verified responses. The last three are QUIC's own (HTTP/3): the load document lists them for
 * an h3 run only, so the other protocols' documents keep their six classes.
 */
public enum ErrorClass {
    /** A connection could not be established (counted per failed attempt). */
    CONNECT,
    /** The connection was closed or reset while requests were outstanding (each outstanding request counts). */
    RESET,
    /** No complete response within {@code --timeout}. */
    TIMEOUT,
    /** The response status was not the expected one. */
    STATUS,
    /** The response body or its Content-Type was not the expected one. */
    BODY,
    /** A protocol failure: malformed response, HTTP/2 RST_STREAM, GOAWAY, decode errors, failed ALPN. */
    PROTOCOL,
    /** HTTP/3: the QUIC handshake failed (TLS refused, no h3 by ALPN); counted per failed attempt. */
    HANDSHAKE(true),
    /** HTTP/3: the server reset a request's stream (QUIC RESET_STREAM) before its response ended. */
    STREAM_RESET(true),
    /**
     * HTTP/3: the QUIC connection ended while requests were outstanding: closed by the server (CONNECTION_CLOSE) or
     * lost (idle timeout: nothing heard from the server for the connection's idle period); each outstanding request.
     */
    CONNECTION_LOST(true);

    private final boolean quic;

    ErrorClass() {
        this(false);
    }

    ErrorClass(boolean quic) {
        this.quic = quic;
    }

    /** Whether this class is QUIC's own, listed for h3 runs only. */
    public boolean quic() {
        return quic;
    }

    /** The key used in {@code LoadResult.errors}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
