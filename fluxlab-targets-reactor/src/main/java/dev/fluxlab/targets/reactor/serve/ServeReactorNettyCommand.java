package dev.fluxlab.targets.reactor.serve;

import dev.fluxlab.options.TransportValue;
import dev.fluxlab.options.BindOptions;
import dev.fluxlab.targets.common.serve.ServeSupport;
import dev.fluxlab.targets.common.serve.LeakDetectionOption;
import dev.fluxlab.options.OptionValues;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.fault.Stall;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.common.net.ServerAllocator;
import dev.fluxlab.targets.common.stress.StressConfig;
import dev.fluxlab.targets.common.stress.VirtualScheduler;
import dev.fluxlab.targets.reactor.plain.ReactorNettyServer;
import dev.fluxlab.targets.reactor.plain.ReactorNettyServerConfig;
import dev.fluxlab.targets.reactor.transport.TransportLoops;
import dev.fluxlab.targets.reactor.version.LibraryVersionOptions;
import dev.fluxlab.targets.reactor.version.LoadedVersions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code fluxlab serve reactor-netty [knobs]}: the plain Reactor Netty target. Knob names follow Reactor Netty's
 * vocabulary (docs/contracts.md). Exit codes ({@link ServeSupport}): 0 after SIGTERM, 2 for bad input (including a busy port), 1 when the
 * server cannot run (e.g. an explicit transport unavailable on this machine).
 */
@Command(name = "reactor-netty",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Plain Reactor Netty HTTP server: GET /plaintext, /json, /get, /checkPermission; POST /post (echo); "
                    + "GET /stress-benchmark-01..06, -01-vt, -02-vt, -03-vt (seed 002: blocking / non-blocking "
                    + "placements). Binds loopback only.",
            "When ready prints one line on stdout:",
            "  fluxlab-ready port=<n> protocol=<p> transport=<actually in use> workers=<n>",
            "The line also names the Reactor Netty and Netty releases it loaded (reactor-netty=, netty=); with h3, "
                    + "the port is a UDP port and h3-max-data=, h3-max-stream-data=, h3-max-streams=, "
                    + "h3-idle-timeout-ms= give the QUIC settings it serves with.",
            "Stops cleanly on SIGTERM (exit 0)."})
public final class ServeReactorNettyCommand implements Callable<Integer> {

    private static final String NAME = "fluxlab serve reactor-netty";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    BindOptions bind;

    @Option(names = "--protocol", defaultValue = "http1.1", converter = ProtocolConverter.class, paramLabel = "P",
            description = "http1.1, h2c (prior knowledge), h2 (TLS + ALPN with http/1.1 fallback, self-signed "
                    + "certificate made at start-up), http1.1+h2c (one port, h2c by prior knowledge or upgrade), "
                    + "h3 (HTTP/3 alone on a UDP port: QUIC, the same certificate, ALPN h3; needs Reactor Netty 1.3 "
                    + "and Netty's native QUIC library) (default: ${DEFAULT-VALUE}).")
    ServerProtocol protocol;

    @Option(names = "--transport", defaultValue = "native", converter = TransportValue.class, paramLabel = "T",
            description = "native (best available: io_uring, then epoll, then nio), io_uring, epoll, nio. An "
                    + "explicit choice fails if unavailable (default: ${DEFAULT-VALUE}).")
    Transport transport;

    @Option(names = "--workers", paramLabel = "N",
            description = "Event-loop worker threads (default: Reactor Netty's max(cores, 4), or the system "
                    + "property -Dreactor.netty.ioWorkerCount when set).")
    Integer workers;

    @Option(names = "--select-count", paramLabel = "N",
            description = "Acceptor (selector) threads; 0 = the workers also accept (default: Reactor Netty's, "
                    + "workers accept).")
    Integer selectCount;

    @Option(names = "--backlog", paramLabel = "N", description = "SO_BACKLOG (default: Netty's, from somaxconn).")
    Integer backlog;

    @Option(names = "--tcp-nodelay", arity = "0..1", defaultValue = "true", fallbackValue = "true",
            paramLabel = "BOOL", description = "TCP_NODELAY on accepted connections (default: ${DEFAULT-VALUE}).")
    boolean tcpNoDelay;

    @Option(names = "--rcvbuf", paramLabel = "BYTES", description = "SO_RCVBUF (default: the OS's, autotuned).")
    Integer rcvbuf;

    @Option(names = "--sndbuf", paramLabel = "BYTES", description = "SO_SNDBUF (default: the OS's, autotuned).")
    Integer sndbuf;

    @Option(names = "--tcp-fastopen", paramLabel = "QUEUE",
            description = "TCP_FASTOPEN queue length on the listening socket (default: off); epoll and io_uring "
                    + "only (NIO has no such option); the kernel needs bit 2 set in net.ipv4.tcp_fastopen.")
    Integer tcpFastOpen;

    @Option(names = "--so-keepalive", arity = "0..1", fallbackValue = "true", paramLabel = "BOOL",
            description = "SO_KEEPALIVE on accepted connections (default: the OS's, off).")
    Boolean soKeepAlive;

    @Option(names = "--allocator", converter = AllocatorConverter.class, paramLabel = "A",
            description = "Netty ByteBufAllocator of the listening and accepted channels: pooled-direct, pooled-heap, "
                    + "unpooled-direct, unpooled-heap, adaptive (default: Netty's).")
    ServerAllocator allocator;

    @Option(names = "--h2-max-concurrent-streams", paramLabel = "N",
            description = "HTTP/2 SETTINGS_MAX_CONCURRENT_STREAMS (default: Netty's, unbounded).")
    Long h2MaxConcurrentStreams;

    @Option(names = "--h2-initial-window-size", paramLabel = "BYTES",
            description = "HTTP/2 SETTINGS_INITIAL_WINDOW_SIZE (default: Netty's, 65535).")
    Integer h2InitialWindowSize;

    @Option(names = "--stall", defaultValue = "off", converter = StallConverter.class, paramLabel = "PAUSE@EVERY",
            description = "Fault: hold every response for PAUSE once every EVERY, e.g. 200ms@2s; connections stay "
                    + "open; off = never (default: ${DEFAULT-VALUE}).")
    Stall stall;

    @Option(names = "--fail-every", paramLabel = "N",
            description = "Fault: every N-th response is a 500 (default: off).")
    Long failEvery;

    @Option(names = "--work", defaultValue = "0", paramLabel = "N",
            description = "Known CPU work: N rounds of fixed integer arithmetic on the event loop before each "
                    + "response of the plain routes (not the stress endpoints), the same amount in every JVM (a "
                    + "count, not a time): N=1000 took about 2.6 microseconds on the 2-core AMD EPYC VM it was "
                    + "written on; 0 = none (default: ${DEFAULT-VALUE}).")
    int work;

    @Option(names = "--sleep", defaultValue = StressConfig.DEFAULT_SLEEP_TEXT, paramLabel = "DURATION",
            description = "How long the blocking /stress-benchmark-* endpoints hold their thread (default: "
                    + "${DEFAULT-VALUE}).")
    java.time.Duration sleep;

    @Option(names = "--async-core", defaultValue = "" + StressConfig.DEFAULT_ASYNC_CORE, paramLabel = "N",
            description = "Core size of the pool behind /stress-benchmark-01 (default: ${DEFAULT-VALUE}).")
    int asyncCore;

    @Option(names = "--async-max", defaultValue = "" + StressConfig.DEFAULT_ASYNC_MAX, paramLabel = "N",
            description = "Max size of that pool; threads beyond core start only when its queue is full "
                    + "(default: ${DEFAULT-VALUE}).")
    int asyncMax;

    @Option(names = "--async-queue", defaultValue = "" + StressConfig.DEFAULT_ASYNC_QUEUE, paramLabel = "N",
            description = "Queue capacity of that pool (default: ${DEFAULT-VALUE}).")
    int asyncQueue;

    @Option(names = "--thread-header", arity = "0..1", defaultValue = "" + StressConfig.DEFAULT_THREAD_HEADER,
            fallbackValue = "true", paramLabel = "BOOL", description = "Stress endpoints send X-Fluxlab-Thread "
                    + "naming the thread that did the work (default: ${DEFAULT-VALUE}).")
    boolean threadHeader;

    @Option(names = "--virtual-scheduler", defaultValue = StressConfig.DEFAULT_VIRTUAL_SCHEDULER_TEXT,
            converter = VirtualSchedulerConverter.class, paramLabel = "KIND", description = "Executor under the -vt "
                    + "endpoints' Reactor scheduler: per-task (a virtual thread per task) or scheduled-pool (seed "
                    + "002's newScheduledThreadPool(cores, virtual threads)) (default: ${DEFAULT-VALUE}).")
    VirtualScheduler virtualScheduler;

    @CommandLine.Mixin
    LeakDetectionOption leakDetection;

    @Option(names = "--reactor-netty-version", paramLabel = "RELEASE",
            description = "The Reactor Netty release this server must run (its jar's Implementation-Version: 1.3.8, "
                    + "1.2.18, or a 1.3.x / 1.2.x build 'fluxlab run' resolved, such as 1.3.9-SNAPSHOT); refused when the "
                    + "classpath carries another ('fluxlab run' starts each release from its own classpath, see the "
                    + "reactor-netty-version knob) (default: whatever the classpath carries).")
    String reactorNettyVersion;

    @CommandLine.Mixin
    LibraryVersionOptions versions;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        ReactorNettyServerConfig config;
        try {
            versions.require(reactorNettyVersion);
            config = ReactorNettyServerConfig.builder()
                    .host(bind.host()).port(bind.port()).protocol(protocol).transport(transport)
                    .workers(workers).selectCount(selectCount).backlog(backlog).tcpNoDelay(tcpNoDelay)
                    .rcvbuf(rcvbuf).sndbuf(sndbuf).tcpFastOpen(tcpFastOpen)
                    .h2MaxConcurrentStreams(h2MaxConcurrentStreams).h2InitialWindowSize(h2InitialWindowSize)
                    .stall(stall).failEvery(failEvery).work(work).soKeepAlive(soKeepAlive).allocator(allocator)
                    .leakDetection(leakDetection.level())
                    .stress(stress())
                    .build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        err.println(NAME + ": plain Reactor Netty server, " + describe(config) + " (Reactor Netty "
                + LoadedVersions.reactorNetty() + ", Netty " + LoadedVersions.netty() + ")");
        tcpFastOpenWarning(config).ifPresent(err::println);
        if (!config.protocol().http2()
                && (config.h2MaxConcurrentStreams() != null || config.h2InitialWindowSize() != null)) {
            err.println(NAME + ": warning: the --h2-* settings have no effect with --protocol "
                    + config.protocol().label() + " (no HTTP/2)");
        }
        err.flush();

        return ServeSupport.startAndServe(spec, NAME, bind, () -> ReactorNettyServer.start(config),
                ReactorNettyServer.Running::readinessLine, ReactorNettyServer.Running::close);
    }

    /** The stress endpoints' settings from the options ({@link StressConfig#DEFAULTS} when none is given). */
    public StressConfig stress() {
        return new StressConfig(sleep, asyncCore, asyncMax, asyncQueue,
                threadHeader, virtualScheduler);
    }

    private static String describe(ReactorNettyServerConfig c) {
        StringBuilder sb = new StringBuilder()
                .append("protocol=").append(c.protocol().label())
                .append(" transport=").append(c.transport().label())
                .append(" workers=").append(c.workers() == null ? "default(" + TransportLoops.DEFAULT_WORKERS + ")"
                        : c.workers())
                .append(" select-count=").append(c.selectCount() == null ? "default" : c.selectCount())
                .append(" host=").append(c.host())
                .append(" port=").append(c.port())
                .append(" tcp-nodelay=").append(c.tcpNoDelay());
        append(sb, "backlog", c.backlog());
        append(sb, "rcvbuf", c.rcvbuf());
        append(sb, "sndbuf", c.sndbuf());
        append(sb, "tcp-fastopen", c.tcpFastOpen());
        append(sb, "so-keepalive", c.soKeepAlive());
        append(sb, "allocator", c.allocator());
        append(sb, "h2-max-concurrent-streams", c.h2MaxConcurrentStreams());
        append(sb, "h2-initial-window-size", c.h2InitialWindowSize());
        append(sb, "stall", c.stall());
        append(sb, "fail-every", c.failEvery());
        append(sb, "work", c.work() == 0 ? null : c.work());
        append(sb, "leak-detection", c.leakDetection());
        return sb.toString();
    }

    private static void append(StringBuilder sb, String name, Object value) {
        if (value != null) {
            sb.append(' ').append(name).append('=').append(value);
        }
    }

    /** Server-side TFO also needs the kernel's consent (bit 2 of net.ipv4.tcp_fastopen); say so when it is off. */
    private static java.util.Optional<String> tcpFastOpenWarning(ReactorNettyServerConfig c) {
        if (c.tcpFastOpen() == null) {
            return java.util.Optional.empty();
        }
        try {
            // a line reader: a sysctl file read byte by byte (Files.readString) stops after its first byte
            int mode = Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/ipv4/tcp_fastopen")).get(0).trim());
            if ((mode & 2) == 0) {
                return java.util.Optional.of(NAME + ": warning: --tcp-fastopen is set on the socket, but "
                        + "net.ipv4.tcp_fastopen=" + mode + " lacks the server bit (2), so the kernel will not "
                        + "accept TFO data; sysctl -w net.ipv4.tcp_fastopen=3 enables it");
            }
        } catch (IOException | NumberFormatException e) {
            return java.util.Optional.of(NAME + ": warning: cannot read net.ipv4.tcp_fastopen (" + e
                    + "); TCP fast open may be off in the kernel");
        }
        return java.util.Optional.empty();
    }

    static final class ProtocolConverter extends OptionValues.Parsing<ServerProtocol> {
        ProtocolConverter() {
            super(ServerProtocol::of);
        }
    }

    static final class AllocatorConverter extends OptionValues.Parsing<ServerAllocator> {
        AllocatorConverter() {
            super(ServerAllocator::of);
        }
    }

    static final class VirtualSchedulerConverter extends OptionValues.Parsing<VirtualScheduler> {
        VirtualSchedulerConverter() {
            super(VirtualScheduler::of);
        }
    }

    static final class StallConverter extends OptionValues.Parsing<Stall> {
        StallConverter() {
            super(value -> "off".equals(value) ? null : Stall.parse(value));
        }
    }
}
