package dev.fluxlab.targets.mvc;

import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.common.stress.StressConfig;
import dev.fluxlab.targets.spring.launch.KnobArgs;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The knobs of {@code mvc-tomcat}, named as Tomcat names its connector attributes ({@code maxThreads},
 * {@code minSpareThreads}, {@code acceptCount}, {@code maxConnections}, {@code keepAliveTimeout},
 * {@code maxKeepAliveRequests}; Boot sets them from {@code server.tomcat.*}) and as Boot names virtual threads
 * ({@code spring.threads.virtual.enabled}). {@code null} means Tomcat's own default. Parsed strictly
 * ({@link KnobArgs}): an unknown option or a bad value is one line and exit 2.
 *
 * @param host                 loopback address to bind
 * @param port                 port, 0 for any free one
 * @param protocol             {@code http1.1}; {@code h2c} / {@code http1.1+h2c} add Tomcat's {@code Http2Protocol}
 *                             upgrade protocol ({@code server.http2.enabled}), which serves h2c by prior knowledge and
 *                             by upgrade next to HTTP/1.1 on the one NIO connector
 * @param virtualThreads       {@code spring.threads.virtual.enabled}: Tomcat runs every request on a virtual thread
 *                             (its thread pool, and so {@code maxThreads}, is not used) and Boot's task executor
 *                             ({@code Callable} handlers) is virtual too
 * @param maxThreads           Tomcat's request threads ({@code server.tomcat.threads.max}, 200)
 * @param minSpareThreads      Tomcat's always-running threads ({@code server.tomcat.threads.min-spare}, 10, or
 *                             max-threads when that is smaller)
 * @param acceptCount          accept queue ({@code server.tomcat.accept-count}, 100)
 * @param maxConnections       connections Tomcat accepts and holds ({@code server.tomcat.max-connections}, 8192)
 * @param keepAliveTimeout     idle time before Tomcat closes a kept-alive connection, null for Tomcat's
 *                             (its connection timeout, 20 s in Boot)
 * @param maxKeepAliveRequests requests per connection before Tomcat closes it (100; -1 = unlimited)
 * @param stress               seed 002's endpoints' settings (sleep, {@code @Async} pool, thread header; the
 *                             {@code -vt} endpoints complete on a virtual thread per task)
 * @param backendUrl           the mock API of the fan-out endpoints, null when none
 * @param backendDelay         the mock API's delay, announced as {@code wait-ms}; null when not told
 * @param components           calls per fan-out request (seed 003: 3)
 * @param strategy             what {@code GET /fanout} does: {@code blocking} or {@code parallel} (both also have
 *                             their own path)
 */
public record MvcOptions(String host, int port, ServerProtocol protocol, boolean virtualThreads, int maxThreads,
                         int minSpareThreads, int acceptCount, int maxConnections, Duration keepAliveTimeout,
                         int maxKeepAliveRequests, StressConfig stress, URI backendUrl, Duration backendDelay,
                         int components, String strategy) {

    /** How {@code GET /fanout} calls the mock API: one call after another, or one task per call. */
    public static final List<String> STRATEGIES = List.of("blocking", "parallel");

    /** Every accepted option, in help order. */
    public static final List<String> NAMES = List.of("host", "port", "protocol", "virtual-threads", "max-threads",
            "min-spare-threads", "accept-count", "max-connections", "keep-alive-timeout", "max-keep-alive-requests",
            "sleep", "async-core", "async-max", "async-queue", "thread-header", "backend-url", "backend-delay",
            "components", "strategy");

    public MvcOptions {
        KnobArgs.checkBind(host, port);
        if (protocol.secure()) {
            throw new IllegalArgumentException("--protocol " + protocol + " is not offered by mvc-tomcat (no TLS "
                    + "here); use " + ServerProtocol.cleartextNames("or"));
        }
        if (maxKeepAliveRequests < -1 || maxKeepAliveRequests == 0) {
            throw new IllegalArgumentException("--max-keep-alive-requests must be -1 (unlimited) or 1 or more, was "
                    + maxKeepAliveRequests);
        }
        if (minSpareThreads > maxThreads) {
            throw new IllegalArgumentException("--min-spare-threads (" + minSpareThreads + ") must not exceed "
                    + "--max-threads (" + maxThreads + ")");
        }
        if (backendUrl != null && (!"http".equals(backendUrl.getScheme()) || backendUrl.getHost() == null)) {
            throw new IllegalArgumentException("--backend-url must be an http:// URL such as http://127.0.0.1:8081, "
                    + "was " + backendUrl);
        }
    }

    /**
     * Parses command-line arguments.
     *
     * @throws IllegalArgumentException naming the bad option and the fix
     */
    public static MvcOptions parse(String[] args) {
        Map<String, String> v = KnobArgs.options(args, NAMES);
        String protocol = v.getOrDefault("protocol", ServerProtocol.HTTP11.label());
        ServerProtocol p;
        try {
            p = ServerProtocol.ofCleartext(protocol);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--protocol: " + e.getMessage());
        }
        StressConfig stress = StressConfig.DEFAULTS;
        int maxThreads = KnobArgs.intValue(v, "max-threads", 200, 1);
        String backend = v.get("backend-url");
        URI backendUrl;
        try {
            backendUrl = backend == null ? null : URI.create(backend);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--backend-url: '" + backend + "' is not a URL");
        }
        return new MvcOptions(
                v.getOrDefault("host", "127.0.0.1"),
                KnobArgs.intValue(v, "port", 0, 0),
                p,
                KnobArgs.bool(v, "virtual-threads", false),
                maxThreads,
                KnobArgs.intValue(v, "min-spare-threads", Math.min(10, maxThreads), 0),
                KnobArgs.intValue(v, "accept-count", 100, 1),
                KnobArgs.intValue(v, "max-connections", 8192, 1),
                KnobArgs.duration(v, "keep-alive-timeout", null),
                KnobArgs.intValue(v, "max-keep-alive-requests", 100, -1),
                // the pool's bounds: StressConfig.checkPool, in its constructor
                new StressConfig(KnobArgs.duration(v, "sleep", stress.sleep()),
                        KnobArgs.intValue(v, "async-core", stress.asyncCore()),
                        KnobArgs.intValue(v, "async-max", stress.asyncMax()),
                        KnobArgs.intValue(v, "async-queue", stress.asyncQueue()),
                        KnobArgs.bool(v, "thread-header", stress.threadHeader()), stress.virtualScheduler()),
                backendUrl,
                KnobArgs.duration(v, "backend-delay", null),
                KnobArgs.intValue(v, "components", 3, 1),
                KnobArgs.choice(v, "strategy", STRATEGIES, "blocking"));
    }

    /** Boot's properties for these knobs ({@code server.tomcat.*}, {@code server.http2.enabled}, virtual threads). */
    Map<String, Object> bootProperties() {
        Map<String, Object> p = new java.util.LinkedHashMap<>();
        p.put("server.address", host);
        p.put("server.port", port);
        p.put("server.http2.enabled", protocol != ServerProtocol.HTTP11);
        p.put("spring.threads.virtual.enabled", virtualThreads);
        p.put("server.tomcat.threads.max", maxThreads);
        p.put("server.tomcat.threads.min-spare", minSpareThreads);
        p.put("server.tomcat.accept-count", acceptCount);
        p.put("server.tomcat.max-connections", maxConnections);
        p.put("server.tomcat.max-keep-alive-requests", maxKeepAliveRequests);
        if (keepAliveTimeout != null) {
            p.put("server.tomcat.keep-alive-timeout", keepAliveTimeout.toMillis() + "ms");
        }
        return p;
    }
}
