package dev.fluxlab.runner.drive;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.contract.MeasureGate;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.placement.RolePlacement;
import dev.fluxlab.model.warmup.WarmupPolicy;
import dev.fluxlab.runner.launch.Commands;
import dev.fluxlab.runner.host.ClockOffset;
import dev.fluxlab.runner.host.Launcher;
import dev.fluxlab.runner.merge.LoadMerge;
import dev.fluxlab.runner.merge.LoadSplit;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.target.TargetSet;
import dev.fluxlab.runner.host.ShellWords;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * fluxlab's own injector as child JVMs ({@code fluxlab load URL ... --json F --progress machine}), each on its host
 * and CPUs: its progress lines place the measured window, its document is the result. With {@code injectors: N} the
 * load is split ({@link LoadSplit}) and the documents are merged ({@link LoadMerge}) into {@code load-R.json}; each
 * injector's own is {@code load-R-injector-I.json}. The first injector's progress lines drive the live display and
 * the CPU window.
 *
 * <p>Each injector watches the JIT of the targets on its own host ({@code --warmup-watch-pid}, their PIDs there). The
 * injectors wait at one {@link StartGate} that the runner opens when all are warm, when there are several, or when an
 * warm-up has targets on hosts without an injector: for an automatic warm-up the gate then also waits for those
 * targets' JIT, read by the runner ({@link TargetJit}), so a remote target's warm-up ends on the same evidence as a
 * local one, and their JIT during the measured phase joins the document's {@code watched_jvms}.
 */
public final class FluxlabDriver implements LoadDriver {

    /** Start spreads above this many milliseconds are worth a warning. */
    static final long SPREAD_WARNING_MS = 50;

    private final Commands commands;
    private final Launcher launcher;
    private final SharedInjector kept;

    /** {@code launcher}: starts each injector on the host its placement names. */
    public FluxlabDriver(Commands commands, Launcher launcher) {
        this(commands, launcher, null);
    }

    /**
     * With {@code kept} (under {@code fork: shared}), a single local injector runs as a job of the JVM kept for the
     * group's targets ({@link SharedInjector}) instead of a JVM of its own.
     */
    public FluxlabDriver(Commands commands, Launcher launcher, SharedInjector kept) {
        this.commands = commands;
        this.launcher = launcher;
        this.kept = kept;
    }

    @Override
    public DriveResult drive(LoadJob job, TargetSet targets) throws IOException, InterruptedException {
        List<RolePlacement> roles = job.placement().injectors();
        int n = roles.size();
        Integer rate = job.cell().load().rate();
        LoadSplit split = LoadSplit.of(job.cell().load().connections(), rate == null ? null : rate.doubleValue(),
                job.cell().load().requests(), n);
        WarmupPolicy warmup = job.suite().warmupPolicy(job.cell(), job.coldTargets());
        List<ChildProcess> unwatched = targets.processes().stream()
                .filter(t -> roles.stream().noneMatch(r -> Objects.equals(r.host(), t.host()))).toList();
        TargetJit jit = unwatched.isEmpty() ? null : new TargetJit(job.sampler(), unwatched);
        StartGate gate = n == 1 && jit == null ? null : new StartGate(
                new MeasureGate(job.cellDir().resolve("gate-" + job.repeat())), n, jit, warmup.auto(),
                System.nanoTime() + warmup.bound().toNanos());
        Optional<List<String>> session = kept != null && n == 1 && gate == null && roles.getFirst().host() == null
                ? commands.injectorSession(job.runDir()) : Optional.empty();
        if (session.isPresent()) {
            return driveKept(job, targets, roles.getFirst(), session.get());
        }
        List<ChildProcess> injectors = new ArrayList<>();
        List<Path> docs = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                RolePlacement role = roles.get(i);
                Path json = n == 1 ? job.json()
                        : job.cellDir().resolve("load-" + job.repeat() + "-" + role.role() + ".json");
                Files.deleteIfExists(json);
                docs.add(json);
                LoadArgs args = job.loadArgs(targets.entryUrl(job.cell()), targets.protocol(job.cell()),
                        watchPids(targets, role.host()),
                        new LoadJob.Share(split.connections().get(i), split.rates() == null ? null
                                : split.rates().get(i), json, gate == null ? null : gate.file(),
                                split.requests() == null ? null : split.requests().get(i)));
                List<String> cmd = commands.pinned(role.cpus(), commands.injector(args));
                Consumer<String> progress = i == 0 ? job.watch()::line : line -> { };
                boolean first = i == 0;
                Consumer<String> listener = gate == null ? progress : line -> {
                    gate.line(line);
                    if (first) {
                        gate.progress(line);
                    }
                    progress.accept(line);
                };
                ChildProcess injector = launcher.start(role.host(), ProcessStats.INJECTOR, role.role(), cmd,
                        job.log(role.role()), listener, job.supervisor());
                injectors.add(injector);
                if (gate != null) {
                    gate.add(injector);
                }
                job.sampler().watch(injector);
            }
            LoadWait.End end = LoadWait.End.EXITED;
            for (ChildProcess injector : injectors) {
                LoadWait.End e = LoadWait.follow(injector, job.loadLimit(), () -> job.interrupted().getAsBoolean()
                        || targets.anyExited(null) || injectors.stream().anyMatch(c -> failed(c)), () -> { });
                if (e != LoadWait.End.EXITED) {
                    end = e;
                    break;
                }
            }
            job.checkInterrupted();
            double stopped = job.sampler().now();
            job.sampler().sampleNow();
            injectors.forEach(job::stopIfAlive);
            injectors.forEach(ChildProcess::collect); // a remote injector's document comes back
            String problem = LoadJob.endProblem(end, n == 1 ? "the injector" : "an injector", job.loadLimit());
            DriveResult result = n == 1 ? LoadDocument.read(job, injectors.getFirst(), false, stopped, problem)
                    : merged(job, injectors, docs, stopped, problem);
            return gate == null ? result : withTargets(result, jit, gate.stillCompiling(), warmup);
        } finally {
            injectors.forEach(job::stopIfAlive);
            if (gate != null) {
                gate.close();
            }
        }
    }

    /** The load as one job of the kept injector JVM, which stays alive for the next cells unless the job went wrong. */
    private DriveResult driveKept(LoadJob job, TargetSet targets, RolePlacement role, List<String> sessionCommand)
            throws IOException, InterruptedException {
        Files.deleteIfExists(job.json());
        LoadArgs args = job.loadArgs(targets.entryUrl(job.cell()), targets.protocol(job.cell()),
                watchPids(targets, role.host()));
        List<String> session = commands.pinned(role.cpus(), sessionCommand);
        List<String> argv = commands.injectorJob(args);
        Path log = job.log(role.role());
        ChildProcess injector = kept.acquire(session, log);
        job.writeCommand(role.role() + "-" + job.repeat(), ShellWords.line(session) + "\n# this repeat's load, "
                + "a job of the injector JVM " + injector.pid() + " kept across the run's cells (fork: shared):\n"
                + ShellWords.line(argv) + "\n");
        job.sampler().watch(injector);
        SharedInjector.JobEnd end = kept.run(injector, argv, job.watch()::line, job.loadLimit(),
                () -> job.interrupted().getAsBoolean() || targets.anyExited(null));
        if (end.end() != LoadWait.End.EXITED || end.code() == null || end.code() != 0) {
            kept.release(); // a job that did not end cleanly leaves no JVM to trust for the next cell
        }
        job.checkInterrupted();
        double stopped = job.sampler().now();
        job.sampler().sampleNow();
        String problem = LoadJob.endProblem(end.end(), "the injector", job.loadLimit());
        if (problem == null && end.code() == null) {
            problem = "the injector JVM ended during the load (exit code " + injector.exitCode()
                    + "); last lines of its log:\n" + injector.lastLines(8);
        }
        return LoadDocument.read(job, job.json(), injector, false, stopped, problem, end.code());
    }

    /** The PIDs, as seen on {@code host} (null: here), of the targets running there: the JVMs an injector there watches. */
    private static List<Long> watchPids(TargetSet targets, String host) {
        return targets.processes().stream().filter(t -> Objects.equals(t.host(), host) && t.pidThere() > 0)
                .map(ChildProcess::pidThere).toList();
    }

    /** Every injector's document, merged into the cell's {@code load-R.json}; the first problem of any injector. */
    private DriveResult merged(LoadJob job, List<ChildProcess> injectors, List<Path> docs, double stopped,
                               String problem) throws IOException {
        List<LoadResult> loads = new ArrayList<>();
        for (int i = 0; i < injectors.size(); i++) {
            DriveResult one = LoadDocument.read(job, docs.get(i), injectors.get(i), false, stopped, problem);
            if (one.problem() != null) {
                problem = injectors.get(i).name() + ": " + one.problem();
            }
            loads.add(one.load());
        }
        LoadResult merged = null;
        if (problem == null) {
            merged = LoadMerge.merge(loads).merged();
            Json.writeAtomically(job.json(), merged);
        }
        InjectorStarts starts = null;
        dev.fluxlab.model.run.StartAlignment alignment = null;
        if (problem == null) {
            // each machine's offset measured now, after the load (its probes cost the measured phase nothing), not
            // the one of the run's start: a clock that drifts or is slewed by NTP is taken as it is at this repeat
            List<String> hosts = injectors.stream().map(ChildProcess::host).toList();
            Map<String, ClockOffset> clocks = new java.util.HashMap<>();
            Function<String, ClockOffset> offsets = h -> clocks.computeIfAbsent(h == null ? "" : h,
                    k -> launcher.clockNow(h));
            starts = InjectorStarts.of(loads.stream().map(l -> l == null ? null : l.measureStartMs()).toList(), hosts,
                    offsets).orElse(null);
            alignment = starts == null ? null : starts.alignment(hosts, offsets);
        }
        Long spread = starts == null ? null : starts.spreadMs();
        return new DriveResult(merged, injectors.getFirst(), false, job.watch().measureStart(), stopped, problem,
                spread != null && spread > SPREAD_WARNING_MS ? List.of("the injectors' measured phases started "
                        + spread + " ms apart (the start barrier holds them within a few ms on an idle machine): "
                        + "their windows overlap less") : List.of(),
                injectors.subList(1, injectors.size()), problem == null ? loads : List.of(), spread, alignment);
    }

    /**
     * The result with the JIT evidence of the targets the runner watched for the injectors ({@code jit}, may be null)
     * added to the cell's document, and with an automatic warm-up marked as not settled when the gate opened at the
     * bound while one of them still compiled: as an injector records and judges the JVMs it watches itself. Which JVM
     * that was is a note; the verdict judges the unsettled warm-up once, as for a local target.
     */
    static DriveResult withTargets(DriveResult r, TargetJit jit, String stillCompiling, WarmupPolicy warmup) {
        if (r.load() == null) {
            return r;
        }
        LoadResult load = jit == null ? r.load() : r.load().withMoreWatched(jit.evidence());
        List<String> warnings = new ArrayList<>(r.warnings());
        if (stillCompiling != null) {
            load = load.withWarmupUnsettled();
            // the judgement (a warning, or a note at a theory ceiling, or invalid under require_stable_warmup) is
            // the verdict's "warm-up never stabilised" on the unsettled mark; this says which JVM, where
            warnings.add(String.format(Locale.ROOT, "%swarm-up ended at --warmup-max %.0fs: %s when the "
                    + "measurement started", CellResult.NOTE, warmup.max().toMillis() / 1e3,
                    stillCompiling));
        }
        return new DriveResult(load, r.process(), r.fromTarget(), r.measureStart(), r.end(), r.problem(), warnings,
                r.more(), r.injectorLoads(), r.startSpreadMs(), r.startAlignment());
    }

    private static boolean failed(ChildProcess c) {
        Integer code = c.isAlive() ? null : c.exitCode();
        return code != null && code != 0;
    }
}
