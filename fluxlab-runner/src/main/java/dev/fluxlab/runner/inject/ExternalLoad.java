package dev.fluxlab.runner.inject;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.ProcessSample;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.Durations;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.RunListener;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.Sampler;
import dev.fluxlab.runner.process.Supervisor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * One repeat's load through an external tool: an unrecorded warm-up run (the tools have no adaptive warm-up: an
 * {@code auto} warm-up against freshly started targets runs for its bound; against targets already warm from an
 * earlier cell ({@code fork: shared}) for {@link #WARM_TARGETS_WARMUP}, since the native tools have no JIT of their
 * own to warm), then the measured run as a child process sampled from /proc five times a
 * second (so the tool's last partial second is not lost), then its output parsed into {@code load-N.json}. The tool's
 * CPU is the rate over the sampled window.
 */
public final class ExternalLoad {

    /** What happened: the measured process (null when it never started), why there is no result, notes for the cell. */
    public record Outcome(ChildProcess process, String problem, List<String> warnings, double measureStart, double end) {
    }

    /** An {@code auto} warm-up of an external tool against targets that are already warm: connections and caches. */
    public static final Duration WARM_TARGETS_WARMUP = Duration.ofSeconds(3);

    private final ExternalInjector tool;
    private final Supervisor supervisor;
    private final Duration grace;
    private final RunListener listener;
    private final Cell cell;
    private final RunListener.Position pos;
    private final Suite suite;
    private final Path cellDir;
    private final int repeat;
    private final BooleanSupplier abort;

    public ExternalLoad(ExternalInjector tool, Supervisor supervisor, Duration grace, RunListener listener, Cell cell,
                        RunListener.Position pos, Suite suite, Path cellDir, int repeat, BooleanSupplier abort) {
        this.tool = tool;
        this.supervisor = supervisor;
        this.grace = grace;
        this.listener = listener;
        this.cell = cell;
        this.pos = pos;
        this.suite = suite;
        this.cellDir = cellDir;
        this.repeat = repeat;
        this.abort = abort;
    }

    /** Threads the tool runs: ab has one; wrk and h2load get the profile's {@code threads}, else min(cores, connections). */
    public static int threads(Cell cell) {
        if ("ab".equals(cell.load().injectorName())) {
            return 1;
        }
        int cpus = Runtime.getRuntime().availableProcessors();
        return cell.load().threads() != null ? cell.load().threads() : Math.min(cpus, cell.load().connections());
    }

    /** The request of a cell in the tools' vocabulary. */
    public static LoadRequest request(ExternalInjector tool, Cell cell, Suite suite, String url, String protocol,
                                      Path body, Path cellDir, boolean http10KeepAlive) {
        Cell.CellLoad l = cell.load();
        Map<String, String> headers = new LinkedHashMap<>();
        if (cell.scenario().headers() != null) {
            headers.putAll(cell.scenario().headers());
        }
        Path bodyFile = body;
        return new LoadRequest(url, protocol, l.connections(), l.inFlight() == null ? 1 : l.inFlight(), threads(cell),
                suite.measure(), cell.scenario().method() == null ? "GET" : cell.scenario().method(), headers, bodyFile,
                l.timeout() == null ? null : Durations.parse(l.timeout()), http10KeepAlive, cellDir);
    }

    public Outcome run(LoadRequest request, Sampler sampler, Path json) throws IOException, InterruptedException {
        return run(request, sampler, json, true);
    }

    /** {@code coldTargets}: the targets were just started, so an {@code auto} warm-up runs for its whole bound. */
    public Outcome run(LoadRequest request, Sampler sampler, Path json, boolean coldTargets)
            throws IOException, InterruptedException {
        Optional<Path> exe = ExternalInjectors.locate(tool.executable());
        if (exe.isEmpty()) {
            return new Outcome(null, ExternalInjectors.missing(tool), List.of(), Double.NaN, Double.NaN);
        }
        Optional<String> unsupported = tool.unsupported(request.protocol(), request.inFlight(), request.method());
        if (unsupported.isPresent()) {
            return new Outcome(null, "injector '" + tool.name() + "' cannot run this cell: " + unsupported.get(),
                    List.of(), Double.NaN, Double.NaN);
        }
        List<String> warnings = new ArrayList<>();
        if (tool instanceof AbInjector && !request.keepAlive()) {
            warnings.add("ab ran without -k: this target does not keep HTTP/1.0 connections alive, so ab opened a new "
                    + "connection per request");
        }
        Duration warm = !suite.autoWarmup() ? suite.warmup()
                : coldTargets || suite.warmupMax().compareTo(WARM_TARGETS_WARMUP) < 0 ? suite.warmupMax() : WARM_TARGETS_WARMUP;
        double warmupS = 0;
        if (!warm.isZero()) {
            LoadRequest w = request.withDuration(warm);
            List<String> cmd = tool.command(exe.get().toString(), w);
            write("injector-warmup-" + repeat + ".cmd", cmd, w);
            long t0 = System.nanoTime();
            ChildProcess c = ChildProcess.start("injector", "injector-warmup", cmd,
                    cellDir.resolve("injector-warmup-" + repeat + ".log"), null, supervisor);
            try {
                await(c, "warmup", w.seconds(), null);
            } finally {
                if (c.isAlive()) {
                    c.stop(grace);
                }
            }
            warmupS = (System.nanoTime() - t0) / 1e9;
            if (abort.getAsBoolean()) {
                return new Outcome(null, null, warnings, Double.NaN, Double.NaN);
            }
        }
        List<String> cmd = tool.command(exe.get().toString(), request);
        write("injector-" + repeat + ".cmd", cmd, request);
        double start = sampler.now();
        ChildProcess c = ChildProcess.start("injector", "injector", cmd, cellDir.resolve("injector-" + repeat + ".log"),
                null, supervisor);
        sampler.watch(c);
        boolean finished = await(c, "measure", request.seconds(), sampler);
        List<ProcessSample> samples = sampler.samples(c);
        double end = samples.isEmpty() ? sampler.now() : samples.get(samples.size() - 1).t();
        if (!finished) {
            return new Outcome(c, abort.getAsBoolean() ? null : "injector " + tool.name() + " did not finish within "
                    + (request.seconds() + 30) + "s", warnings, start, end);
        }
        c.awaitOutput(Duration.ofSeconds(2));
        String output = Files.readString(c.log(), StandardCharsets.UTF_8);
        LoadResult parsed;
        try {
            parsed = tool.parse(output, request);
        } catch (IllegalArgumentException e) {
            return new Outcome(c, e.getMessage() + " (exit code " + c.exitCode() + ")", warnings, start, end);
        }
        double cores = Double.NaN;
        if (samples.size() >= 2) {
            ProcessSample a = samples.get(0);
            ProcessSample b = samples.get(samples.size() - 1);
            cores = b.t() > a.t() ? (b.cpuS() - a.cpuS()) / (b.t() - a.t()) : Double.NaN;
        }
        double cpuS = Double.isNaN(cores) ? 0 : cores * parsed.durationS();
        Json.writeAtomically(json, parsed.withWarmupAndCpu(round(warmupS), round(cpuS), Double.isNaN(cores) ? 0 : round(cores)));
        return new Outcome(c, null, warnings, start, end);
    }

    /** Waits for the tool to end by itself (bounded), sampling it five times a second; false when it had to be stopped. */
    private boolean await(ChildProcess c, String phase, long seconds, Sampler sampler) throws InterruptedException {
        long t0 = System.nanoTime();
        long deadline = t0 + TimeUnit.SECONDS.toNanos(seconds + 30);
        int lastReported = -1;
        while (c.isAlive() && System.nanoTime() < deadline && !abort.getAsBoolean()) {
            c.process().waitFor(200, TimeUnit.MILLISECONDS);
            if (sampler != null && c.isAlive()) {
                sampler.sampleNow();
            }
            int t = (int) ((System.nanoTime() - t0) / 1_000_000_000L);
            if (t != lastReported) {
                lastReported = t;
                listener.progress(cell, pos, new RunListener.Progress(phase, t, seconds, false, 0, 0, 0));
            }
        }
        if (c.isAlive()) {
            c.stop(grace);
            return false;
        }
        return true;
    }

    private void write(String file, List<String> cmd, LoadRequest r) throws IOException {
        StringBuilder sb = new StringBuilder(String.join(" ", cmd)).append('\n');
        for (String n : tool.notes(r)) {
            sb.append("# ").append(n).append('\n');
        }
        Files.writeString(cellDir.resolve(file), sb.toString(), StandardCharsets.UTF_8);
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
