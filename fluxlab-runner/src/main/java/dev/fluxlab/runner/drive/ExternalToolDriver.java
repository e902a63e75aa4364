package dev.fluxlab.runner.drive;

import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.contract.ProgressLine;
import dev.fluxlab.model.Durations;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.ProcessSample;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.host.CpuAffinity;
import dev.fluxlab.runner.host.Launcher;
import dev.fluxlab.runner.inject.ExternalInjector;
import dev.fluxlab.runner.inject.ExternalInjectors;
import dev.fluxlab.runner.inject.LoadRequest;
import dev.fluxlab.runner.inject.LoadTool;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.CpuWindow;
import dev.fluxlab.runner.process.Sampler;
import dev.fluxlab.runner.target.TargetSet;
import dev.fluxlab.runner.host.ShellWords;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One repeat's load through an external tool: an unrecorded warm-up run (the tools have no adaptive warm-up: an
 * {@code auto} warm-up against freshly started targets runs for its bound; against targets already warm from an
 * earlier cell ({@code fork: shared}) for {@link #WARM_TARGETS_WARMUP}, since the native tools have no JIT of their
 * own to warm), then the measured run as a child process sampled from /proc five times a second (so the tool's last
 * partial second is not lost), then its output parsed into {@code load-N.json}. The tool's CPU is the rate over the
 * sampled window. The target JVMs' JIT over the measured run is recorded by the runner ({@link TargetJit}) in the
 * document's watched JVMs, so the cell's verdict and its claims see a target that still compiled, as with fluxlab's
 * own injector. With the load placed on a suite host, both runs start there ({@link Launcher}: the tool at the path
 * the host check found, its helper files copied there first) and its output streams back over the host's connection
 * into the same log, read by the same parser; its CPU is sampled by that host's agent.
 */
public final class ExternalToolDriver implements LoadDriver {

    /** An {@code auto} warm-up of an external tool against targets that are already warm: connections and caches. */
    public static final Duration WARM_TARGETS_WARMUP = Duration.ofSeconds(3);

    /** Extra time a tool gets beyond its own duration before it is stopped. */
    private static final Duration SLACK = Duration.ofSeconds(30);

    private final ExternalInjector tool;
    private final boolean http10KeepAlive;
    private final Launcher launcher;

    /** {@code http10KeepAlive}: whether the tool may ask the entry target for HTTP/1.0 keep-alive (the registry says). */
    public ExternalToolDriver(ExternalInjector tool, boolean http10KeepAlive) {
        this(tool, http10KeepAlive, null);
    }

    /** {@code launcher}: starts the tool on the load's suite host (null: the load always runs on this machine). */
    public ExternalToolDriver(ExternalInjector tool, boolean http10KeepAlive, Launcher launcher) {
        this.tool = tool;
        this.http10KeepAlive = http10KeepAlive;
        this.launcher = launcher;
    }

    /** Threads the tool runs: its own fixed count (ab: 1), else the profile's {@code threads}, else the default. */
    static int threads(LoadTool tool, LoadArgs args) {
        if (tool instanceof ExternalInjector e && e.fixedThreads() != null) {
            return e.fixedThreads();
        }
        return args.threads() != null ? args.threads() : LoadArgs.defaultThreads(args.connections(), args.rate());
    }

    /** The request of a cell in the tools' vocabulary, derived from the injector's command line. */
    static LoadRequest request(LoadTool tool, LoadArgs a, boolean keepAlive, Path workDir) {
        // a phase by request count runs until its count is done, bounded by the maximum length
        Duration length = a.requests() != null && a.maxDuration() != null ? a.maxDuration() : a.duration();
        return new LoadRequest(a.url(), a.protocol(), a.connections(), a.inFlight() == null ? 1 : a.inFlight(),
                threads(tool, a), length, a.method() == null ? "GET" : a.method(), a.headers(), a.bodyFile(),
                a.timeout() == null ? null : Durations.parse(a.timeout()), keepAlive, workDir, a.requests());
    }

    /** The unrecorded warm-up run's length. */
    static Duration warmup(Suite suite, boolean coldTargets) {
        if (!suite.autoWarmup()) {
            return suite.warmup();
        }
        return coldTargets || suite.warmupMax().compareTo(WARM_TARGETS_WARMUP) < 0 ? suite.warmupMax() : WARM_TARGETS_WARMUP;
    }

    @Override
    public DriveResult drive(LoadJob job, TargetSet targets) throws IOException, InterruptedException {
        String host = job.placement().injectors().getFirst().host();
        Optional<String> exe = host != null && launcher != null ? Optional.of(launcher.toolPath(host, tool.executable()))
                : ExternalInjectors.locate(tool.executable()).map(Path::toString);
        if (exe.isEmpty()) {
            return failed(ExternalInjectors.missing(tool), List.of());
        }
        LoadArgs args = job.loadArgs(targets.entryUrl(job.cell()), targets.protocol(job.cell()), List.of());
        boolean noKeepAliveAsked = Boolean.FALSE.equals(args.keepAlive());
        LoadRequest request = request(tool, args, http10KeepAlive && !noKeepAliveAsked, job.cellDir());
        Optional<String> unsupported = tool.unsupported(request.protocol(), request.inFlight(), request.method());
        if (unsupported.isPresent()) {
            return failed("injector '" + tool.name() + "' cannot run this cell: " + unsupported.get(), List.of());
        }
        List<String> warnings = new ArrayList<>();
        if (tool.http10KeepAlive() && !request.keepAlive() && !noKeepAliveAsked) {
            warnings.add(tool.name() + " ran without -k: this target does not keep HTTP/1.0 connections alive, so "
                    + tool.name() + " opened a new connection per request");
        }
        Duration warm = warmup(job.suite(), job.coldTargets());
        double warmupS = 0;
        if (!warm.isZero()) {
            long t0 = System.nanoTime();
            Run w = run(job, targets, exe.get(), request.withDuration(warm), "injector-warmup", ProgressLine.WARMUP_PHASE, null);
            warmupS = (System.nanoTime() - t0) / 1e9;
            if (w.end() != LoadWait.End.EXITED) {
                return failed(LoadJob.endProblem(w.end(), "the injector's warm-up run", w.limit()), warnings);
            }
            w.process().awaitOutput(Duration.ofSeconds(2));
            String crashed = ExternalInjectors.exitProblem(tool.name() + "'s warm-up run", w.process().exitCode(),
                    Files.readString(w.process().log(), StandardCharsets.UTF_8));
            if (crashed != null) {
                return failed(crashed, warnings);
            }
        }
        // the tools watch no JVM: the runner records the targets' JIT over the measured run, as fluxlab's injector
        // does for the JVMs it watches, so a cell measured while a target still compiled says so here too
        TargetJit jit = new TargetJit(job.sampler(), targets.processes());
        jit.measureStarted();
        double start = job.sampler().now();
        Run m = run(job, targets, exe.get(), request, "injector", ProgressLine.MEASURE_PHASE, job.sampler());
        jit.measureEnded();
        ChildProcess c = m.process();
        List<ProcessSample> samples = job.sampler().samples(c);
        double end = samples.isEmpty() ? job.sampler().now() : samples.get(samples.size() - 1).t();
        if (m.end() != LoadWait.End.EXITED) {
            return new DriveResult(null, c, false, start, end,
                    LoadJob.endProblem(m.end(), "injector " + tool.name(), m.limit()), warnings);
        }
        c.awaitOutput(Duration.ofSeconds(2));
        String output = Files.readString(c.log(), StandardCharsets.UTF_8);
        String crashed = ExternalInjectors.exitProblem("injector " + tool.name(), c.exitCode(), output);
        if (crashed != null) {
            return new DriveResult(null, c, false, start, end, crashed, warnings);
        }
        LoadResult parsed;
        try {
            parsed = tool.parse(output, request);
        } catch (IllegalArgumentException e) {
            // the parsers name the tool in what they find missing; a figure that does not read is named here
            String why = e.getMessage() != null && e.getMessage().startsWith(tool.name() + " ") ? e.getMessage()
                    : tool.name() + " printed a figure fluxlab cannot read (" + e.getMessage() + "): "
                    + ExternalInjectors.tail(output);
            return new DriveResult(null, c, false, start, end, why + " (exit code " + c.exitCode() + ")", warnings);
        }
        String impossible = parsed.latencyMs() == null || parsed.requestsOk() == 0 ? null
                : parsed.latencyMs().corrected().disorder(tool.wholeMillis());
        if (impossible != null) {
            // kept, the claims and tables would read p99 = 0 as a real figure (a tool that knows why its figures
            // went wrong says so in its parser, which drops them there: wrk pipelined)
            parsed = parsed.withoutLatency(tool.name() + " printed latency percentiles that cannot be true ("
                    + impossible + "); this repeat has no latency figures, its throughput stands");
        }
        double cores = samples.size() >= 2 ? new CpuWindow(samples.get(0).t(), samples.get(samples.size() - 1).t())
                .cores(samples) : Double.NaN;
        double cpuS = Double.isNaN(cores) ? 0 : cores * parsed.durationS();
        LoadResult load = parsed.withWarmupAndCpu(CpuWindow.round(warmupS, 3), CpuWindow.round(cpuS, 3),
                Double.isNaN(cores) ? 0 : CpuWindow.round(cores, 3)).withMoreWatched(jit.evidence());
        Json.writeAtomically(job.json(), load);
        return new DriveResult(load, c, false, start, end, null, warnings);
    }

    private static DriveResult failed(String problem, List<String> warnings) {
        return new DriveResult(null, null, false, Double.NaN, Double.NaN, problem, warnings);
    }

    private record Run(ChildProcess process, LoadWait.End end, Duration limit) {
    }

    /**
     * One run of the tool to its end, reporting its seconds as progress; {@code sampler} (the measured run) samples
     * it five times a second. The process is stopped when it had to be.
     */
    private Run run(LoadJob job, TargetSet targets, String exe, LoadRequest r, String name, String phase,
                    Sampler sampler) throws IOException, InterruptedException {
        // a native tool: pinned with taskset alone (no JVM to tell its processor count)
        var placed = job.placement().injectors().getFirst();
        List<String> cmd = new ArrayList<>(CpuAffinity.prefix(placed.cpus()));
        cmd.addAll(tool.command(exe, r));
        StringBuilder notes = new StringBuilder();
        tool.notes(r).forEach(n -> notes.append("# ").append(n).append('\n'));
        ChildProcess c;
        if (placed.host() != null && launcher != null) {
            // the launcher writes the command file (this machine's line, then the one that ran there); notes after it
            c = launcher.start(placed.host(), ProcessStats.INJECTOR, name, cmd, job.log(name), null, job.supervisor());
            Files.writeString(job.cellDir().resolve(name + "-" + job.repeat() + ".cmd"), notes.toString(),
                    java.nio.file.StandardOpenOption.APPEND);
        } else {
            job.writeCommand(name + "-" + job.repeat(), ShellWords.line(cmd) + "\n" + notes);
            c = ChildProcess.start(ProcessStats.INJECTOR, name, cmd, job.log(name), null, job.supervisor());
        }
        try {
            if (sampler != null) {
                sampler.watch(c);
            }
            long t0 = System.nanoTime();
            int[] reported = {-1};
            LoadWait.End end = LoadWait.follow(c, Duration.ofSeconds(r.seconds()).plus(SLACK),
                    () -> job.interrupted().getAsBoolean() || targets.anyExited(null), () -> {
                        if (sampler != null && c.isAlive()) {
                            sampler.sampleNow();
                        }
                        int t = (int) ((System.nanoTime() - t0) / 1_000_000_000L);
                        if (t != reported[0]) {
                            reported[0] = t;
                            job.watch().phase(phase, t, r.seconds());
                        }
                    });
            job.checkInterrupted();
            return new Run(c, end, Duration.ofSeconds(r.seconds()).plus(SLACK));
        } finally {
            job.stopIfAlive(c);
            c.collect(); // on a host: its agent stops watching it; here a no-op
        }
    }
}
