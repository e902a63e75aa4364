package dev.fluxlab.runner.drive;

import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.runner.launch.Commands;
import dev.fluxlab.runner.host.Launcher;
import dev.fluxlab.runner.inject.JvmInjector;
import dev.fluxlab.runner.inject.LoadRequest;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.CpuWindow;
import dev.fluxlab.runner.target.TargetSet;
import dev.fluxlab.runner.host.ShellWords;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One repeat's load by a JVM load tool ({@link JvmInjector}: Gatling): one child JVM on the tool's own classpath that
 * warms up and measures (its JIT warms in the warm-up), prints the machine progress lines (so the measured window's
 * CPU samples are placed as for fluxlab's injector), then writes its report, which the tool reads into
 * {@code load-N.json}. The warm-up's length follows the external tools' rule ({@link ExternalToolDriver#warmup}):
 * such a tool has no adaptive warm-up. With the load on a suite host the JVM starts there ({@link Launcher}: that
 * host's {@code java}, the tool's classpath as shipped there before the run); its output streams back, and once it
 * has ended its report folder is brought back into the cell folder, where the same reader reads it.
 */
public final class JvmToolDriver implements LoadDriver {

    /** Time the tool gets beyond warm-up and measurement: JVM start, report generation. */
    private static final Duration SLACK = Duration.ofSeconds(90);

    private final JvmInjector tool;
    private final Commands commands;
    private final Launcher launcher;

    public JvmToolDriver(JvmInjector tool, Commands commands) {
        this(tool, commands, null);
    }

    /** {@code launcher}: starts the tool on the load's suite host (null: the load always runs on this machine). */
    public JvmToolDriver(JvmInjector tool, Commands commands, Launcher launcher) {
        this.tool = tool;
        this.commands = commands;
        this.launcher = launcher;
    }

    @Override
    public DriveResult drive(LoadJob job, TargetSet targets) throws IOException, InterruptedException {
        LoadArgs args = job.loadArgs(targets.entryUrl(job.cell()), targets.protocol(job.cell()), List.of());
        LoadRequest request = ExternalToolDriver.request(tool, args, true, job.cellDir());
        Optional<String> unsupported = tool.unsupported(request.protocol(), request.inFlight(), request.method());
        if (unsupported.isPresent()) {
            return new DriveResult(null, null, false, Double.NaN, Double.NaN,
                    "injector '" + tool.name() + "' cannot run this cell: " + unsupported.get(), List.of());
        }
        Duration warmup = ExternalToolDriver.warmup(job.suite(), job.coldTargets());
        Path results = job.cellDir().resolve(tool.name() + "-" + job.repeat());
        List<String> cmd = commands.pinned(job.placement().injectors().getFirst().cpus(),
                commands.jvmTool(tool.launch(), tool.jvmArguments(request, warmup, args.expectStatus(),
                        args.expectBody(), commands.classpath(tool.launch()), results)));
        job.writeCommand("injector-" + job.repeat(), ShellWords.line(cmd) + "\n");
        // the tool watches no target JVM: the runner records their JIT from the measured phase's first progress line
        // to the run's end, as fluxlab's injector does for the JVMs it watches
        TargetJit jit = new TargetJit(job.sampler(), targets.processes());
        java.util.function.Consumer<String> progress = line -> {
            job.watch().line(line);
            if (!Double.isNaN(job.watch().measureStart())) {
                jit.measureStarted(); // once: later calls return at once
            }
        };
        String host = launcher == null ? null : job.placement().injectors().getFirst().host();
        ChildProcess process = host == null ? ChildProcess.start(ProcessStats.INJECTOR, Commands.INJECTOR, cmd,
                job.log("injector"), progress, job.supervisor())
                : launcher.start(host, ProcessStats.INJECTOR, Commands.INJECTOR, cmd, job.log("injector"), progress,
                job.supervisor());
        Duration limit = warmup.plus(job.suite().measureMax()).plus(SLACK);
        try {
            job.sampler().watch(process);
            LoadWait.End end = LoadWait.follow(process, limit,
                    () -> job.interrupted().getAsBoolean() || targets.anyExited(null), () -> { });
            job.checkInterrupted();
            double stopped = job.sampler().now();
            jit.measureEnded();
            String problem = LoadJob.endProblem(end, "injector " + tool.name(), limit);
            if (problem != null) {
                return new DriveResult(null, process, false, job.watch().measureStart(), stopped, problem, List.of());
            }
            process.awaitOutput(Duration.ofSeconds(2));
            if (host != null) {
                job.stopIfAlive(process);
                process.collect();
                launcher.fetchFolder(host, results); // its report, read below as a local one
            }
            String output = Files.readString(process.log(), StandardCharsets.UTF_8);
            LoadResult parsed;
            try {
                parsed = tool.readReport(output, results, request);
            } catch (IllegalArgumentException e) {
                return new DriveResult(null, process, false, job.watch().measureStart(), stopped,
                        e.getMessage() + " (exit code " + process.exitCode() + ")", List.of());
            }
            double cores = CpuWindow.of(job.watch().measureStart(), stopped, parsed.durationS())
                    .cores(job.sampler().samples(process));
            LoadResult load = parsed.withWarmupAndCpu(warmup.toMillis() / 1000.0,
                    Double.isNaN(cores) ? 0 : CpuWindow.round(cores * parsed.durationS(), 3),
                    Double.isNaN(cores) ? 0 : CpuWindow.round(cores, 3)).withMoreWatched(jit.evidence());
            Json.writeAtomically(job.json(), load);
            return new DriveResult(load, process, false, job.watch().measureStart(), stopped, null, List.of());
        } finally {
            job.stopIfAlive(process);
        }
    }
}
