package dev.fluxlab.runner;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.model.placement.CellPlacement;
import dev.fluxlab.model.placement.RolePlacement;
import dev.fluxlab.model.placement.CpuList;
import dev.fluxlab.model.profile.ProfileMode;
import dev.fluxlab.model.run.MachineSpeed;
import dev.fluxlab.model.run.ProcessProfile;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteHost;
import dev.fluxlab.probe.MachineSpeedProbe;
import dev.fluxlab.runner.drive.DriveResult;
import dev.fluxlab.runner.drive.LoadDriver;
import dev.fluxlab.runner.drive.LoadDrivers;
import dev.fluxlab.runner.drive.LoadJob;
import dev.fluxlab.runner.drive.PrimeStep;
import dev.fluxlab.runner.drive.ProgressWatch;
import dev.fluxlab.runner.drive.SelfLoadDriver;
import dev.fluxlab.runner.drive.SharedInjector;
import dev.fluxlab.runner.host.CpuAffinity;
import dev.fluxlab.runner.host.Launcher;
import dev.fluxlab.runner.inject.LoadTools;
import dev.fluxlab.runner.launch.Commands;
import dev.fluxlab.runner.launch.LaunchContext;
import dev.fluxlab.runner.listen.RunListener;
import dev.fluxlab.runner.observe.LogScanner;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.Sampler;
import dev.fluxlab.runner.process.Supervisor;
import dev.fluxlab.runner.profile.ProfileSession;
import dev.fluxlab.runner.profile.ProfilerLibrary;
import dev.fluxlab.runner.registry.LaunchDef;
import dev.fluxlab.runner.registry.TargetRegistry;
import dev.fluxlab.runner.target.SharedTargets;
import dev.fluxlab.runner.target.TargetSet;
import dev.fluxlab.runner.target.TargetStarter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * One repeat of one cell, as a pipeline: targets (started, or reused under {@code fork: shared}), the load through
 * the cell's {@link LoadDriver}, the targets' stats documents, stopping (keeping shared targets that are healthy),
 * then the figures and the verdict ({@link RepeatFigures}).
 */
final class RepeatRunner {

    private final TargetRegistry registry;
    private final Commands commands;
    private final Supervisor supervisor;
    private final Duration grace;
    private final RunListener listener;
    private final SharedTargets shared;
    private final SharedInjector sharedInjector;
    private final TargetStarter starter;
    private final Launcher launcher;
    private final BooleanSupplier interrupted;
    private final ProfilerLibrary profiler;

    /** What one repeat produced: its result, and for a profiled repeat every process's profile (else null). */
    record Outcome(RepeatResult result, List<ProcessProfile> profiles) {
    }
    private CpuList online;

    RepeatRunner(LaunchContext launch, SharedTargets shared, SharedInjector sharedInjector, ProfilerLibrary profiler) {
        this.sharedInjector = sharedInjector;
        this.profiler = profiler;
        this.registry = launch.registry();
        this.commands = launch.commands();
        this.supervisor = launch.supervisor();
        this.grace = launch.grace();
        this.listener = launch.listener();
        this.shared = shared;
        this.launcher = launch.launcher();
        this.starter = new TargetStarter(commands, launcher, supervisor, grace, listener::notice);
        this.interrupted = launch.interrupted();
    }

    /** Why this runner cannot profile (checked once); empty when it can. */
    Optional<String> profilerProblem() {
        return profiler.check();
    }

    /** The driver of a cell's load: a self-loading entry, else its load tool's ({@link LoadDrivers}). */
    LoadDriver driver(Cell cell) {
        return driver(cell, commands, null);
    }

    /** {@code kept}: the injector JVM kept under {@code fork: shared}, null for a JVM per repeat. */
    private LoadDriver driver(Cell cell, Commands commands, SharedInjector kept) {
        Optional<LaunchDef> entry = registry.target(cell.entryProcess().target());
        if (entry.map(LaunchDef::isSelfLoading).orElse(false)) {
            return new SelfLoadDriver();
        }
        return LoadDrivers.of(LoadTools.named(cell.load().injector()), commands, launcher, kept, keepAlive(cell));
    }

    /** Whether a tool may ask the cell's entry target for HTTP/1.0 keep-alive (ab's -k; the registry says). */
    private boolean keepAlive(Cell cell) {
        return registry.target(cell.entryProcess().target()).map(d -> !Boolean.FALSE.equals(d.http10KeepAlive()))
                .orElse(true);
    }

    RepeatResult run(Suite suite, Cell cell, int repeat, Path runDir, Path cellDir, RunListener.Position pos)
            throws IOException, InterruptedException {
        return run(suite, cell, repeat, runDir, cellDir, pos, null).result();
    }

    /**
     * One repeat; with a {@code mode} a profiled one: its processes are started for it (never shared targets reused
     * or kept) with the profiler loaded, which samples during the measured window only ({@link ProfileSession}).
     */
    Outcome run(Suite suite, Cell cell, int repeat, Path runDir, Path cellDir, RunListener.Position pos,
                ProfileMode mode) throws IOException, InterruptedException {
        // the machine's own speed first, while nothing of this repeat runs yet (about half a second)
        MachineSpeed speed = MachineSpeedProbe.measure();
        long origin = System.nanoTime();
        String startedAt = Instant.now().toString();
        Path json = cellDir.resolve("load-" + repeat + ".json");
        Files.deleteIfExists(json);
        CellPlacement placement = suite.placement(cell, online());
        boolean sharing = suite.sharedTargets() && mode == null;
        Optional<TargetSet> reused = sharing ? shared.reuse(cell) : Optional.empty();
        if (!sharing) {
            shared.release();
            sharedInjector.release(); // the injector forks as the targets do
        }
        TargetSet targets = reused.orElse(null);
        boolean keep = false;
        try (Sampler sampler = new Sampler(origin)) {
            ProfileSession session = mode == null ? null
                    : new ProfileSession(mode, profiler, runDir, cellDir, sampler::watched);
            // several injectors are not profiled (GroupRunner says so): no library for them, here or on a suite host
            Commands cmds = session == null ? commands : commands.withJvmOptions(p ->
                    p.equals(Commands.INJECTOR) && placement.injectors().size() > 1 ? List.of() : session.jvmOptions(p,
                    placement.all().stream().filter(r -> r.role().equals(p)).map(RolePlacement::host)
                            .filter(java.util.Objects::nonNull).findFirst().orElse(null)));
            TargetStarter starter = session == null ? this.starter
                    : new TargetStarter(cmds, launcher, supervisor, grace, listener::notice);
            LoadDriver driver = driver(cell, cmds, sharing ? sharedInjector : null);
            ProgressWatch watch = new ProgressWatch(cell, pos, suite, listener, sampler,
                    session == null ? ProgressWatch.Window.NONE : session);
            LoadJob job = new LoadJob(cell, suite, repeat, runDir, cellDir, json, writeBody(cell, cellDir),
                    reused.isEmpty(), sampler, watch, supervisor, grace, interrupted, placement);
            watch.phase("starting", 0, 0);
            Map<ChildProcess, Long> logFrom = new HashMap<>();
            String startProblem = null;
            if (targets != null) {
                for (ChildProcess c : targets.processes()) {
                    logFrom.put(c, LogScanner.position(c.log()));
                    sampler.watch(c);
                }
            } else {
                Optional<LoadDriver.EntryLoad> entry = driver.entryLoad(job);
                TargetStarter.Started s = starter.start(cell, placement, suite, repeat, cellDir, sampler,
                        entry.map(LoadDriver.EntryLoad::flags).orElse(List.of()),
                        entry.map(LoadDriver.EntryLoad::listener).orElse(null), interrupted);
                targets = s.targets();
                startProblem = s.problem();
            }
            if (startProblem == null) {
                listenPort(targets, cell).ifPresent(sampler::watchListen);
            }
            PrimeStep.Outcome prime = startProblem == null && cell.load().prime() != null
                    ? new PrimeStep(commands).run(job, targets, keepAlive(cell)) : null;
            DriveResult load = startProblem != null ? DriveResult.NONE
                    : prime != null && prime.problem() != null
                    ? new DriveResult(null, null, false, Double.NaN, Double.NaN, prime.problem(), List.of())
                    : driver.drive(job, targets);
            if (session != null) {
                session.finishWindow();
            }
            Map<String, Object> targetStats = startProblem == null
                    ? fetchStats(targets.readiness(), suite.hosts().values().stream().map(SuiteHost::bindAddress)
                            .filter(java.util.Objects::nonNull).toList())
                    : Map.of();
            RepeatFigures figures = new RepeatFigures(runDir, origin, startProblem, targets, load);
            watch.phase("stopping", 0, 0);
            keep = sharing && startProblem == null && figures.crashed().isEmpty() && targets.alive();
            if (keep) {
                shared.keep(cell, targets);
            } else if (reused.isPresent()) {
                shared.forget(); // a shared target that crashed or misbehaved is stopped, not reused
            }
            stopAll(targets, keep, load);
            job.checkInterrupted();
            RepeatResult result = figures.result(repeat, startedAt, cell, suite, sampler, logFrom, targetStats,
                    reused.map(TargetSet::startedFor).orElse(null), speed, placement, cmds);
            return new Outcome(prime == null ? result : result.withPrime(prime.load()),
                    session == null ? null : session.results());
        } finally {
            stopAll(targets, keep, DriveResult.NONE);
            if (!keep) {
                sharedInjector.release(); // the injector forks as the targets do
            }
        }
    }

    /** The port the cell's entry listens on, as its readiness line announced it (none for a self-loading entry). */
    static Optional<Integer> listenPort(TargetSet targets, Cell cell) {
        return targets.announced(cell.entry()).port().filter(p -> p > 0);
    }

    /** Stops the repeat's processes: every process it started, its targets unless they are kept. */
    private void stopAll(TargetSet targets, boolean keep, DriveResult load) {
        List<ChildProcess> stop = new ArrayList<>();
        if (load.process() != null && (targets == null || !targets.contains(load.process()))
                && !sharedInjector.isKept(load.process())) {
            stop.add(load.process());
        }
        stop.addAll(load.more());
        if (targets != null && !keep) {
            stop.addAll(targets.processes());
        }
        supervisor.stop(stop, grace);
    }

    /** This machine's online CPUs, read once (a suite's placement was checked against them before the run). */
    private CpuList online() throws IOException {
        if (online == null) {
            online = CpuAffinity.localOnline();
        }
        return online;
    }

    private static Path writeBody(Cell cell, Path cellDir) throws IOException {
        if (cell.scenario().body() == null) {
            return null;
        }
        Path body = cellDir.resolve("body.txt");
        Files.writeString(body, cell.scenario().body());
        return body;
    }

    /**
     * Fetches the document of every process that announced a {@code stats} path, from loopback or one of
     * {@code suiteHosts} (the suite's hosts' addresses); a failure is noted, not fatal.
     */
    static Map<String, Object> fetchStats(Map<String, Map<String, String>> readiness, List<String> suiteHosts) {
        Map<String, Object> out = new LinkedHashMap<>();
        readiness.forEach((process, values) -> {
            ReadinessAttributes attrs = ReadinessAttributes.of(values);
            String path = attrs.stats().orElse(null);
            Integer port = attrs.port().orElse(null);
            if (path == null) {
                return;
            }
            if (path.startsWith("http://") || path.startsWith("https://")) {
                out.put(process, TargetStats.fetch(java.net.URI.create(path), suiteHosts));
            } else if (port != null && port != 0) {
                out.put(process, TargetStats.fetch(attrs.host().orElse("127.0.0.1"), port,
                        WireProtocol.H2.label().equals(attrs.protocol().orElse(null)), path, suiteHosts));
            } else if (port == null) {
                out.put(process, Map.of("error", "not fetched: its readiness line announced stats=" + path + " but "
                        + (attrs.get(Readiness.PORT) == null ? "no port" : "port '" + attrs.get(Readiness.PORT)
                        + "', which is not a number")));
            }
        });
        return out;
    }
}
