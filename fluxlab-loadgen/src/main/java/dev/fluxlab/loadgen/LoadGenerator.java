package dev.fluxlab.loadgen;

import dev.fluxlab.model.Durations;
import dev.fluxlab.model.contract.MeasureGate;
import dev.fluxlab.model.contract.SocketBudget;
import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.model.load.ConnectTimes;
import dev.fluxlab.model.load.Latency;
import dev.fluxlab.model.load.LatencyHistograms;
import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.load.UdpSockets;
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
import java.net.InetAddress;
import java.net.InetSocketAddress;
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
        return run(spec, progress, gate, stop, QuicDialer::nettyUnavailability);
    }

    /**
     * Like {@link #run(LoadSpec, ProgressListener, MeasureGate, LoadStop)}, QUIC's native library judged by
     * {@code quicUnavailable} (null: usable; tests stand in for a missing or foreign-architecture library).
     */
    static LoadOutcome run(LoadSpec spec, ProgressListener progress, MeasureGate gate, LoadStop stop,
                           java.util.function.Supplier<Throwable> quicUnavailable)
            throws LoadFailure, InterruptedException {
        boolean h3 = spec.protocol() == WireProtocol.H3;
        if (h3) {
            // before anything starts: no loop, no socket, one line saying why
            String why = QuicDialer.unavailable(quicUnavailable);
            if (why != null) {
                throw new LoadFailure(why, null);
            }
        }
        if (System.getProperty("io.netty.leakDetection.level") == null) {
            // sampling leak detection costs the hot path; the injector's buffers are covered by the tests
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
        InetAddress address = TargetGuard.resolve(spec.host(), spec.allowRemote());
        SocketBudget.here().check(spec.connections());
        ClientTransport transport = ClientTransport.select(spec.transport());
        SslContext ssl = spec.tls() && !h3 ? sslContext(spec) : null;
        RequestTemplate tpl = new RequestTemplate(spec);
        RunControl ctl = new RunControl(spec.requests());
        // QUIC's TLS context before any loop: a failure there leaves nothing started
        QuicDialer quic = h3 ? new QuicDialer(spec, new InetSocketAddress(address, spec.port()), transport,
                new UdpKernel()) : null;
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
                workers.add(new LoopWorker(loop, n, spec, ctl, tpl, transport, ssl, quic, remote, initial, loopRate));
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

    /**
     * Measures a run whose connections are up, in five steps: the warm-up ({@link Warmup}), the measured window
     * ({@link MeasuredWindow}), the collection of what each loop counted in it ({@link WindowTally}), the judgement of
     * those figures (the warnings) and the result document. Each step hands the next a record of what it found.
     */
    private static LoadOutcome measure(LoadSpec spec, ProgressListener progress, ClientTransport transport, RunControl ctl,
                                       List<LoopWorker> workers, long[] tids, MeasureGate gate, LoadStop stop)
            throws InterruptedException, LoadFailure {
        LoadRun run = new LoadRun(spec, progress, ctl, workers, tids, stop, new ArrayList<>(), new RunWarnings());
        Warmup warmup = Warmup.warmUp(run, gate);
        MeasuredWindow window = MeasuredWindow.measure(run, warmup);
        WindowTally tally = WindowTally.collect(run, window);
        InjectorCpu cpu = judge(run, window, tally);
        UdpSockets udp = udpFigures(run, window);
        return document(run, transport, warmup, window, tally, cpu, udp);
    }

    /**
     * Judges the window's figures: adds the warnings the reader must know, in a fixed order (a stop, the injector's
     * CPU, the server's stream cap, unanswered and stalled requests, an open model behind schedule); returns the
     * injector's CPU figures, which the document carries.
     */
    private static InjectorCpu judge(LoadRun run, MeasuredWindow window, WindowTally tally) {
        double seconds = window.seconds();
        warnInterrupted(run, window, seconds);
        InjectorCpu cpu = InjectorCpu.between(window.cpuAtStart(), window.cpuAtEnd(), seconds);
        cpu.warn(run.warnings());
        warnThreadsCap(run);
        warnStreamCap(run);
        warnUnanswered(run, tally.unanswered(), seconds);
        warnStalled(run, tally);
        warnBehindSchedule(run, tally, seconds);
        return cpu;
    }

    /**
     * A stop cut the window short: its figures cover the part that ran. The document records it too: its
     * {@code duration_s} alone does not say that more was asked. A stop asked after the window's end, while the loops'
     * tallies were collected, leaves a full window and no warning.
     */
    private static void warnInterrupted(LoadRun run, MeasuredWindow window, double seconds) {
        if (window.cutShort()) {
            run.warnings().record(String.format(Locale.ROOT, "INTERRUPTED: the measured phase was cut short after %.1f s; "
                    + "the figures cover that part only", seconds));
        }
    }

    /**
     * {@code --threads} above the connections ran one loop per connection ({@link LoadSpec#threadsAsked}): wrk refuses
     * such a command line, and a suite's one {@code threads} over several connection counts would fail its small
     * cells, so the cap stays and is said.
     */
    private static void warnThreadsCap(LoadRun run) {
        LoadSpec spec = run.spec();
        if (spec.threadsAsked() != null) {
            run.warnings().record("--threads " + spec.threadsAsked() + " is more than the " + spec.connections()
                    + " connection" + (spec.connections() == 1 ? "" : "s") + ": " + spec.threads() + " event loop"
                    + (spec.threads() == 1 ? "" : "s") + " ran, one per connection (a loop holds whole connections, "
                    + "so more would idle); give -c at least --threads to use them all");
        }
    }

    /** An HTTP/2 server allowed fewer concurrent streams per connection than {@code -m}, which it capped. */
    private static void warnStreamCap(LoadRun run) {
        LoadSpec spec = run.spec();
        RunControl ctl = run.ctl();
        if (spec.protocol() != WireProtocol.HTTP11 && ctl.serverStreamLimit < spec.inFlight()) {
            run.warnings().record("the server allows only " + ctl.serverStreamLimit + " concurrent streams per "
                    + "connection: -m " + spec.inFlight() + " was capped to " + ctl.serverStreamLimit);
        }
    }

    /** Requests written before the window and never answered in it count nowhere else. */
    private static void warnUnanswered(LoadRun run, long unanswered, double seconds) {
        if (unanswered > 0) {
            run.warnings().record(String.format(Locale.ROOT, "%d request%s written before the measured phase "
                    + "still had no answer at its end, %.1f s later: the server stopped answering them, and they "
                    + "count nowhere in these figures (a --timeout shorter than the measured phase, now %s, counts "
                    + "them as timeouts)",
                    unanswered, unanswered == 1 ? "" : "s", seconds, Durations.format(run.spec().timeout())));
        }
    }

    /** Requests written in the window and stalled at its end: the latency figures lack the server's worst part. */
    private static void warnStalled(LoadRun run, WindowTally tally) {
        long stalled = tally.stalled();
        if (stalled > 0) {
            run.warnings().add(String.format(Locale.ROOT, "%d request%s written in the measured phase still had no "
                    + "answer at its end after more than %.0f ms (twice the slowest recorded response, at least "
                    + "100 ms): the server stalled, and the latency figures lack its worst part", stalled,
                    stalled == 1 ? "" : "s", tally.stallAgeNanos() / 1e6));
        }
    }

    /** Open model: requests sent late or never sent in the window; the rate was kept, the waiting is in the latency. */
    private static void warnBehindSchedule(LoadRun run, WindowTally tally, double seconds) {
        LoadSpec spec = run.spec();
        long late = tally.all().late;
        long missed = tally.missed();
        if (spec.openModel() && (late > 0 || missed > 0)) {
            run.warnings().add(behindScheduleWarning(late, tally.all().lateWaitingForConnection, missed, spec.rate(),
                    seconds));
        }
    }

    /**
     * The warning of {@code late} and {@code missed} sends of an open model at {@code rate} req/s over {@code seconds},
     * {@code waited} of the late ones held for a free connection and the others by the loop itself.
     */
    static String behindScheduleWarning(long late, long waited, long missed, double rate, double seconds) {
        String why = late == 0 ? "" : String.format(Locale.ROOT, " (%d waited for a connection with a free slot: the "
                + "server's pace; %d waited for the loop itself: its thread ran late, e.g. the OS's scheduler or a GC "
                + "pause)", waited, late - waited);
        return String.format(Locale.ROOT, "OPEN MODEL BEHIND SCHEDULE: %d requests sent in the measured window left "
                + "more than 1 ms after their intended time%s, and %d were never sent (%s req/s for %.1f s intends %d); "
                + "the rate was NOT lowered: corrected latency includes the waiting", late, why, missed,
                HumanReport.rate(rate), seconds, Math.round(rate * seconds));
    }

    /**
     * HTTP/3: the UDP socket buffers the connections had and the kernel's drops in the window, with a warning when it
     * dropped any; null for the other protocols.
     */
    private static UdpSockets udpFigures(LoadRun run, MeasuredWindow window) throws InterruptedException {
        if (run.spec().protocol() != WireProtocol.H3) {
            return null;
        }
        Integer rcv = null, snd = null;
        for (LoopWorker w : run.workers()) {
            int[] b = on(w, w::udpBuffers);
            if (b[0] > 0 && (rcv == null || b[0] < rcv)) {
                rcv = b[0];
            }
            if (b[1] > 0 && (snd == null || b[1] < snd)) {
                snd = b[1];
            }
        }
        UdpKernel kernel = new UdpKernel();
        UdpSockets u = UdpSockets.of(rcv, snd, kernel.netCore("rmem_max"), kernel.netCore("wmem_max"),
                window.udpAtStart(), window.udpAtEnd());
        if (u.dropped() != null && u.dropped() > 0) {
            run.warnings().record(UdpKernel.dropWarning(u));
        }
        return u;
    }

    /** The {@code fluxlab.load/1} document and the outcome around it, from what each step handed on. */
    private static LoadOutcome document(LoadRun run, ClientTransport transport, Warmup warmup, MeasuredWindow window,
                                        WindowTally tally, InjectorCpu cpu, UdpSockets udp) {
        LoadSpec spec = run.spec();
        Tally all = tally.all();
        double seconds = window.seconds();
        Double precision = window.precision();
        Map<String, Long> errors = errorCounts(all, spec.protocol() == WireProtocol.H3);
        Map<String, String> details = errorDetails(all);
        Map<String, Long> statuses = statusCounts(all);
        LatencySummary cs = LatencyHistograms.summary(all.corrected);
        LatencySummary us = LatencyHistograms.summary(all.uncorrected);
        LoadResult result = new LoadResult(LoadResult.SCHEMA, spec.target(), spec.protocol().label(),
                spec.openModel() ? "open" : "closed", spec.method(), spec.connections(), spec.inFlight(), spec.rate(),
                (window.start() - warmup.start()) / 1e9, warmup.judge().stable(), seconds, all.ok, errors,
                all.ok / seconds, new Latency(cs, us), all.late, tally.missed(), cpu.seconds(), cpu.cores(),
                tally.exactSeconds(run.perSecond()), encode(all.corrected), "us", encode(all.uncorrected), transport.name(),
                null, run.tids().length, warmup.judge().jitQuiet(), warmup.jit().evidence(), statuses,
                precision == null ? null : Math.round(precision * 1e5) / 1e3,
                spec.keepAlive() ? null : connectTimes(all.connect, all.connectSumNanos, all.latencySumNanos),
                Runtime.getRuntime().availableProcessors(), window.startMillis(), details.isEmpty() ? null : details,
                tally.stalled(), run.warnings().recorded(), udp, all.bytesIn, all.bodyBytes);
        return new LoadOutcome(result, all.corrected, all.uncorrected, run.tids().length, cpu.loopBusy(),
                run.warnings().all());
    }

    /**
     * Errors by class, every class present (0 when none), in {@link ErrorClass} order; QUIC's own classes for an h3
     * run only ({@code quic}).
     */
    private static Map<String, Long> errorCounts(Tally all, boolean quic) {
        Map<String, Long> errors = new LinkedHashMap<>();
        for (ErrorClass c : ErrorClass.values()) {
            if (quic || !c.quic()) {
                errors.put(c.key(), all.errors[c.ordinal()]);
            }
        }
        return errors;
    }

    /** The first cause given for each class of error that occurred, in {@link ErrorClass} order. */
    private static Map<String, String> errorDetails(Tally all) {
        Map<String, String> details = new LinkedHashMap<>();
        for (ErrorClass c : ErrorClass.values()) {
            if (all.details[c.ordinal()] != null) {
                details.put(c.key(), all.details[c.ordinal()]);
            }
        }
        return details;
    }

    /** Status errors by code, only the codes seen, ascending ("0": no valid 3-digit status). */
    private static Map<String, Long> statusCounts(Tally all) {
        Map<String, Long> statuses = new LinkedHashMap<>();
        for (int code = 0; code < all.statuses.length; code++) {
            if (all.statuses[code] > 0) {
                statuses.put(Integer.toString(code), all.statuses[code]);
            }
        }
        return statuses;
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
        if (spec.protocol() == WireProtocol.H3 && root instanceof io.netty.channel.ConnectTimeoutException) {
            // QUIC over UDP: a closed port answers nothing, so the handshake's first packets wait out the timeout
            return "no QUIC answer from UDP port " + spec.port() + " within " + spec.timeout().toMillis()
                    + " ms (--timeout): is an HTTP/3 server listening there? (h3 is UDP: the port of an h1 or h2 server "
                    + "is a TCP port, which does not answer QUIC)";
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

    /** Runs {@code task} on {@code w}'s loop and waits for its answer (at most 10 s): for the coordinating thread. */
    static <T> T on(LoopWorker w, java.util.concurrent.Callable<T> task) throws InterruptedException {
        try {
            return w.loop.submit(task).get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("injector event loop did not answer: " + e, e);
        }
    }
}
