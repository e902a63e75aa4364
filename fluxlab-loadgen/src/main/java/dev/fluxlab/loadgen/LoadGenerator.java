package dev.fluxlab.loadgen;

import dev.fluxlab.model.contract.ProgressLine;
import dev.fluxlab.model.Durations;
import dev.fluxlab.model.load.ConnectTimes;
import dev.fluxlab.model.stats.MeanPrecision;

import dev.fluxlab.model.contract.MeasureGate;
import dev.fluxlab.model.contract.SocketBudget;
import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.model.load.Latency;
import dev.fluxlab.model.load.LatencyHistograms;
import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.load.SecondSample;
import dev.fluxlab.probe.JitWatch;
import dev.fluxlab.probe.WarmupJudge;
import io.netty.channel.EventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.util.ResourceLeakDetector;
import org.HdrHistogram.Histogram;

import javax.net.ssl.SSLException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Runs one injector run: connects, warms up (unrecorded), measures, and returns the result. The calling thread
 * only coordinates (phase boundaries, per-second samples, CPU readings); all I/O and recording happen on the
 * event loops, each recording into its own histograms, merged once at the end.
 */
public final class LoadGenerator {

    /** Least wait at the window's end that makes an unanswered request stalled (a fast target's slowest is ~1 ms). */
    static final long STALL_MIN_NANOS = 100_000_000L;


    static {
        // Netty checks a buffer's reference count on every read of it (AbstractByteBuf.ensureAccessible): 5.3 % of the
        // event loops' CPU samples of an h2c injector (-c 4 -m 16), for a check that only catches use after release,
        // which the injector's tests cover. Read once when Netty's buffer classes initialise, so it is set here,
        // before the first buffer; an explicit -Dio.netty.buffer.checkAccessible wins.
        if (System.getProperty("io.netty.buffer.checkAccessible") == null) {
            System.setProperty("io.netty.buffer.checkAccessible", "false");
        }
    }

    private LoadGenerator() {
    }

    /**
     * Runs {@code spec}.
     *
     * @throws IllegalArgumentException for a refused target (non-loopback) or an unavailable transport, before any connection
     * @throws LoadFailure              when no connection could be made
     */
    public static LoadOutcome run(LoadSpec spec, ProgressListener progress) throws LoadFailure, InterruptedException {
        return run(spec, progress, null);
    }

    /**
     * Like {@link #run(LoadSpec, ProgressListener)}, the measured phase held at {@code gate} (null: none) after the
     * warm-up: several injectors of one cell start measuring together.
     */
    public static LoadOutcome run(LoadSpec spec, ProgressListener progress, MeasureGate gate)
            throws LoadFailure, InterruptedException {
        return run(spec, progress, gate, new LoadStop());
    }

    /**
     * Like {@link #run(LoadSpec, ProgressListener, MeasureGate)}, ended early by {@code stop}: a stop in the measured
     * phase ends it there (the outcome covers the part that ran and says so), one before it is a {@link LoadFailure}.
     */
    public static LoadOutcome run(LoadSpec spec, ProgressListener progress, MeasureGate gate, LoadStop stop)
            throws LoadFailure, InterruptedException {
        if (System.getProperty("io.netty.leakDetection.level") == null) {
            // sampling leak detection costs the hot path; the injector's buffers are covered by the tests
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
        InetAddress address = TargetGuard.resolve(spec.host(), spec.allowRemote());
        SocketBudget.here().check(spec.connections());
        ClientTransport transport = ClientTransport.select(spec.transport());
        SslContext ssl = spec.tls() ? sslContext(spec) : null;
        RequestTemplate tpl = new RequestTemplate(spec);
        RunControl ctl = new RunControl(spec.requests());
        MultiThreadIoEventLoopGroup group = transport.newGroup(spec.threads());
        List<LoopWorker> workers = new ArrayList<>();
        try {
            InitialConnects initial = new InitialConnects(spec.connections());
            InetSocketAddress remote = new InetSocketAddress(address, spec.port());
            int t = spec.threads();
            for (int i = 0; i < t; i++) {
                int n = spec.connections() / t + (i < spec.connections() % t ? 1 : 0);
                double loopRate = spec.openModel() ? spec.rate() * n / spec.connections() : 0;
                EventLoop loop = (EventLoop) group.next();
                workers.add(new LoopWorker(loop, n, spec, ctl, tpl, transport, ssl, remote, initial, loopRate));
            }
            for (LoopWorker w : workers) {
                w.loop.execute(w::connectAll);
            }
            initial.await(spec.timeout().toMillis() + 5_000);
            if (initial.readyCount() == 0) {
                Throwable cause = initial.firstFailure();
                throw new LoadFailure("could not connect to " + spec.target() + " (" + remote + "): "
                        + describe(cause, spec), cause);
            }
            long[] tids = new long[t];
            for (int i = 0; i < t; i++) {
                tids[i] = on(workers.get(i), () -> Thread.currentThread().threadId());
            }
            return measure(spec, progress, transport, ctl, workers, tids, gate, stop);
        } finally {
            ctl.stopping = true;
            for (LoopWorker w : workers) {
                w.loop.execute(w::stop);
            }
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
        }
    }

    private static LoadOutcome measure(LoadSpec spec, ProgressListener progress, ClientTransport transport, RunControl ctl,
                                       List<LoopWorker> workers, long[] tids, MeasureGate gate, LoadStop stop)
            throws InterruptedException, LoadFailure {
        List<SecondSample> perSecond = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        // the warnings no figure of the document carries (a runner cannot derive them): they go into it as well
        List<String> recorded = new ArrayList<>();
        // without a warm-up (a fixed 0 and no start barrier) the first request is the measured phase's first, so the
        // server sees no unrecorded requests before it
        boolean warmUp = spec.warmup().auto() || !spec.warmup().bound().isZero() || gate != null;
        long runStart = System.nanoTime();
        if (warmUp) {
            startAll(workers, runStart);
        }

        // --- warm-up (not recorded) ---
        JitWatch jit = new JitWatch(spec.watchPids());
        SecondTicker warm = new SecondTicker(WARMUP, runStart, workers, perSecond, progress, jit);
        WarmupJudge judge = new WarmupJudge(spec.warmup(), jit);
        long warmEnd = runStart + spec.warmup().bound().toNanos();
        boolean over = false;
        while (!over && warm.nextTick() <= warmEnd) {
            if (stop.sleepUntil(warm.nextTick())) {
                throw stoppedInWarmup(runStart);
            }
            warm.tick();
            over = judge.second(warm.lastSecondOk, System.nanoTime() - runStart);
        }
        if (!over && stop.sleepUntil(warmEnd)) {
            throw stoppedInWarmup(runStart);
        }
        if (gate != null) {
            awaitGate(gate, warm, spec.warmup().bound(), stop);
            if (stop.requested()) {
                throw stoppedInWarmup(runStart);
            }
        }
        warnings.addAll(judge.warnings());
        jit.warmupEnded();

        // --- measurement ---
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] tcpu0 = threadCpu(threads, tids);
        long cpu0 = processCpu();
        jit.measureStarted();
        long mStart = System.nanoTime();
        // the warm-up's unsent backlog is dropped before the window opens, so no send of it counts in the window
        long behind = 0;
        for (LoopWorker w : spec.openModel() ? workers : List.<LoopWorker>of()) {
            behind += on(w, () -> w.dropBacklog(mStart));
        }
        // then opened at once: a completion before the phase's first tick belongs to it, in the tally as in the
        // per-second series (a fixed window knows its end now; measure: auto and a count find theirs later)
        boolean fixed = spec.precision() == null && spec.requests() == null;
        ctl.openMeasure(mStart, fixed ? mStart + spec.duration().toNanos() : Long.MAX_VALUE);
        if (!warmUp) {
            startAll(workers, mStart);
        }
        long mStartMs = System.currentTimeMillis();
        long mEnd;
        SecondTicker meas = new SecondTicker(ProgressLine.MEASURE_PHASE, mStart, workers, perSecond, progress, jit);
        if (spec.openModel() && behind > Math.max(1, spec.rate() * BACKLOG_SECONDS)) {
            record(warnings, recorded, String.format(Locale.ROOT, "the warm-up ended %d requests behind schedule "
                    + "(%.0f ms of sends at %.0f req/s): they were dropped, not sent, so the measured phase follows "
                    + "its own schedule from its start; the target (or the injector) was still catching up when the "
                    + "warm-up ended, and a longer --warmup (or auto) measures the steady state", behind,
                    behind / spec.rate() * 1e3, spec.rate()));
        }
        Double achieved = null;
        if (spec.precision() != null) {
            // measure: auto: at least --duration, then until the mean is known within --precision, at most --max-duration
            long least = mStart + spec.duration().toNanos();
            long bound = mStart + Math.max(spec.duration().toNanos(), spec.maxDuration().toNanos());
            List<Double> seconds = new ArrayList<>();
            double precision = Double.POSITIVE_INFINITY;
            while (meas.nextTick() <= bound) {
                if (stop.sleepUntil(meas.nextTick())) {
                    break;
                }
                meas.tick();
                seconds.add((double) meas.lastSecondOk);
                precision = MeanPrecision.relativeHalfWidth(seconds);
                if (meas.nextTick() > least && precision <= spec.precision()) {
                    break;
                }
            }
            mEnd = System.nanoTime();
            ctl.measureEnd = mEnd;
            achieved = Double.isInfinite(precision) ? null : precision;
            if (!(precision <= spec.precision()) && !stop.requested()) {
                warnings.add(String.format(Locale.ROOT, "precision not reached: the mean throughput was known within "
                                + "%s after --max-duration %.0fs, not the ±%.1f %% asked for",
                        achieved == null ? "no bound" : String.format(Locale.ROOT, "±%.1f %%", achieved * 100),
                        spec.maxDuration().toMillis() / 1e3, spec.precision() * 100));
            }
        } else if (spec.requests() == null) {
            mEnd = mStart + spec.duration().toNanos();
            boolean stopped = false;
            while (!stopped && meas.nextTick() <= mEnd) {
                stopped = stop.sleepUntil(meas.nextTick());
                if (!stopped) {
                    meas.tick();
                }
            }
            if (stopped || stop.sleepUntil(mEnd)) {
                mEnd = System.nanoTime();
                ctl.measureEnd = mEnd;
            }
        } else {
            long bound = mStart + spec.maxDuration().toNanos();
            boolean reached = false;
            while (!reached && !stop.requested()) {
                long wake = Math.min(Math.min(meas.nextTick(), bound), System.nanoTime() + STOP_POLL_NANOS);
                reached = ctl.countReached.await(Math.max(0, wake - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (!reached && System.nanoTime() >= meas.nextTick() && meas.nextTick() <= bound) {
                    meas.tick();
                }
                if (!reached && System.nanoTime() >= bound) {
                    break;
                }
            }
            if (reached) {
                mEnd = ctl.measureEnd;
            } else {
                mEnd = System.nanoTime();
                ctl.measureEnd = mEnd;
                if (!stop.requested()) {
                    warnings.add("the measured phase hit --max-duration before " + spec.requests()
                            + " requests completed");
                }
            }
        }
        long cpu1 = processCpu();
        long[] tcpu1 = threadCpu(threads, tids);
        ctl.stopping = true;
        jit.measureEnded();
        progress.measureEnded(meas.t);

        // --- collect (on each loop, after it has recorded everything up to the end) ---
        Tally all = new Tally();
        long missed = 0;
        long unanswered = 0;
        final long end = mEnd;
        final long start = mStart;
        for (LoopWorker w : workers) {
            Tally measured = on(w, () -> w.stats.measured().copy());
            all.add(measured);
            missed += on(w, () -> w.missedAt(start, end));
            unanswered += on(w, () -> w.unansweredSince(start));
        }
        Histogram corrected = all.corrected;
        Histogram uncorrected = all.uncorrected;
        // written in the window, unanswered at its end, and already twice as old as the slowest recorded response
        long stallAgeNanos = Math.max(STALL_MIN_NANOS, 2 * corrected.getMaxValue() * 1000L);
        final long cut = end - stallAgeNanos;
        long stalled = 0;
        if (cut > start) {
            for (LoopWorker w : workers) {
                stalled += on(w, () -> w.unansweredSince(cut) - w.unansweredSince(start));
            }
        }
        long ok = all.ok, late = all.late;
        long[] errors = all.errors;
        long[] statuses = all.statuses;
        Histogram connect = all.connect;
        long connectSum = all.connectSumNanos, latencySum = all.latencySumNanos;
        double durationS = (mEnd - mStart) / 1e9;
        if (stop.requested()) {
            warnings.add(String.format(Locale.ROOT, "INTERRUPTED: the measured phase was cut short after %.1f s; "
                    + "the figures cover that part only", durationS));
        }
        double cpuS = cpu0 < 0 || cpu1 < 0 ? 0 : (cpu1 - cpu0) / 1e9;
        if (cpu0 < 0 || cpu1 < 0) {
            record(warnings, recorded, "this JVM cannot report process CPU time: injector_cpu_s is 0, not measured");
        }
        double cores = cpuS / durationS;
        // the process CPU clock counts in 10 ms ticks: over less than a second its reading is too coarse to judge by
        boolean judgeCpu = durationS >= CPU_JUDGED_S;
        if (!judgeCpu) {
            warnings.add(String.format(Locale.ROOT, "the measured phase lasted %.0f ms, too short to judge whether the "
                    + "injector's CPU was its limit (its CPU clock counts in 10 ms steps); measure at least %.0f s "
                    + "for that", durationS * 1e3, CPU_JUDGED_S));
        }
        double[] busy = new double[tids.length];
        for (int i = 0; i < tids.length; i++) {
            busy[i] = tcpu0[i] < 0 || tcpu1[i] < 0 ? -1 : (tcpu1[i] - tcpu0[i]) / 1e9 / durationS;
            if (judgeCpu && busy[i] >= 0.9) {
                record(warnings, recorded, String.format(Locale.ROOT, "injector event loop %d was %.0f%% busy: "
                        + "the result may be the injector's limit, not the server's (try more --threads)", i,
                        busy[i] * 100));
            }
        }
        int avail = Runtime.getRuntime().availableProcessors();
        if (judgeCpu && cpuS >= 0 && cores >= 0.9 * avail) {
            warnings.add(String.format(Locale.ROOT, "the injector used %.2f of %d cores: the result may be the "
                    + "injector's limit, not the server's", cores, avail));
        }
        if (spec.protocol().http2() && ctl.serverStreamLimit < spec.inFlight()) {
            record(warnings, recorded, "the server allows only " + ctl.serverStreamLimit + " concurrent streams per "
                    + "connection: -m " + spec.inFlight() + " was capped to " + ctl.serverStreamLimit);
        }
        if (unanswered > 0) {
            record(warnings, recorded, String.format(Locale.ROOT, "%d request%s written before the measured phase "
                    + "still had no answer at its end, %.1f s later: the server stopped answering them, and they "
                    + "count nowhere in these figures (a --timeout shorter than the measured phase, now %s, counts "
                    + "them as timeouts)",
                    unanswered, unanswered == 1 ? "" : "s", durationS, Durations.format(spec.timeout())));
        }
        if (stalled > 0) {
            warnings.add(String.format(Locale.ROOT, "%d request%s written in the measured phase still had no answer at "
                    + "its end after more than %.0f ms (twice the slowest recorded response, at least 100 ms): the "
                    + "server stalled, and the latency figures lack its worst part", stalled, stalled == 1 ? "" : "s",
                    stallAgeNanos / 1e6));
        }
        if (spec.openModel() && (late > 0 || missed > 0)) {
            warnings.add(String.format(Locale.ROOT, "OPEN MODEL BEHIND SCHEDULE: %d requests sent in the measured window "
                    + "left more than 1 ms after their intended time, and %d were never sent (%.0f req/s for %.1f s "
                    + "intends %d); the rate was NOT lowered: corrected latency includes the waiting", late, missed,
                    spec.rate(), durationS, Math.round(spec.rate() * durationS)));
        }

        Map<String, Long> errorMap = new LinkedHashMap<>();
        Map<String, String> detailMap = new LinkedHashMap<>();
        for (ErrorClass c : ErrorClass.values()) {
            errorMap.put(c.key(), errors[c.ordinal()]);
            if (all.details[c.ordinal()] != null) {
                detailMap.put(c.key(), all.details[c.ordinal()]);
            }
        }
        Map<String, Long> statusMap = new LinkedHashMap<>();
        for (int code = 0; code < statuses.length; code++) {
            if (statuses[code] > 0) {
                statusMap.put(Integer.toString(code), statuses[code]);
            }
        }
        LatencySummary cs = LatencyHistograms.summary(corrected);
        LatencySummary us = LatencyHistograms.summary(uncorrected);
        LoadResult result = new LoadResult(LoadResult.SCHEMA, spec.target(), spec.protocol().label(),
                spec.openModel() ? "open" : "closed", spec.method(), spec.connections(), spec.inFlight(), spec.rate(),
                (mStart - runStart) / 1e9, judge.stable(), durationS, ok, errorMap, ok / durationS, new Latency(cs, us),
                late, missed, cpuS, cores, List.copyOf(perSecond), encode(corrected), "us", encode(uncorrected),
                transport.name(), null, tids.length, judge.jitQuiet(), jit.evidence(), statusMap,
                achieved == null ? null : Math.round(achieved * 1e5) / 1e3,
                spec.keepAlive() ? null : connectTimes(connect, connectSum, latencySum),
                Runtime.getRuntime().availableProcessors(), mStartMs, detailMap.isEmpty() ? null : detailMap, stalled,
                recorded.isEmpty() ? null : List.copyOf(recorded));
        return new LoadOutcome(result, corrected, uncorrected, tids.length, busy, List.copyOf(warnings));
    }

    /** The connect times of a run without keep-alive, over the requests recorded in the measured phase. */
    private static ConnectTimes connectTimes(Histogram connect, long connectSumNanos, long latencySumNanos) {
        long n = connect.getTotalCount();
        return new ConnectTimes(false, n, n == 0 ? 0 : connect.getMean() / 1000.0,
                connect.getValueAtPercentile(50) / 1000.0, connect.getValueAtPercentile(99) / 1000.0,
                connect.getMaxValue() / 1000.0,
                latencySumNanos <= 0 ? 0 : Math.round(1e4 * connectSumNanos / (double) latencySumNanos) / 1e4);
    }

    /** HdrHistogram's compressed encoding, base64 ({@link LatencyHistograms#encode}). */
    public static String encode(Histogram h) {
        return LatencyHistograms.encode(h);
    }

    /** Decodes {@link #encode}. */
    public static Histogram decode(String base64) {
        return LatencyHistograms.decode(base64);
    }

    private static SslContext sslContext(LoadSpec spec) {
        try {
            SslContextBuilder b = SslContextBuilder.forClient();
            String alpn = spec.protocol() == WireProtocol.H2
                    ? ApplicationProtocolNames.HTTP_2 : ApplicationProtocolNames.HTTP_1_1;
            b.applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                    ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                    ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, alpn));
            if (spec.insecure()) {
                b.trustManager(InsecureTrustManagerFactory.INSTANCE).endpointIdentificationAlgorithm(null);
            } else {
                b.endpointIdentificationAlgorithm("HTTPS");
            }
            return b.build();
        } catch (SSLException e) {
            throw new IllegalStateException("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    private static String describe(Throwable cause, LoadSpec spec) {
        if (cause == null) {
            return "no connection became ready within " + (spec.timeout().toMillis() + 5_000) + " ms";
        }
        Throwable root = cause;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        if (root instanceof io.netty.handler.ssl.NotSslRecordException) {
            // its message is a hex dump of what the server sent
            return "the server answered in clear text, not TLS: load it with http:// (and --protocol h2c if it speaks "
                    + "HTTP/2 in clear text)";
        }
        if (root instanceof java.nio.channels.ClosedChannelException
                && spec.target().regionMatches(true, 0, "https:", 0, 6)) {
            // Netty's StacklessClosedChannelException: a class name, no words
            return "the server closed the connection during the TLS handshake, without an answer: it may not speak TLS "
                    + "on this port (load it with http://, and --protocol h2c if it speaks HTTP/2 in clear text) or it "
                    + "refused the handshake (see its log)";
        }
        String m = Conn.describe(cause);
        if (root instanceof java.security.cert.CertificateException || root instanceof javax.net.ssl.SSLException
                || cause instanceof javax.net.ssl.SSLException) {
            m += " (TLS: for the lab's self-signed certificate add --insecure)";
        } else if (cause instanceof java.net.ConnectException && m.contains("Connection refused")) {
            m += " (nothing listens on that address and port: start the server first, e.g. 'fluxlab serve "
                    + "reactor-netty --port N', or check the URL's port)";
        }
        return m;
    }

    private static long processCpu() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    private static long[] threadCpu(ThreadMXBean threads, long[] tids) {
        long[] out = new long[tids.length];
        for (int i = 0; i < tids.length; i++) {
            out[i] = threads.isThreadCpuTimeSupported() ? threads.getThreadCpuTime(tids[i]) : -1;
        }
        return out;
    }

    private static void startAll(List<LoopWorker> workers, long start) {
        for (LoopWorker w : workers) {
            w.loop.execute(() -> w.start(start));
        }
    }

    /** Adds a warning the document's figures do not carry to both the outcome's warnings and the document's. */
    private static void record(List<String> warnings, List<String> recorded, String warning) {
        warnings.add(warning);
        recorded.add(warning);
    }

    /** Shortest measured phase whose CPU readings judge the injector's saturation (its CPU clock has 10 ms steps). */
    private static final double CPU_JUDGED_S = 1.0;

    /** A warm-up backlog (dropped at the measured phase's start) above this many seconds of sends is reported. */
    private static final double BACKLOG_SECONDS = 0.01;

    /** How often the count mode's wait for its last response looks for a stop. */
    private static final long STOP_POLL_NANOS = 50_000_000L;

    private static LoadFailure stoppedInWarmup(long runStart) {
        return new LoadFailure(String.format(Locale.ROOT, "interrupted in the warm-up, after %.1f s: nothing was "
                + "measured", (System.nanoTime() - runStart) / 1e9), null);
    }

    private static <T> T on(LoopWorker w, java.util.concurrent.Callable<T> task) throws InterruptedException {
        try {
            return w.loop.submit(task).get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("injector event loop did not answer: " + e, e);
        }
    }

    /** Per-second samples of one phase from the loops' running totals. */
    /**
     * Holds the end of the warm-up until {@code gate} opens, loading on (unrecorded, the warm-up's seconds still
     * reported), at most {@code bound} more: another injector's warm-up is bounded by the same suite setting.
     */
    private static void awaitGate(MeasureGate gate, SecondTicker warm, Duration bound, LoadStop stop)
            throws InterruptedException, LoadFailure {
        System.out.println(MeasureGate.WAITING_LINE);
        System.out.flush();
        long deadline = System.nanoTime() + bound.toNanos() + 30_000_000_000L;
        while (!gate.isOpen() && !stop.requested()) {
            if (System.nanoTime() >= deadline) {
                throw new LoadFailure("the measure gate " + gate.file() + " did not open within the warm-up bound "
                        + "plus 30 s: the runner or another injector is gone", null);
            }
            if (System.nanoTime() >= warm.nextTick()) {
                warm.tick();
            }
            Thread.sleep(MeasureGate.POLL_MS);
        }
    }

    private static final String WARMUP = ProgressLine.WARMUP_PHASE;

    private static final class SecondTicker {
        final String phase;
        final long start;
        final List<LoopWorker> workers;
        final List<SecondSample> out;
        final ProgressListener progress;
        final JitWatch jit;
        int t;
        long lastSecondOk;
        long lastOk, lastErr;

        SecondTicker(String phase, long start, List<LoopWorker> workers, List<SecondSample> out, ProgressListener progress,
                JitWatch jit) {
            this.phase = phase;
            this.jit = jit;
            this.start = start;
            this.workers = workers;
            this.out = out;
            this.progress = progress;
            long[] now = totals();
            lastOk = now[0];
            lastErr = now[1];
        }

        long nextTick() {
            return start + (t + 1) * 1_000_000_000L;
        }

        long[] totals() {
            long ok = 0, err = 0;
            for (LoopWorker w : workers) {
                ok += w.stats.okAll();
                err += w.stats.errAll();
            }
            return new long[]{ok, err};
        }

        void tick() {
            t++;
            long[] now = totals();
            long ok = now[0] - lastOk, err = now[1] - lastErr;
            lastOk = now[0];
            lastErr = now[1];
            jit.tick();
            out.add(new SecondSample(phase, t, ok, err, jit.lastSecond()));
            if (phase.equals(WARMUP)) {
                for (LoopWorker w : workers) {
                    w.loop.execute(w.stats::restartOutside);
                }
            }
            lastSecondOk = ok;
            progress.onSecond(phase, t, ok, err, ok);
        }
    }
}
