package dev.fluxlab.gatling;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One fluxlab cell as the Gatling simulation reads it from system properties ({@code -Dfluxlab.gatling.*}, written
 * by the runner's {@code GatlingInjector}), so one compiled simulation runs every cell.
 *
 * @param url          the full target URL ({@code https://127.0.0.1:PORT/path} for h2, {@code http://} for HTTP/1.1)
 * @param http2        whether to speak HTTP/2 (over TLS, negotiated with ALPN)
 * @param connections  virtual users; each holds one connection of its own
 * @param streams      requests a user has in flight at once: one request plus {@code streams - 1} concurrent
 *                     resources multiplexed on its HTTP/2 connection (1 for HTTP/1.1)
 * @param warmup       the unrecorded warm-up phase (may be zero)
 * @param duration     the measured phase, when {@code requests} is zero
 * @param requests     a fixed number of measured requests (spread over the users), or 0 for a duration
 * @param method       GET or POST
 * @param bodyFile     the request body, or null
 * @param headers      extra request headers
 * @param expectStatus the status every response must have
 * @param expectBody   the exact body every response must have, or null
 * @param timeout      the request timeout
 */
record CellSettings(String url, boolean http2, int connections, int streams, Duration warmup, Duration duration,
                    long requests, String method, Path bodyFile, Map<String, String> headers, int expectStatus,
                    String expectBody, Duration timeout) {

    static final String PREFIX = "fluxlab.gatling.";

    /** Reads the settings from the system properties; a missing or malformed one is an error naming it. */
    static CellSettings fromSystemProperties() {
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 0; System.getProperty(PREFIX + "header." + i) != null; i++) {
            String h = System.getProperty(PREFIX + "header." + i);
            int colon = h.indexOf(':');
            headers.put(h.substring(0, colon).trim(), h.substring(colon + 1).trim());
        }
        String body = System.getProperty(PREFIX + "body-file");
        return new CellSettings(required("url"), "h2".equals(required("protocol")), integer("connections", 1),
                integer("streams", 1), Duration.ofMillis(integer("warmup-ms", 0)),
                Duration.ofMillis(integer("duration-ms", 0)), Long.parseLong(System.getProperty(PREFIX + "requests", "0")),
                System.getProperty(PREFIX + "method", "GET"), body == null ? null : Path.of(body), headers,
                integer("expect-status", 200), System.getProperty(PREFIX + "expect-body"),
                Duration.ofMillis(integer("timeout-ms", 10_000)));
    }

    private static String required(String name) {
        String v = System.getProperty(PREFIX + name);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException("system property " + PREFIX + name + " is not set");
        }
        return v;
    }

    private static int integer(String name, int dflt) {
        String v = System.getProperty(PREFIX + name);
        try {
            return v == null ? dflt : Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("system property " + PREFIX + name + " is not a number: " + v);
        }
    }

    /** {@code scheme://host:port}: Gatling's base URL. */
    String baseUrl() {
        int slash = url.indexOf('/', url.indexOf("://") + 3);
        return slash < 0 ? url : url.substring(0, slash);
    }

    /** The path and query as sent. */
    String path() {
        int slash = url.indexOf('/', url.indexOf("://") + 3);
        return slash < 0 ? "/" : url.substring(slash);
    }

    /** How many measured batches (of {@code streams} requests) the user with 0-based {@code index} sends. */
    long batches(int index) {
        long all = requests / streams;
        return all / connections + (index < all % connections ? 1 : 0);
    }
}
