package dev.fluxlab.loadgen;

import java.util.Locale;

/**
 * Why a request failed. Failed requests are counted per class and never count as throughput nor enter the
 * latency histograms of verified responses.
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
    PROTOCOL;

    /** The key used in {@code LoadResult.errors}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
