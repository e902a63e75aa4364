package dev.fluxlab.loadgen;

import dev.fluxlab.model.contract.ProgressLine;
import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.model.load.ConnectTimes;
import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.load.UdpSockets;
import dev.fluxlab.model.run.WindowNoise;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/** The wrk-like text summary of a run, derived from the {@link LoadOutcome} data (text last). */
public final class HumanReport {

    private HumanReport() {
    }

    public static String format(LoadOutcome o) {
        LoadResult r = o.result();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "fluxlab load %s%n", r.target()));
        boolean streams = WireProtocol.ofOrHttp11(r.protocol()) != WireProtocol.HTTP11;
        int least = streams ? r.inFlight() : Http1Conn.leastInFlight(r.inFlight());
        sb.append(String.format(Locale.ROOT, "  %s, %s transport, %d threads, %d connections x %s in flight, %s model%s%n",
                r.protocol(), r.transport(), o.threads(), r.connections(), least < r.inFlight() - 1
                        ? least + "-" + r.inFlight() + " (pipelined, refilled at half)" : String.valueOf(r.inFlight()),
                r.model(),
                r.rateRps() == null ? "" : " at " + rate(r.rateRps()) + " req/s"));
        sb.append(String.format(Locale.ROOT, "  warm-up %.2fs%s, measured %.2fs%n", r.warmupS(),
                r.warmupStable() == null ? "" : (r.warmupStable() ? " (auto, stable)" : " (auto, NOT stable)"), r.durationS()));
        if (r.watchedJvms() != null) {
            for (var j : r.watchedJvms()) {
                sb.append(j.measured() == null
                        ? String.format(Locale.ROOT, "  JIT          JVM %d (%s): counters not readable%n", j.pid(), j.role())
                        : String.format(Locale.ROOT, "  JIT          JVM %d (%s): %d compilations, %.0f ms compiling while "
                                + "measured%s%n", j.pid(), j.role(), j.measured().compiles(), j.measured().compileMs(),
                                j.compiledWhileMeasured() ? " (STILL COMPILING)" : ""));
            }
        }
        if (r.requestsOk() == 0) {
            // latency is recorded per verified response: zeros here would read as a very fast server
            sb.append("  Latency      none: no verified response completed in the measured phase\n");
        } else if (r.model().equals("open")) {
            latency(sb, "Latency (corrected, from intended send time)", r.latencyMs().corrected());
            latency(sb, "Latency (uncorrected, from actual write)", r.latencyMs().uncorrected());
        } else {
            latency(sb, "Latency", r.latencyMs().corrected());
        }
        if (r.connect() != null) {
            ConnectTimes c = r.connect();
            sb.append(String.format(Locale.ROOT, "  Connect      no keep-alive: %d connections, mean %.3f ms, p50 %.3f, "
                    + "p99 %.3f, max %.3f; %.1f%% of the latency was connecting%n", c.connects(), c.meanMs(), c.p50Ms(),
                    c.p99Ms(), c.maxMs(), c.latencyShare() * 100));
        }
        sb.append(String.format(Locale.ROOT, "  Requests     %d ok in %.2fs = %.1f req/s%n", r.requestsOk(), r.durationS(),
                r.throughputRps()));
        if (r.bytesReceived() != null) {
            sb.append(String.format(Locale.ROOT, "  Transfer     %d bytes received = %.2f KB/s (%s of response bodies)%n",
                    r.bytesReceived(), r.bytesPerS() / 1024,
                    r.bodyBytesReceived() == null ? "unknown" : r.bodyBytesReceived() + " bytes"));
        }
        long errs = r.errorCount();
        if (errs == 0) {
            sb.append("  Errors       none\n");
        } else {
            sb.append("  Errors       ").append(errs).append(" (").append(r.describeErrors())
                    .append("), not counted as throughput\n");
        }
        if (r.udp() != null) {
            UdpSockets u = r.udp();
            sb.append(String.format(Locale.ROOT, "  UDP          SO_RCVBUF %s, SO_SNDBUF %s bytes (net.core.rmem_max %s, "
                    + "wmem_max %s); datagrams the kernel dropped in the window: %s%n", u.soRcvbuf(), u.soSndbuf(),
                    u.rmemMax(), u.wmemMax(), u.dropped() == null ? "unknown" : u.dropped()));
        }
        if (r.model().equals("open")) {
            sb.append(String.format(Locale.ROOT, "  Schedule     %d late (> 1 ms after intended), %d missed%n",
                    r.lateRequests(), r.missedRequests()));
        }
        if (!r.model().equals("open")) { // an open model's rate is its own; a closed model's moves with the machine
            sb.append(steadiness(WindowNoise.of(r.measuredSeconds())));
        }
        if (InjectorCpu.judged(r.durationS())) {
            StringBuilder busy = new StringBuilder();
            for (double b : o.loopBusy()) {
                if (b >= 0) {
                    busy.append(busy.isEmpty() ? "" : " ").append(String.format(Locale.ROOT, "%.0f%%", b * 100));
                }
            }
            sb.append(String.format(Locale.ROOT, "  Injector CPU %.2fs = %.2f cores (event loops busy: %s), %.0f req per CPU-second%n",
                    r.injectorCpuS(), r.injectorCpuCores(), busy, r.injectorCpuS() > 0 ? r.requestsOk() / r.injectorCpuS() : 0.0));
        } else {
            // its rates over a window this short are noise (event loops 1047% busy); the warning below says why, once
            sb.append(String.format(Locale.ROOT, "  Injector CPU %.2fs%n", r.injectorCpuS()));
        }
        for (String w : o.warnings()) {
            sb.append("  WARNING: ").append(w).append('\n');
        }
        return sb.toString();
    }

    /**
     * How far adjacent windows of the measured phase disagree, per window length (nothing below
     * {@link WindowNoise#MIN_PAIRS} pairs of 1 s windows): the least noise a measurement that long carries here.
     */
    static String steadiness(List<WindowNoise> noise) {
        if (noise.isEmpty()) {
            return "";
        }
        StringBuilder window = new StringBuilder("               window ");
        StringBuilder median = new StringBuilder("               median ");
        StringBuilder worst = new StringBuilder("               worst  ");
        for (WindowNoise n : noise) {
            window.append(String.format(Locale.ROOT, "%7s", n.windowSeconds() + " s"));
            median.append(String.format(Locale.ROOT, "%6.1f%%", n.medianPct()));
            worst.append(String.format(Locale.ROOT, "%6.1f%%", n.worstPct()));
        }
        return "  Steadiness   how far adjacent windows of the measured phase differ in req/s:\n"
                + window + "\n" + median + "\n" + worst + "\n";
    }

    private static void latency(StringBuilder sb, String title, LatencySummary l) {
        sb.append("  ").append(title).append('\n');
        sb.append(String.format(Locale.ROOT, "    min %s  mean %s  stdev %s  max %s%n", ms(l.min()), ms(l.mean()),
                ms(l.stdev()), ms(l.max())));
        sb.append(String.format(Locale.ROOT, "    p50 %s  p75 %s  p90 %s  p99 %s  p99.9 %s  p99.99 %s%n",
                ms(l.p50()), ms(l.p75()), ms(l.p90()), ms(l.p99()), ms(l.p999()), ms(l.p9999())));
    }

    private static String ms(double v) {
        if (v >= 1000) {
            return String.format(Locale.ROOT, "%.2fs", v / 1000);
        }
        if (v >= 10) {
            return String.format(Locale.ROOT, "%.1fms", v);
        }
        return String.format(Locale.ROOT, "%.3fms", v);
    }

    /** HdrHistogram's percentile distribution of {@code o}'s corrected latency, values in milliseconds. */
    public static String hgrm(LoadOutcome o) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            o.corrected().outputPercentileDistribution(ps, 1000.0);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** One machine progress line as in docs/contracts.md. */
    public static String machineProgress(String phase, int t, long ok, long errors, double rps) {
        return new ProgressLine(phase, t, ok, errors, rps).format();
    }

    /** An open model's rate with the digits it needs: 20000, 0.5, 0.04 (not "0.0"), 0.0000001. */
    static String rate(double rps) {
        return new java.math.BigDecimal(rps).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
