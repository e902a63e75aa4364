package dev.fluxlab.model;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The readiness contract between a target and the runner: when a system under test is ready it prints
 * exactly one line on stdout, {@code fluxlab-ready key=value key=value ...}, with at least
 * {@code port}, {@code protocol} and {@code transport} (the transport actually in use, not the one asked for), and
 * {@code processors}: the JVM's {@code availableProcessors}, added by {@link #line(Map)} itself, so the runner sees
 * whether a process placed on CPUs counts them as its default thread pools will.
 *
 * <p>The attribute names are the constants below: targets write them, and the runner, the theory and the tests
 * read them, from this one place (the loaded library releases are {@link StackVersions}'s); a parsed line is read
 * through {@link ReadinessAttributes}. Attributes are additive: a reader ignores those it does not know, and a suite
 * may name any of them in a {@code ${process.attribute}} placeholder.
 */
public final class Readiness {

    /** The first word of the line, which tells it from the rest of a target's output. */
    public static final String PREFIX = "fluxlab-ready";

    /**
     * Every attribute name a readiness line may carry: the constants of this class (but {@link #PREFIX}) and the
     * releases of {@link StackVersions#KEYS}, so a suite's {@code ${process.attribute}} that names none of them is
     * refused before anything starts instead of failing the cell once the earlier process has started.
     */
    public static java.util.Set<String> attributes() {
        java.util.Set<String> out = new java.util.TreeSet<>(StackVersions.KEYS);
        for (java.lang.reflect.Field f : Readiness.class.getFields()) {
            int m = f.getModifiers();
            if (f.getType() == String.class && java.lang.reflect.Modifier.isStatic(m)
                    && java.lang.reflect.Modifier.isFinal(m) && !f.getName().equals("PREFIX")) {
                try {
                    out.add((String) f.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return java.util.Collections.unmodifiableSet(out);
    }

    // what every line has

    /** The port the target listens on ({@code 0} for a process that binds none, such as a self-loading one). */
    public static final String PORT = "port";
    /** The protocol served: {@code http1.1}, {@code h2c}, {@code h2} or {@code http1.1+h2c}. */
    public static final String PROTOCOL = "protocol";
    /** The transport actually in use ({@code io_uring}, {@code epoll}, {@code nio}), not the one asked for. */
    public static final String TRANSPORT = "transport";
    /** The JVM's {@code availableProcessors}, which {@link #line(Map)} adds unless the attributes give it. */
    public static final String PROCESSORS = "processors";
    /** The threads serving connections: event-loop workers, IO threads, or Tomcat's request threads. */
    public static final String WORKERS = "workers";

    // what the runner adds or acts on

    /**
     * Where the other processes reach this one: printed by no target, added by the runner for a process on another
     * host, and a sample every process has for {@code ${process.host}}.
     */
    public static final String HOST = "host";
    /**
     * A stats document the runner fetches after the measured phase: a path on {@link #PORT}, or an absolute
     * loopback URL.
     */
    public static final String STATS = "stats";

    // the server and framework

    /** The Netty {@code ByteBufAllocator} of the server's channels, when one was asked for. */
    public static final String ALLOCATOR = "allocator";
    /** The server or adapter under the application ({@code tomcat}, {@code undertow-servlet}, ...). */
    public static final String SERVER = "server";
    /** The web framework ({@code spring-webflux}, {@code spring-mvc}). */
    public static final String FRAMEWORK = "framework";
    /** Undertow's IO threads. */
    public static final String IO_THREADS = "io-threads";
    /** Undertow's worker threads. */
    public static final String WORKER_THREADS = "worker-threads";
    /** Tomcat's {@code maxThreads}. */
    public static final String MAX_THREADS = "max-threads";
    /** Tomcat's {@code acceptCount}. */
    public static final String ACCEPT_COUNT = "accept-count";
    /** Tomcat's {@code maxConnections}. */
    public static final String MAX_CONNECTIONS = "max-connections";
    /** Tomcat's {@code maxKeepAliveRequests}. */
    public static final String MAX_KEEP_ALIVE_REQUESTS = "max-keep-alive-requests";
    /** Whether the Spring application primed its whole stack before it announced itself. */
    public static final String PRIMED = "primed";
    /** Where Spring's boundedElastic runs its tasks: {@code virtual} or {@code platform} threads. */
    public static final String ELASTIC_THREADS = "elastic-threads";

    // the sizes the blocking endpoints' throughput theory reads

    /** How long a blocking endpoint holds its thread, in milliseconds. */
    public static final String SLEEP_MS = "sleep-ms";
    /** Where non-reactive handlers run ({@code event-loop}, {@code virtual}, {@code tomcat-thread}, ...). */
    public static final String BLOCKING_EXECUTION = "blocking-execution";
    /** Reactor's boundedElastic cap. */
    public static final String ELASTIC_CAP = "elastic-cap";
    /** The {@code @Async} stand-in pool's core size. */
    public static final String ASYNC_CORE = "async-core";
    /** The {@code @Async} stand-in pool's max size. */
    public static final String ASYNC_MAX = "async-max";
    /** The {@code @Async} stand-in pool's queue capacity. */
    public static final String ASYNC_QUEUE = "async-queue";
    /** The parallelism of {@code ForkJoinPool.commonPool()}. */
    public static final String COMMON_POOL = "common-pool";
    /** The executor under the {@code -vt} endpoints' Reactor scheduler. */
    public static final String VIRTUAL_SCHEDULER = "virtual-scheduler";

    // the fan-out, its mock API and the proxy

    /** The fan-out's strategy. */
    public static final String STRATEGY = "strategy";
    /** The downstream calls of one fan-out request. */
    public static final String COMPONENTS = "components";
    /** The rails of the fan-out's {@code parallel} strategy. */
    public static final String RAILS = "rails";
    /** The CPU work per component, in microseconds. */
    public static final String WORK_US = "work-us";
    /** The CPU time asked for per request, in microseconds. */
    public static final String REQUEST_CPU_US = "request-cpu-us";
    /** The busy-loop rounds calibrated to take {@link #REQUEST_CPU_US} of CPU on this machine. */
    public static final String CPU_ROUNDS = "cpu-rounds";
    /** The calibration's result: busy-loop rounds per millisecond of thread CPU. */
    public static final String CPU_ROUNDS_PER_MS = "cpu-rounds-per-ms";
    /** The delay of the non-blocking downstream call, in milliseconds: the wait the theory reads. */
    public static final String WAIT_MS = "wait-ms";
    /** The mock API's delay, in milliseconds, which a fan-out in front of it may take as its own wait. */
    public static final String DELAY_MS = "delay-ms";
    /** How the proxy frontend's backend client shares loops and pools ({@code colocated}, ...). */
    public static final String CLIENT_MODE = "client-mode";
    /** The wire the proxy frontend's client speaks to its backend ({@code h2}, {@code h2c} or {@code h3}). */
    public static final String BACKEND_PROTOCOL = "backend-protocol";
    /** The number of the proxy frontend's backend connection pools (1, or one per loop). */
    public static final String POOLS = "pools";
    /** Whether the process makes its own load instead of serving the injector's. */
    public static final String SELF_LOADING = "self-loading";
    /** An h3 target's QUIC {@code initial_max_data}: bytes in flight on one connection. */
    public static final String H3_MAX_DATA = "h3-max-data";
    /** An h3 target's QUIC {@code initial_max_stream_data_bidi_*}: bytes in flight on one stream. */
    public static final String H3_MAX_STREAM_DATA = "h3-max-stream-data";
    /** An h3 target's QUIC {@code initial_max_streams_bidi}: request streams a connection may have open at once. */
    public static final String H3_MAX_STREAMS = "h3-max-streams";
    /** An h3 target's QUIC {@code max_idle_timeout}, in milliseconds. */
    public static final String H3_IDLE_TIMEOUT_MS = "h3-idle-timeout-ms";

    private Readiness() {
    }

    /**
     * Formats the line from ordered attributes, e.g. {@code fluxlab-ready port=8080 protocol=h2c transport=epoll
     * processors=2}; {@code processors} is this JVM's {@code availableProcessors} unless the attributes give it.
     */
    public static String line(Map<String, ?> attributes) {
        StringBuilder sb = new StringBuilder(PREFIX);
        attributes.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        if (!attributes.containsKey(PROCESSORS)) {
            sb.append(' ').append(PROCESSORS).append('=').append(Runtime.getRuntime().availableProcessors());
        }
        return sb.toString();
    }

    /** Parses a readiness line, its attributes in the line's order; empty when {@code line} is not one. */
    public static Optional<ReadinessAttributes> parse(String line) {
        if (line == null || !(line.equals(PREFIX) || line.startsWith(PREFIX + " "))) {
            return Optional.empty();
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String token : line.substring(PREFIX.length()).trim().split("\\s+")) {
            int eq = token.indexOf('=');
            if (eq > 0) {
                out.put(token.substring(0, eq), token.substring(eq + 1));
            }
        }
        return Optional.of(new ReadinessAttributes(out));
    }
}
