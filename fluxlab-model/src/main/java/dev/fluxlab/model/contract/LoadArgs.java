package dev.fluxlab.model.contract;

import dev.fluxlab.model.Decimals;
import dev.fluxlab.model.Durations;
import dev.fluxlab.model.warmup.WarmupPolicy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The injector's command line, {@code fluxlab load URL [options]}, as data: every option the runner passes to a load
 * process, in fluxlab's vocabulary (docs/contracts.md). The runner builds one per repeat; fluxlab's injector gets
 * {@link #toArgv()}, a self-loading target a subset of {@link #options()}, an external tool a translation of it. The
 * CLI's {@code LoadCommand} mirrors this record option by option (a test in fluxlab-cli holds them together).
 *
 * @param url               the target URL; null for a self-loading target, which is told its upstream by a knob
 * @param protocol          {@code --protocol}: {@code http1.1}, {@code h2c} or {@code h2}; null: the URL's default
 * @param connections       {@code --connections}
 * @param inFlight          {@code --in-flight}; null: the injector's default
 * @param rate              {@code --rate} (open model); null: closed model
 * @param threads           {@code --threads}; null: {@link #defaultThreads(int, Double)}
 * @param timeout           {@code --timeout} as written in the suite; null: the injector's default
 * @param duration          {@code --duration}, the measured phase (with a precision: its least length)
 * @param precisionPct      {@code --precision}: measure until the mean throughput is known within this percentage;
 *                          null: measure exactly {@code duration}
 * @param maxDuration       {@code --max-duration}: the bound of a measured phase by precision; null: not passed
 * @param warmup            {@code --warmup}, and for {@code auto} {@code --warmup-max} and (when not zero)
 *                          {@code --warmup-min}: the one warm-up policy; null: the injector's default
 * @param watchPids         {@code --warmup-watch-pid}: the target JVMs whose JIT an {@code auto} warm-up waits for
 * @param method            {@code --method}; null: the injector's default
 * @param bodyFile          {@code --body-file}; null: none
 * @param bodySize          {@code --body-size} (only without a body file); null: none
 * @param headers           {@code --header 'Name: value'}, once per entry
 * @param expectStatus      {@code --expect-status}
 * @param expectBody        {@code --expect-body}; null: not checked
 * @param expectContentType {@code --expect-content-type}; null: not checked
 * @param insecure          {@code --insecure}: trust the lab's self-signed certificate
 * @param json              {@code --json}: where the load document goes
 * @param progress          {@code --progress}: {@code machine} for a runner
 * @param keepAlive         {@code --keep-alive}: false = a new connection per request (HTTP/1.1, as {@code ab}
 *                          without {@code -k}); null: the injector's default (keep-alive)
 * @param requests          {@code --requests}: the measured phase is this many responses instead of {@code duration}
 *                          (bounded by {@code maxDuration}); null: by duration
 * @param measureGate       {@code --measure-gate}: the start barrier of several injectors ({@link MeasureGate}); null
 *                          for one injector
 */
public record LoadArgs(
        String url,
        String protocol,
        int connections,
        Integer inFlight,
        Double rate,
        Integer threads,
        String timeout,
        Duration duration,
        Double precisionPct,
        Duration maxDuration,
        WarmupPolicy warmup,
        List<Long> watchPids,
        String method,
        Path bodyFile,
        Integer bodySize,
        Map<String, String> headers,
        int expectStatus,
        String expectBody,
        String expectContentType,
        boolean insecure,
        Path json,
        String progress,
        Boolean keepAlive,
        Long requests,
        Path measureGate) {

    /** The command line of a measured phase bounded by its duration. */
    public LoadArgs(String url, String protocol, int connections, Integer inFlight, Integer rate, Integer threads,
                    String timeout, Duration duration, Double precisionPct, Duration maxDuration, WarmupPolicy warmup,
                    List<Long> watchPids, String method, Path bodyFile, Integer bodySize, Map<String, String> headers,
                    int expectStatus, String expectBody, String expectContentType, boolean insecure, Path json,
                    String progress, Boolean keepAlive) {
        this(url, protocol, connections, inFlight, rate == null ? null : rate.doubleValue(), threads, timeout, duration,
                precisionPct, maxDuration, warmup, watchPids, method, bodyFile, bodySize, headers, expectStatus, expectBody, expectContentType, insecure,
                json, progress, keepAlive, null, null);
    }

    /** One option of the command line; {@code value} is null for a flag without a value. */
    public record Option(String name, String value) {
    }

    public LoadArgs {
        headers = headers == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        watchPids = watchPids == null ? List.of() : List.copyOf(watchPids);
    }

    /**
     * The event loops (or tool threads) a load uses when none are asked for: one per core, at most one per
     * connection. The injector applies it, and the runner passes it to the external tools.
     */
    public static int defaultThreads(int connections) {
        return defaultThreads(connections, null);
    }

    /** Connections of a load that names none ({@code fluxlab load -c}, a suite's {@code load.connections}). */
    public static final int DEFAULT_CONNECTIONS = 16;
    /** The measured phase's length unless told otherwise, as written ({@code -d}; a suite's {@code measure}). */
    public static final String DEFAULT_DURATION_TEXT = "10s";
    /** {@link #DEFAULT_DURATION_TEXT} as a duration. */
    public static final Duration DEFAULT_DURATION = Durations.parse(DEFAULT_DURATION_TEXT);
    /** The bound of a measured phase by count or by precision unless told otherwise, as written. */
    public static final String DEFAULT_MAX_DURATION_TEXT = "10m";
    /** {@link #DEFAULT_MAX_DURATION_TEXT} as a duration. */
    public static final Duration DEFAULT_MAX_DURATION = Durations.parse(DEFAULT_MAX_DURATION_TEXT);
    /** The per-request timeout unless told otherwise, as written. */
    public static final String DEFAULT_TIMEOUT_TEXT = "10s";
    /** {@link #DEFAULT_TIMEOUT_TEXT} as a duration. */
    public static final Duration DEFAULT_TIMEOUT = Durations.parse(DEFAULT_TIMEOUT_TEXT);

    /**
     * The open model's share of the work one event loop takes by default: {@value #OPEN_RATE_PER_LOOP} requests per
     * second. A paced load sends on a timer and waits between sends, so every extra loop adds wake-ups, not capacity.
     * Measured against a warm {@code serve reactor-netty} (HTTP/1.1, epoll, -c 16) on this lab's 2-core VM, one loop
     * against two, 2026-11-24: at 20k req/s 41-43k against 33-37k requests per injector CPU-second, corrected p50 0.08
     * against 0.14 ms, p99 0.38-0.42 against 0.40-0.43 ms; at 30k 45-46k against 42-43k, p99 0.41-0.49 against
     * 0.65-0.68 ms; at 40k one loop kept the schedule (p99 1.1-5.1 ms) where two took CPU from the target until it fell
     * behind (p99 36 ms and 2.3 s, 11k-312k late sends). One loop then spent 0.72 of a core.
     */
    public static final int OPEN_RATE_PER_LOOP = 40_000;

    /**
     * {@link #defaultThreads(int)} for a load at {@code rate} requests per second (null: closed model): the open model
     * starts one loop per {@link #OPEN_RATE_PER_LOOP} of its rate, within the same bounds.
     */
    public static int defaultThreads(int connections, Double rate) {
        int loops = Math.min(Runtime.getRuntime().availableProcessors(), connections);
        if (rate != null && rate > 0) {
            loops = (int) Math.min(loops, Math.max(1, Math.ceil(rate / OPEN_RATE_PER_LOOP)));
        }
        return Math.max(1, loops);
    }

    /** Every option, in the order of the command line, without the URL. */
    public List<Option> options() {
        List<Option> o = new ArrayList<>();
        add(o, "--protocol", protocol);
        add(o, "--connections", connections);
        add(o, "--in-flight", inFlight);
        add(o, "--keep-alive", keepAlive);
        add(o, "--rate", rate == null ? null : Decimals.format(rate)); // as the command reads it: no 1.0E-4
        add(o, "--threads", threads);
        add(o, "--timeout", timeout);
        add(o, "--duration", duration == null ? null : Durations.format(duration));
        add(o, "--requests", requests);
        add(o, "--precision", precisionPct == null ? null : Decimals.format(precisionPct));
        add(o, "--max-duration", maxDuration == null ? null : Durations.format(maxDuration));
        if (warmup != null) {
            add(o, "--warmup", warmup.spelling());
            if (warmup.auto()) {
                add(o, "--warmup-max", Durations.format(warmup.max()));
                add(o, "--warmup-min", warmup.min().isZero() ? null : Durations.format(warmup.min()));
            }
        }
        add(o, "--warmup-watch-pid", watchPids.isEmpty() ? null
                : String.join(",", watchPids.stream().map(String::valueOf).toList()));
        add(o, "--method", method);
        add(o, "--body-file", bodyFile);
        add(o, "--body-size", bodyFile == null ? bodySize : null);
        headers.forEach((k, v) -> o.add(new Option("--header", k + ": " + v)));
        add(o, "--expect-status", expectStatus);
        add(o, "--expect-body", expectBody);
        add(o, "--expect-content-type", expectContentType);
        if (insecure) {
            o.add(new Option("--insecure", null));
        }
        add(o, "--json", json);
        add(o, "--progress", progress);
        add(o, "--measure-gate", measureGate);
        return o;
    }

    /**
     * This load as one short window of an interleaved trial: the same target, request, verification and load level,
     * measured for exactly {@code measure} after {@code warmup}, its document written to {@code json}; no precision
     * target, request count or start gate (a window is one of many, judged together).
     */
    public LoadArgs forWindow(Duration measure, WarmupPolicy warmup, Path json) {
        return new LoadArgs(url, protocol, connections, inFlight, rate, threads, timeout, measure, null, null, warmup,
                watchPids, method, bodyFile, bodySize, headers, expectStatus, expectBody, expectContentType, insecure,
                json, progress, keepAlive, null, null);
    }

    /**
     * This load, its measured phase held at {@code gate} ({@link MeasureGate}) until the runner opens it: the loads of
     * a duet round start their windows together.
     */
    public LoadArgs withMeasureGate(Path gate) {
        return new LoadArgs(url, protocol, connections, inFlight, rate, threads, timeout, duration, precisionPct,
                maxDuration, warmup, watchPids, method, bodyFile, bodySize, headers, expectStatus, expectBody,
                expectContentType, insecure, json, progress, keepAlive, requests, gate);
    }

    /** The arguments of {@code fluxlab load}: the URL, then each option and its value as separate words. */
    public List<String> toArgv() {
        if (url == null) {
            throw new IllegalStateException("a command line for fluxlab load needs a URL");
        }
        List<String> argv = new ArrayList<>();
        argv.add(url);
        for (Option op : options()) {
            argv.add(op.name());
            if (op.value() != null) {
                argv.add(op.value());
            }
        }
        return argv;
    }

    private static void add(List<Option> out, String name, Object value) {
        if (value != null) {
            out.add(new Option(name, value.toString()));
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Mutable, single-use builder; unset options are not passed (the injector's defaults apply). */
    public static final class Builder {
        private String url;
        private String protocol;
        private int connections = 1;
        private Integer inFlight;
        private Double rate;
        private Integer threads;
        private String timeout;
        private Duration duration;
        private Double precisionPct;
        private Duration maxDuration;
        private WarmupPolicy warmup;
        private List<Long> watchPids = List.of();
        private String method;
        private Path bodyFile;
        private Integer bodySize;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private int expectStatus = 200;
        private String expectBody;
        private String expectContentType;
        private boolean insecure;
        private Path json;
        private String progress;
        private Boolean keepAlive;
        private Long requests;
        private Path measureGate;

        private Builder() {
        }

        public Builder url(String v) { url = v; return this; }
        public Builder protocol(String v) { protocol = v; return this; }
        public Builder connections(int v) { connections = v; return this; }
        public Builder inFlight(Integer v) { inFlight = v; return this; }
        public Builder rate(Integer v) { rate = v == null ? null : v.doubleValue(); return this; }
        public Builder rate(Double v) { rate = v; return this; }
        public Builder threads(Integer v) { threads = v; return this; }
        public Builder timeout(String v) { timeout = v; return this; }
        public Builder duration(Duration v) { duration = v; return this; }
        public Builder precisionPct(Double v) { precisionPct = v; return this; }
        public Builder maxDuration(Duration v) { maxDuration = v; return this; }
        public Builder warmup(WarmupPolicy v) { warmup = v; return this; }
        public Builder watchPids(List<Long> v) { watchPids = v == null ? List.of() : v; return this; }
        public Builder method(String v) { method = v; return this; }
        public Builder bodyFile(Path v) { bodyFile = v; return this; }
        public Builder bodySize(Integer v) { bodySize = v; return this; }
        public Builder headers(Map<String, String> v) { if (v != null) { headers.putAll(v); } return this; }
        public Builder expectStatus(int v) { expectStatus = v; return this; }
        public Builder expectBody(String v) { expectBody = v; return this; }
        public Builder expectContentType(String v) { expectContentType = v; return this; }
        public Builder insecure(boolean v) { insecure = v; return this; }
        public Builder json(Path v) { json = v; return this; }
        public Builder progress(String v) { progress = v; return this; }
        public Builder keepAlive(Boolean v) { keepAlive = v; return this; }
        public Builder requests(Long v) { requests = v; return this; }
        public Builder measureGate(Path v) { measureGate = v; return this; }

        public LoadArgs build() {
            return new LoadArgs(url, protocol, connections, inFlight, rate, threads, timeout, duration, precisionPct,
                    maxDuration, warmup, watchPids, method, bodyFile, bodySize, headers, expectStatus, expectBody,
                    expectContentType, insecure, json, progress, keepAlive, requests, measureGate);
        }
    }
}
