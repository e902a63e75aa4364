package dev.fluxlab.targets.reactor.loader;

import dev.fluxlab.model.contract.ProgressLine;
import dev.fluxlab.model.load.Latency;
import dev.fluxlab.model.load.LatencyHistograms;
import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.load.SecondSample;
import dev.fluxlab.probe.JitWatch;
import dev.fluxlab.probe.WarmupJudge;
import dev.fluxlab.targets.common.quic.QuicSupport;
import dev.fluxlab.targets.reactor.client.BackendWire;
import dev.fluxlab.targets.reactor.client.LoopClients;
import dev.fluxlab.targets.reactor.transport.TransportLoops;
import io.netty.util.concurrent.EventExecutor;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import java.lang.management.ManagementFactory;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.PrematureCloseException;
import reactor.netty.resources.ConnectionProvider;

/**
 * The seeds' {@code ClientApp}: a closed-model load driver built on Reactor Netty's {@code HttpClient} over HTTP/2
 * (or HTTP/3: {@link LoaderConfig#backendProtocol()}, the wire built as the proxy frontend's by {@link BackendWire}),
 * the client side as the system under test. {@code connections x inFlight} request loops each send the next request
 * when the previous one ends (read to its end and verified); a warm-up phase is run and thrown away, then the measured
 * phase is recorded in an HdrHistogram (microseconds). Errors (status, body, timeout, connect, reset, protocol) are
 * counted by class and never as throughput. The result is the injector's own document, {@code fluxlab.load/1}, so the
 * runner reads it like any injector's; its CPU fields hold this process's CPU.
 */
public final class HttpClientLoader {

    private static final byte[] EMPTY = new byte[0];

    private final LoaderConfig config;
    private final Consumer<String> progress;
    private final Recorder recorder = new Recorder(3);
    private final LongAdder ok = new LongAdder();
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
    private volatile boolean measuring;
    private volatile boolean stopped;
    private volatile Map<String, Object> loopStats = Map.of();

    /**
     * @param progress receives one machine progress line per second
     *                 ({@code fluxlab-progress phase=.. t=.. ok=.. errors=.. rps=..})
     */
    public HttpClientLoader(LoaderConfig config, Consumer<String> progress) {
        this.config = config;
        this.progress = progress;
    }

    /** Runs warm-up and measurement, then returns the document. Bounded by warm-up + duration + 2 x timeout. */
    public LoadResult run() throws InterruptedException {
        if (config.backendProtocol().quic()) {
            BackendWire.requireQuic(QuicSupport.problem());
        }
        TransportLoops loops = TransportLoops.create(config.transport(), "fluxlab-loader",
                TransportLoops.DEFAULT_SELECT_COUNT, config.workers());
        LoopClients clients = null;
        try {
            clients = new LoopClients(config.clientMode(), loops, config.clientWorkers(), config::poolKnobs,
                    "fluxlab-loader", this::client);
            LoopClients pools = clients;
            pools.warmup();
            int loopsInFlight = config.connections() * config.inFlight();
            List<EventExecutor> poolLoops = pools.poolLoops();
            // per-loop modes: request loop i belongs to loop i mod n (its first exchange is started there); the
            // shared modes send through the one client from wherever the previous exchange ended
            var all = Flux.range(0, loopsInFlight)
                    .flatMap(i -> Mono.defer(() -> {
                        long t0 = System.nanoTime();
                        EventExecutor loop = poolLoops.isEmpty() ? null : poolLoops.get(i % poolLoops.size());
                        return pools.exchange(loop, c -> exchange(c, t0));
                    }).repeat(() -> !stopped), loopsInFlight)
                    .then().subscribe();
            List<SecondSample> seconds = new ArrayList<>();
            JitWatch jit = new JitWatch(List.of());
            WarmupJudge judge = new WarmupJudge(config.warmup(), jit);
            double warmupS = phase(ProgressLine.WARMUP_PHASE, config.warmup().bound(), seconds, jit, judge);
            jit.warmupEnded();
            ok.reset();
            errors.clear();
            recorder.reset();
            long cpu0 = cpuNanos();
            measuring = true;
            jit.measureStarted();
            long start = System.nanoTime();
            phase(ProgressLine.MEASURE_PHASE, config.duration(), seconds, jit, null);
            measuring = false;
            jit.measureEnded();
            double durationS = (System.nanoTime() - start) / 1e9;
            long cpu1 = cpuNanos();
            Histogram h = recorder.getIntervalHistogram();
            long okCount = ok.sum();
            Map<String, Long> errs = new TreeMap<>();
            errors.forEach((k, v) -> errs.put(k, v.sum()));
            stopped = true;
            // let the loops see the stop flag; exchanges still in flight end within the timeout
            long drainUntil = System.nanoTime() + config.timeout().toNanos() + 1_000_000_000L;
            while (!all.isDisposed() && System.nanoTime() < drainUntil) {
                Thread.sleep(20);
            }
            all.dispose();
            loopStats = Map.of("loops", pools.loopStats(), "pool_metrics", pools.poolStats());
            double cpuS = (cpu1 - cpu0) / 1e9;
            LatencySummary lat = LatencyHistograms.summary(h);
            String encoded = LatencyHistograms.encode(h);
            return new LoadResult(LoadResult.SCHEMA, config.backendUrl().resolve(config.path()).toString(),
                    config.protocol(), "closed", config.method(), config.connections(), config.inFlight(), null,
                    warmupS, judge.stable(), durationS, okCount, errs, okCount / durationS, new Latency(lat, lat), 0, 0,
                    cpuS, cpuS / durationS, seconds, encoded, "us", encoded, loops.expected().label(), null, config.workers(),
                    judge.jitQuiet(),
                    jit.evidence(), null, null, null);
        } finally {
            stopped = true;
            if (clients != null) {
                clients.close();
            }
            loops.close();
        }
    }

    /**
     * The client's per-loop counters ({@code loops}: pending tasks, steals) and pool metrics ({@code pool_metrics}),
     * as the proxy frontend's {@code /stats} has them, read when the measured phase ended; empty before.
     */
    public Map<String, Object> loopStats() {
        return loopStats;
    }

    private HttpClient client(ConnectionProvider provider) {
        HttpClient c = HttpClient.create(provider)
                .baseUrl(config.backendUrl().toString())
                .responseTimeout(config.timeout());
        if (config.body() != null) {
            c = c.headers(h -> h.set(HttpHeaderNames.CONTENT_TYPE,
                    config.contentType() == null ? "application/json" : config.contentType()));
        }
        return BackendWire.apply(c, config.backendProtocol(), config.backendUrl());
    }

    /** One exchange started at {@code t0} (before any hop to another loop). */
    private Mono<Void> exchange(HttpClient client, long t0) {
        byte[] body = config.body();
        return client.request(HttpMethod.valueOf(config.method())).uri(config.path())
                .send((req, out) -> body == null ? out : out.sendByteArray(Mono.just(body)))
                .responseSingle((res, buf) -> buf.asByteArray().defaultIfEmpty(EMPTY).map(b -> {
                    if (res.status().code() != config.expectStatus()) {
                        return "status";
                    }
                    if (config.expectBody() != null
                            && !Arrays.equals(b, config.expectBody().getBytes(StandardCharsets.UTF_8))) {
                        return "body";
                    }
                    return "";
                }))
                .onErrorResume(e -> Mono.just(classify(e)))
                .doOnNext(outcome -> {
                    if (outcome.isEmpty()) {
                        ok.increment();
                        if (measuring) {
                            recorder.recordValue(Math.max(1, (System.nanoTime() - t0) / 1000));
                        }
                    } else {
                        errors.computeIfAbsent(outcome, k -> new LongAdder()).increment();
                    }
                })
                .then();
    }

    private static String classify(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof TimeoutException || t.getClass().getSimpleName().contains("Timeout")) {
                return "timeout";
            }
            if (t instanceof ConnectException) {
                return "connect";
            }
            if (t instanceof PrematureCloseException || t instanceof java.io.IOException) {
                return "reset";
            }
        }
        return "protocol";
    }

    /**
     * Runs one phase of at most {@code length}, sampling once a second (and {@code jit}); {@code judge}, when given,
     * may end it sooner (an automatic warm-up). Returns its length in seconds.
     */
    private double phase(String name, Duration length, List<SecondSample> seconds, JitWatch jit, WarmupJudge judge)
            throws InterruptedException {
        long start = System.nanoTime();
        long end = start + length.toNanos();
        long lastOk = ok.sum();
        long lastErr = errorSum();
        int t = 0;
        while (System.nanoTime() < end) {
            long next = Math.min(end, start + (t + 1) * 1_000_000_000L);
            long sleep = next - System.nanoTime();
            if (sleep > 0) {
                Thread.sleep(sleep / 1_000_000, (int) (sleep % 1_000_000));
            }
            t++;
            long o = ok.sum();
            long e = errorSum();
            jit.tick();
            seconds.add(new SecondSample(name, t, o - lastOk, e - lastErr, jit.lastSecond()));
            progress.accept(new ProgressLine(name, t, o - lastOk, e - lastErr, o - lastOk).format());
            if (judge != null && judge.second(o - lastOk, System.nanoTime() - start)) {
                break;
            }
            lastOk = o;
            lastErr = e;
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private long errorSum() {
        return errors.values().stream().mapToLong(LongAdder::sum).sum();
    }

    private static long cpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return 0;
    }
}
