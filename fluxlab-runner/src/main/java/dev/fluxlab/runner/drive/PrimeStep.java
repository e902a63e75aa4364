package dev.fluxlab.runner.drive;

import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.suite.SuiteSpec.PrimeSpec;
import dev.fluxlab.model.warmup.WarmupPolicy;
import dev.fluxlab.runner.launch.Commands;
import dev.fluxlab.runner.inject.ExternalInjector;
import dev.fluxlab.runner.inject.ExternalInjectors;
import dev.fluxlab.runner.inject.FluxlabInjector;
import dev.fluxlab.runner.inject.JvmInjector;
import dev.fluxlab.runner.inject.LoadRequest;
import dev.fluxlab.runner.inject.LoadTool;
import dev.fluxlab.runner.inject.LoadTools;
import dev.fluxlab.runner.process.ChildProcess;
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
 * A cell's priming load ({@code prime:} in its load profile), run after its targets are ready and before its
 * warm-up: a fixed number of requests by any injector, without warm-up, as seed 001 spread the frontend's pooled
 * connections over its event loops with {@code h2load -c16 -m100 -n100} before measuring. Its files go to
 * {@code prime-N/} in the cell folder, its document into the repeat ({@code prime} in results.json); it is sampled
 * by no one and counted in no figure of the repeat.
 */
public final class PrimeStep {

    /** What the priming load produced: its document, or why there is none. */
    public record Outcome(LoadResult load, String problem) {
    }

    private static final Duration SLACK = Duration.ofSeconds(60);

    private final Commands commands;

    public PrimeStep(Commands commands) {
        this.commands = commands;
    }

    /** Runs the cell's priming load against {@code targets} and waits for its end. */
    public Outcome run(LoadJob job, TargetSet targets, boolean keepAlive) throws IOException, InterruptedException {
        PrimeSpec p = job.cell().load().prime();
        LoadTool injector = LoadTools.named(p.injector());
        String tool = injector.name();
        Path dir = Files.createDirectories(job.cellDir().resolve("prime-" + job.repeat()));
        LoadArgs a = job.loadArgs(targets.entryUrl(job.cell()), targets.protocol(job.cell()), List.of());
        Duration bound = job.suite().measureMax();
        LoadArgs args = new LoadArgs(a.url(), a.protocol(), p.connections() != null ? p.connections() : a.connections(),
                p.inFlight() != null ? p.inFlight() : a.inFlight(), null, a.threads(), a.timeout(), bound, null, bound,
                WarmupPolicy.fixed(Duration.ZERO), List.of(), a.method(), a.bodyFile(), a.bodySize(), a.headers(),
                a.expectStatus(), a.expectBody(), a.expectContentType(), a.insecure(), dir.resolve("load.json"), null,
                a.keepAlive(), p.requests(), null);
        job.watch().phase("prime", 0, 0);
        LoadRequest request = ExternalToolDriver.request(injector, args, keepAlive, dir);
        Path results = dir.resolve(tool); // a JVM tool's report
        List<String> cmd;
        switch (injector) {
            case JvmInjector j -> cmd = commands.jvmTool(j.launch(), j.jvmArguments(request, Duration.ZERO,
                    a.expectStatus(), a.expectBody(), commands.classpath(j.launch()), results));
            case ExternalInjector e -> {
                Optional<Path> exe = ExternalInjectors.locate(e.executable());
                if (exe.isEmpty()) {
                    return new Outcome(null, ExternalInjectors.missing(e));
                }
                cmd = e.command(exe.get().toString(), request);
            }
            case FluxlabInjector f -> cmd = commands.injector(args);
        }
        Files.writeString(dir.resolve("prime.cmd"), ShellWords.line(cmd) + "\n");
        ChildProcess c = ChildProcess.start(ProcessStats.INJECTOR, "prime", cmd, dir.resolve("prime.log"), null, job.supervisor());
        Duration limit = bound.plus(SLACK);
        try {
            LoadWait.End end = LoadWait.follow(c, limit,
                    () -> job.interrupted().getAsBoolean() || targets.anyExited(null), () -> { });
            job.checkInterrupted();
            String problem = LoadJob.endProblem(end, "the priming load (" + tool + ")", limit);
            if (problem != null) {
                return new Outcome(null, problem);
            }
            c.awaitOutput(Duration.ofSeconds(2));
            String output = Files.readString(c.log(), StandardCharsets.UTF_8);
            // a JVM tool's launcher has exit codes of its own (Gatling's failed assertions); its report decides there
            String crashed = injector instanceof JvmInjector ? null
                    : ExternalInjectors.exitProblem("the priming load (" + tool + ")", c.exitCode(), output);
            if (crashed != null) {
                return new Outcome(null, crashed + " (log " + job.runDir().relativize(c.log()) + ")");
            }
            try {
                LoadResult load = switch (injector) {
                    case JvmInjector j -> j.readReport(output, results, request);
                    case ExternalInjector e -> e.parse(output, request);
                    case FluxlabInjector f -> Json.read(args.json(), LoadResult.class);
                };
                return new Outcome(load, null);
            } catch (IllegalArgumentException | IOException e) {
                return new Outcome(null, "the priming load (" + tool + ") left no result: " + e.getMessage()
                        + " (exit code " + c.exitCode() + "; log " + job.runDir().relativize(c.log()) + ")");
            }
        } finally {
            job.stopIfAlive(c);
        }
    }
}
