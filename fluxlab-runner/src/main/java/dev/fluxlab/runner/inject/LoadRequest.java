package dev.fluxlab.runner.inject;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * What an external injector is asked to do, in fluxlab's vocabulary: one closed load of {@code connections} x
 * {@code inFlight} against {@code url} for {@code duration}. Adapters translate it into their tool's flags.
 *
 * @param url         the target URL ({@code http://127.0.0.1:PORT/path}; {@code https://} for h2 and h3)
 * @param protocol    {@code http1.1}, {@code h2c}, {@code h2} (TLS, ALPN) or {@code h3} (QUIC, a UDP port)
 * @param connections TCP connections
 * @param inFlight    HTTP/1.1 pipeline depth or HTTP/2 / HTTP/3 streams per connection
 * @param threads     tool threads (already bounded by the connections)
 * @param duration    length of this run (warm-up or measured)
 * @param method      HTTP method
 * @param headers     extra request headers
 * @param bodyFile    request body, or null
 * @param timeout     per-request/socket timeout, or null for the tool's default
 * @param keepAlive   whether ab may ask for HTTP/1.0 keep-alive ({@code -k}); false for servers that cannot honour it
 * @param workDir     where an adapter may write files it needs (wrk's Lua script)
 * @param requests    a fixed number of requests for this run ({@code -n}), or null: bounded by {@code duration}
 */
public record LoadRequest(
        String url,
        String protocol,
        int connections,
        int inFlight,
        int threads,
        Duration duration,
        String method,
        Map<String, String> headers,
        Path bodyFile,
        Duration timeout,
        boolean keepAlive,
        Path workDir,
        Long requests) {

    /** A request bounded by its duration. */
    public LoadRequest(String url, String protocol, int connections, int inFlight, int threads, Duration duration,
                       String method, Map<String, String> headers, Path bodyFile, Duration timeout, boolean keepAlive,
                       Path workDir) {
        this(url, protocol, connections, inFlight, threads, duration, method, headers, bodyFile, timeout, keepAlive,
                workDir, null);
    }

    /** The same request for another phase length (the warm-up run), bounded by that length. */
    public LoadRequest withDuration(Duration d) {
        return new LoadRequest(url, protocol, connections, inFlight, threads, d, method, headers, bodyFile, timeout,
                keepAlive, workDir, null);
    }

    /** The same request with a fixed number of requests ({@code -n}), or null for none. */
    public LoadRequest withRequests(Long n) {
        return new LoadRequest(url, protocol, connections, inFlight, threads, duration, method, headers, bodyFile,
                timeout, keepAlive, workDir, n);
    }

    /** Whole seconds, at least one: the unit wrk, h2load and ab accept. */
    public long seconds() {
        return Math.max(1, (duration.toMillis() + 999) / 1000);
    }
}
