package dev.fluxlab.targets.spring;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.targets.common.undertow.UndertowListener;
import dev.fluxlab.targets.spring.launch.KnobArgs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Undertow knobs of {@code webflux-undertow}, named and defaulted like the plain {@code undertow} target's
 * (light-4j's settings, which {@link UndertowListener} holds): XNIO IO threads
 * {@value UndertowListener#IO_THREADS_PER_CORE} x cores, {@value UndertowListener#DEFAULT_WORKER_THREADS} worker
 * threads, {@value UndertowListener#DEFAULT_BUFFER_SIZE}-byte buffers; the backlog, {@code TCP_NODELAY}
 * and the protocol come from {@link WebfluxOptions} and go on the listener as on every Undertow target
 * ({@code UndertowListener}, fluxlab-targets-common: light-4j's backlog when {@code --backlog} is not given). Unlike
 * the plain target the worker threads do work here: Undertow's Servlet container runs every request's
 * {@code service()} on a worker.
 *
 * @param ioThreads     XNIO IO threads
 * @param workerThreads Undertow worker threads (Servlet dispatch)
 * @param bufferSize    Undertow buffer size in bytes
 */
public record UndertowKnobs(int ioThreads, int workerThreads, int bufferSize) {

    /** The Undertow-only options. */
    public static final List<String> NAMES = List.of("io-threads", "worker-threads", "buffer-size");

    /** Every option {@code webflux-undertow} accepts. */
    public static final List<String> ALL_NAMES;

    static {
        List<String> all = new ArrayList<>(WebfluxOptions.SERVER_NEUTRAL_NAMES);
        all.addAll(NAMES);
        ALL_NAMES = List.copyOf(all);
    }

    public UndertowKnobs {
        UndertowListener.checkSizes(ioThreads, workerThreads, bufferSize);
    }

    /**
     * The head of an Undertow target's readiness line, shaped as the plain {@code undertow} target's (transport
     * {@code nio}: XNIO's NIO provider; workers = IO threads) and naming the adapter ({@code server}).
     */
    public java.util.Map<String, Object> readinessHead(int port, WebfluxOptions options, String server) {
        java.util.Map<String, Object> a = new java.util.LinkedHashMap<>();
        a.put(Readiness.PORT, port);
        a.put(Readiness.PROTOCOL, options.protocol().label());
        a.put(Readiness.TRANSPORT, "nio");
        a.put(Readiness.WORKERS, ioThreads);
        a.put(Readiness.IO_THREADS, ioThreads);
        a.put(Readiness.WORKER_THREADS, workerThreads);
        a.put(Readiness.SERVER, server);
        return a;
    }

    /** Both parts of a {@code webflux-undertow} command line. */
    public record Parsed(WebfluxOptions options, UndertowKnobs undertow) {
    }

    /**
     * Parses a {@code webflux-undertow} command line.
     *
     * @throws IllegalArgumentException naming the bad option (Reactor Netty knobs such as {@code --transport} are
     *                                  unknown here) and what is accepted
     */
    public static Parsed parse(String[] args) {
        Map<String, String> v = KnobArgs.options(args, ALL_NAMES);
        // read as given: the sizes' least values are checked once, by the record (UndertowListener.checkSizes)
        Integer io = KnobArgs.optionalInt(v, "io-threads", Integer.MIN_VALUE);
        Integer workers = KnobArgs.optionalInt(v, "worker-threads", Integer.MIN_VALUE);
        Integer buffer = KnobArgs.optionalInt(v, "buffer-size", Integer.MIN_VALUE);
        NAMES.forEach(v::remove);
        return new Parsed(WebfluxOptions.of(v), new UndertowKnobs(
                io == null ? UndertowListener.defaultIoThreads() : io,
                workers == null ? UndertowListener.DEFAULT_WORKER_THREADS : workers,
                buffer == null ? UndertowListener.DEFAULT_BUFFER_SIZE : buffer));
    }
}
