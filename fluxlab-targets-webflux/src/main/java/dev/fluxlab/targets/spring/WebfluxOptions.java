package dev.fluxlab.targets.spring;

import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.common.net.ServerAllocator;
import dev.fluxlab.targets.common.net.ServerSocketOptions;
import dev.fluxlab.targets.common.stress.StressConfig;
import dev.fluxlab.targets.common.stress.StressWork;
import dev.fluxlab.targets.common.stress.VirtualScheduler;
import dev.fluxlab.targets.spring.launch.KnobArgs;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The knobs of the Spring WebFlux targets ({@code webflux-netty}; {@code webflux-undertow} accepts the subset in
 * {@link #SERVER_NEUTRAL_NAMES} plus its own, see {@link UndertowKnobs}), parsed from {@code --name=value} or {@code --name value} arguments
 * (the runner passes knobs as {@code --<knob>=<value>}). Parsing is strict: an unknown option or a bad value is an
 * {@link IllegalArgumentException} naming the option and what it accepts, so the target exits 2 with one line
 * instead of starting with a silently ignored setting. {@code null} means "Reactor Netty's / the OS's default".
 *
 * @param host           loopback address to bind
 * @param port           port, 0 for any free one
 * @param protocol       {@code http1.1}, {@code h2c} (prior knowledge) or {@code http1.1+h2c} (both, on one port)
 * @param transport      event-loop transport requested
 * @param workers        event-loop worker threads, {@code null} for Reactor Netty's default
 * @param selectCount    acceptor threads, {@code null} for the workers to accept
 * @param backlog        {@code SO_BACKLOG}
 * @param tcpNoDelay     {@code TCP_NODELAY} on accepted connections
 * @param rcvbuf         {@code SO_RCVBUF} bytes
 * @param sndbuf         {@code SO_SNDBUF} bytes
 * @param tcpFastOpen    {@code TCP_FASTOPEN} queue length (epoll / io_uring)
 * @param virtualThreads {@code spring.threads.virtual.enabled}: Spring's task executor and WebFlux's blocking
 *                       execution of non-reactive handler methods run on virtual threads
 * @param sleep          how long blocking endpoints hold their thread
 * @param asyncCore      core size of the {@code @Async} ThreadPoolTaskExecutor (endpoint 01)
 * @param asyncMax       max size of that pool
 * @param asyncQueue     queue capacity of that pool
 * @param threadHeader   send {@link StressWork#THREAD_HEADER} naming the thread that did the work
 * @param soKeepAlive    {@code SO_KEEPALIVE} on accepted connections (Netty only), {@code null} for the OS default
 * @param allocator      Netty {@code ByteBufAllocator} of the server channels (Netty only), {@code null} for Netty's
 * @param virtualScheduler the executor under the {@code -vt} endpoints' Reactor scheduler
 * @param prime          send one request through the whole stack before the readiness line (seed 004's
 *                       workaround); false leaves the first requests of a cold server to the load
 * @param stack          the Spring Boot line this classpath must carry ({@code boot-4.0}, {@code boot-3.5}: the
 *                       {@code stack} knob, which also picks the classpath); null for any
 * @param reactorNettyVersion the Reactor Netty release this classpath must carry (a build {@code fluxlab run} resolved
 *                       into the Boot module's classpath, {@code reactor-netty-version}); null for any
 * @param nettyVersion   the Netty release it must carry ({@code netty-version}); null for any
 * @param reactorCoreVersion the reactor-core release it must carry ({@code reactor-core-version}); null for any
 */
public record WebfluxOptions(
        String host,
        int port,
        ServerProtocol protocol,
        Transport transport,
        Integer workers,
        Integer selectCount,
        Integer backlog,
        boolean tcpNoDelay,
        Integer rcvbuf,
        Integer sndbuf,
        Integer tcpFastOpen,
        boolean virtualThreads,
        Duration sleep,
        int asyncCore,
        int asyncMax,
        int asyncQueue,
        boolean threadHeader,
        Boolean soKeepAlive,
        ServerAllocator allocator,
        VirtualScheduler virtualScheduler,
        boolean prime,
        String stack,
        String reactorNettyVersion,
        String nettyVersion,
        String reactorCoreVersion) {

    /** Every accepted option, in help order. */
    public static final List<String> NAMES = List.of("host", "port", "protocol", "transport", "workers",
            "select-count", "backlog", "tcp-nodelay", "rcvbuf", "sndbuf", "tcp-fastopen", "virtual-threads", "sleep",
            "async-core", "async-max", "async-queue", "thread-header", "so-keepalive", "allocator",
            "virtual-scheduler", "prime", "stack", "reactor-netty-version", "netty-version", "reactor-core-version");

    /** The options that do not depend on the server underneath (the application's and the listener's). */
    public static final List<String> SERVER_NEUTRAL_NAMES = List.of("host", "port", "protocol", "backlog",
            "tcp-nodelay", "virtual-threads", "sleep", "async-core", "async-max", "async-queue", "thread-header",
            "virtual-scheduler", "prime");

    public WebfluxOptions {
        KnobArgs.checkBind(host, port);
        if (protocol.secure()) {
            throw new IllegalArgumentException("--protocol " + protocol + " is not offered by the Spring targets "
                    + "(no TLS here); use " + ServerProtocol.cleartextNames("or"));
        }
        if (stack != null && !stack.matches("boot-\\d+\\.\\d+")) {
            throw new IllegalArgumentException("--stack: '" + stack + "' is not a Spring Boot line such as boot-4.0 or "
                    + "boot-3.5");
        }
        StressConfig.checkPool(asyncCore, asyncMax, asyncQueue);
    }

    /** The socket options among these knobs (Netty only). */
    public ServerSocketOptions socketOptions() {
        return new ServerSocketOptions(backlog, tcpNoDelay, rcvbuf, sndbuf, tcpFastOpen, soKeepAlive, allocator);
    }

    /** The stress endpoints' settings ({@code StressExecutors} sizes its pools from them). */
    public StressConfig stressConfig() {
        return new StressConfig(sleep, asyncCore, asyncMax, asyncQueue, threadHeader, virtualScheduler);
    }

    /** The defaults: the seed's pool sizes and sleep ({@link StressConfig#DEFAULTS}). */
    public static WebfluxOptions defaults() {
        return parse(new String[0]);
    }

    /**
     * Parses command-line arguments.
     *
     * @throws IllegalArgumentException naming the bad option and the fix
     */
    public static WebfluxOptions parse(String[] args) {
        return of(KnobArgs.options(args, NAMES));
    }

    /** The options from a map made by {@link KnobArgs#options}; absent names take their defaults. */
    public static WebfluxOptions of(Map<String, String> v) {
        return new WebfluxOptions(
                v.getOrDefault("host", "127.0.0.1"),
                KnobArgs.intValue(v, "port", 0, 0),
                protocol(v.getOrDefault("protocol", ServerProtocol.HTTP11.label())),
                transport(v.getOrDefault("transport", "native")),
                KnobArgs.optionalInt(v, "workers", 1),
                KnobArgs.optionalInt(v, "select-count", 0),
                KnobArgs.optionalInt(v, "backlog", 1),
                KnobArgs.bool(v, "tcp-nodelay", true),
                KnobArgs.optionalInt(v, "rcvbuf", 1),
                KnobArgs.optionalInt(v, "sndbuf", 1),
                KnobArgs.optionalInt(v, "tcp-fastopen", 0),
                KnobArgs.bool(v, "virtual-threads", false),
                KnobArgs.duration(v, "sleep", StressConfig.DEFAULTS.sleep()),
                // the pool's bounds: StressConfig.checkPool, in the constructor
                KnobArgs.intValue(v, "async-core", StressConfig.DEFAULTS.asyncCore()),
                KnobArgs.intValue(v, "async-max", StressConfig.DEFAULTS.asyncMax()),
                KnobArgs.intValue(v, "async-queue", StressConfig.DEFAULTS.asyncQueue()),
                KnobArgs.bool(v, "thread-header", StressConfig.DEFAULTS.threadHeader()),
                v.containsKey("so-keepalive") ? KnobArgs.bool(v, "so-keepalive", false) : null,
                v.containsKey("allocator") ? named(v, "allocator", ServerAllocator::of) : null,
                named(v, "virtual-scheduler", VirtualScheduler::of, StressConfig.DEFAULT_VIRTUAL_SCHEDULER_TEXT),
                KnobArgs.bool(v, "prime", true),
                v.get("stack"),
                v.get("reactor-netty-version"),
                v.get("netty-version"),
                v.get("reactor-core-version"));
    }

    private static <T> T named(Map<String, String> v, String name, java.util.function.Function<String, T> parse) {
        try {
            return parse.apply(v.get(name));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--" + name + ": " + e.getMessage());
        }
    }

    private static <T> T named(Map<String, String> v, String name, java.util.function.Function<String, T> parse,
                               String dflt) {
        return named(Map.of(name, v.getOrDefault(name, dflt)), name, parse);
    }

    private static ServerProtocol protocol(String s) {
        try {
            return ServerProtocol.ofCleartext(s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--protocol: " + e.getMessage());
        }
    }

    private static Transport transport(String s) {
        try {
            return Transport.of(s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--transport: " + e.getMessage());
        }
    }
}
