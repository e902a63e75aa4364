package dev.fluxlab.runner;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.model.run.MachineCpu;
import dev.fluxlab.model.run.ProcessSample;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.Summaries;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.inject.ExternalInjector;
import dev.fluxlab.runner.inject.ExternalInjectors;
import dev.fluxlab.runner.inject.ExternalLoad;
import dev.fluxlab.runner.observe.GcLog;
import dev.fluxlab.runner.observe.LogScanner;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.Sampler;
import dev.fluxlab.runner.process.Supervisor;
import dev.fluxlab.runner.registry.TargetRegistry;
import dev.fluxlab.runner.verdict.CrossCheck;
import dev.fluxlab.runner.verdict.RepeatFacts;
import dev.fluxlab.runner.verdict.Thresholds;
import dev.fluxlab.runner.verdict.Verdict;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Runs a suite's cells: for every cell and repeat it starts the target JVM(s), waits for their readiness line,
 * runs the injector JVM, samples every child's CPU and memory, stops everything, scans the logs, judges the repeat,
 * and writes {@code results.json} atomically after every cell. {@link #interrupt()} (from a shutdown hook) stops all
 * children and leaves results.json with status {@code interrupted}; a later run with the previous
 * {@link RunResult} runs only the missing cells.
 */
public final class Runner {

    public static final String RESULTS_FILE = "results.json";
    public static final String SUITE_COPY = "suite.yaml";

    private final TargetRegistry registry;
    private final Commands commands;
    private final RunListener listener;
    private final Duration grace;
    private final Supervisor supervisor = new Supervisor();
    private final CountDownLatch finished = new CountDownLatch(1);
    private final Object resultsLock = new Object();

    private volatile boolean interrupted;
    private volatile Path runDir;
    private RunResult current;
    /** With {@code fork: shared}: the target JVMs kept alive for the next cell with identical targets. */
    private SharedTargets shared;

    /**
     * Target JVMs that outlive the repeat that started them, for consecutive cells whose target processes are
     * identical ({@link Cell#targetsKey()}: same targets, knobs and JVM options).
     */
    private record SharedTargets(String key, String cellId, List<ChildProcess> targets, Map<String, Path> gcLogs,
                                 Map<String, String> placeholders, Map<String, Map<String, String>> readiness) {
        boolean alive() {
            return targets.stream().allMatch(ChildProcess::isAlive);
        }
    }

    private void releaseShared() {
        if (shared != null) {
            supervisor.stop(shared.targets(), grace);
            shared = null;
        }
    }

    private Runner(Builder b) {
        this.registry = b.registry;
        this.commands = new Commands(b.registry, b.java);
        this.listener = b.listener;
        this.grace = b.grace;
    }

    public static Builder builder(TargetRegistry registry) {
        return new Builder(registry);
    }

    /** Configuration of a runner; immutable once built. */
    public static final class Builder {
        private final TargetRegistry registry;
        private RunListener listener = RunListener.NONE;
        private Duration grace = Duration.ofSeconds(5);
        private String java = TargetRegistry.java();

        private Builder(TargetRegistry registry) {
            this.registry = registry;
        }

        public Builder listener(RunListener listener) {
            this.listener = listener;
            return this;
        }

        /** Time a child gets between SIGTERM and SIGKILL (default 5 s). */
        public Builder grace(Duration grace) {
            this.grace = grace;
            return this;
        }

        /** The java executable for children (default: the running JVM's). */
        public Builder java(String java) {
            this.java = java;
            return this;
        }

        public Runner build() {
            return new Runner(this);
        }
    }

    /** A new results folder {@code <base>/results/<yyyyMMdd-HHmmss>-<suite>}. */
    public static Path newRunDir(Path base, String suiteName) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        String safe = suiteName.replaceAll("[^A-Za-z0-9._-]", "-");
        Path dir = base.resolve("results").resolve(stamp + "-" + safe);
        for (int i = 2; Files.exists(dir); i++) {
            dir = base.resolve("results").resolve(stamp + "-" + safe + "-" + i);
        }
        return dir;
    }

    /** Reads a previous run's results.json for {@code --resume}. */
    public static RunResult load(Path runDir) throws IOException {
        return Json.read(runDir.resolve(RESULTS_FILE), RunResult.class);
    }

    // ------------------------------------------------------------------ the run

    /**
     * Runs {@code suite} into {@code dir}. With {@code previous} (a resumed run), cells already in it are kept and
     * only the missing ones run. Returns the final document.
     */
    public RunResult run(Suite suite, Path dir, RunResult previous) throws IOException {
        this.runDir = dir.toAbsolutePath();
        Files.createDirectories(runDir);
        Path suiteCopy = runDir.resolve(SUITE_COPY);
        if (previous == null || !Files.exists(suiteCopy)) {
            Files.writeString(suiteCopy, suite.text(), StandardCharsets.UTF_8);
        }
        List<Cell> cells = suite.cells();
        Map<String, CellResult> done = new LinkedHashMap<>();
        if (previous != null && previous.cells() != null) {
            previous.cells().forEach(c -> done.put(c.id(), c));
        }
        List<Cell> todo = cells.stream().filter(c -> !done.containsKey(c.id())).toList();
        synchronized (resultsLock) {
            current = new RunResult(RunResult.SCHEMA,
                    previous != null ? previous.runId() : runDir.getFileName().toString(),
                    suite.name(),
                    previous != null ? previous.suiteFile() : suite.file(),
                    suite.description(),
                    "running",
                    previous != null ? previous.startedAt() : Instant.now().toString(),
                    null,
                    previous != null && previous.environment() != null ? previous.environment() : EnvironmentProbe.probe(),
                    suite.tables(),
                    suite.settings(),
                    ordered(cells, done), null);
            write();
        }
        listener.runStarted(current, todo.size(), resultsFile());
        String status = "complete";
        try {
            int first = 1;
            for (List<Cell> group : repeatGroups(suite, todo)) {
                if (interrupted) {
                    break;
                }
                List<CellResult> results = runGroup(suite, group, first, todo.size());
                if (results == null) {
                    break; // interrupted in the middle of the group: it is left out and runs again on --resume
                }
                for (int k = 0; k < group.size(); k++) {
                    Cell cell = group.get(k);
                    synchronized (resultsLock) {
                        done.put(cell.id(), results.get(k));
                        current = withCells(current, ordered(cells, done), current.status());
                        write();
                    }
                    listener.cellFinished(cell, new RunListener.Position(first + k, todo.size(), suite.repeats(),
                            suite.repeats()), results.get(k));
                }
                first += group.size();
            }
            if (interrupted) {
                status = "interrupted";
            }
        } catch (RuntimeException | IOException | Error e) {
            status = interrupted ? "interrupted" : "failed";
            throw e;
        } finally {
            shared = null;
            supervisor.close(grace);
            synchronized (resultsLock) {
                current = withCells(current, CrossCheck.flag(current.cells()), current.status());
                current = finish(current, status);
                write();
            }
            try {
                listener.runFinished(current, resultsFile());
            } finally {
                finished.countDown();
            }
        }
        return current;
    }

    /**
     * Stops the run: refuses new processes, stops every child (SIGTERM, grace, SIGKILL), and waits until the run has
     * written results.json with status {@code interrupted}. Safe to call from a shutdown hook.
     */
    public void interrupt() {
        interrupted = true;
        supervisor.close(grace);
        try {
            if (!finished.await(grace.toMillis() + 10_000, TimeUnit.MILLISECONDS)) {
                synchronized (resultsLock) {
                    if (current != null) {
                        current = finish(current, "interrupted");
                        write();
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Makes Ctrl-C and SIGTERM stop the run cleanly: the JVM's shutdown runs {@link #interrupt()}, which stops every
     * child and leaves results.json with status {@code interrupted}. Harmless after the run has finished.
     */
    public void installShutdownHook() {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (finished.getCount() > 0) {
                interrupt();
            }
        }, "fluxlab-interrupt"));
    }

    public boolean interrupted() {
        return interrupted;
    }

    public Path resultsFile() {
        return runDir == null ? null : runDir.resolve(RESULTS_FILE);
    }

    private void write() {
        try {
            Json.writeAtomically(resultsFile(), current);
        } catch (IOException e) {
            System.err.println("fluxlab: could not write " + resultsFile() + ": " + e);
        }
    }

    private static List<CellResult> ordered(List<Cell> cells, Map<String, CellResult> done) {
        List<CellResult> out = new ArrayList<>();
        for (Cell c : cells) {
            CellResult r = done.get(c.id());
            if (r != null) {
                out.add(r);
            }
        }
        // cells of the previous document that the suite no longer has are kept at the end
        done.forEach((id, r) -> {
            if (cells.stream().noneMatch(c -> c.id().equals(id))) {
                out.add(r);
            }
        });
        return out;
    }

    private static RunResult withCells(RunResult r, List<CellResult> cells, String status) {
        return new RunResult(r.schema(), r.runId(), r.suite(), r.suiteFile(), r.description(), status, r.startedAt(),
                r.finishedAt(), r.environment(), r.tables(), r.settings(), cells, r.noise());
    }

    private static RunResult finish(RunResult r, String status) {
        if (!"running".equals(r.status())) {
            return r;
        }
        return new RunResult(r.schema(), r.runId(), r.suite(), r.suiteFile(), r.description(), status, r.startedAt(),
                Instant.now().toString(), r.environment(), r.tables(), r.settings(), r.cells(), r.noise());
    }

    // ------------------------------------------------------------------ one cell

    static String cellDirName(Cell cell) {
        String slug = cell.label().replaceAll("[^A-Za-z0-9._=-]+", "-");
        if (slug.length() > 80) {
            slug = slug.substring(0, 80);
        }
        return String.format("%03d-%s", cell.index(), slug);
    }

    /**
     * The units whose repeats run together: every cell alone (sequential repeats), or, with interleaved repeats,
     * each run of consecutive cells with identical target processes.
     */
    static List<List<Cell>> repeatGroups(Suite suite, List<Cell> cells) {
        List<List<Cell>> groups = new ArrayList<>();
        for (Cell c : cells) {
            List<Cell> last = groups.isEmpty() ? null : groups.get(groups.size() - 1);
            if (suite.interleavedRepeats() && last != null && last.get(0).targetsKey().equals(c.targetsKey())) {
                last.add(c);
            } else {
                groups.add(new ArrayList<>(List.of(c)));
            }
        }
        return groups;
    }

    /**
     * The order in which a group's cells run their repeat {@code r}: cell order for odd repeats, reversed for even
     * ones (A B B A), so a drift over the group's run time falls on each cell alike.
     */
    static List<Cell> repeatOrder(List<Cell> group, int r) {
        if (r % 2 == 1) {
            return group;
        }
        List<Cell> reversed = new ArrayList<>(group);
        Collections.reverse(reversed);
        return reversed;
    }

    /** Runs every repeat of a group's cells; null when the run was interrupted meanwhile. */
    private List<CellResult> runGroup(Suite suite, List<Cell> group, int firstPosition, int total) throws IOException {
        Map<Cell, List<RepeatResult>> repeats = new LinkedHashMap<>();
        Map<Cell, Path> dirs = new LinkedHashMap<>();
        for (Cell cell : group) {
            Path cellDir = runDir.resolve("cells").resolve(cellDirName(cell));
            Files.createDirectories(cellDir);
            dirs.put(cell, cellDir);
            repeats.put(cell, new ArrayList<>());
        }
        for (int r = 1; r <= suite.repeats(); r++) {
            for (Cell cell : repeatOrder(group, r)) {
                RunListener.Position pos = new RunListener.Position(firstPosition + group.indexOf(cell), total, r, suite.repeats());
                listener.cellStarted(cell, pos);
                RepeatResult rr;
                try {
                    rr = runRepeat(suite, cell, r, dirs.get(cell), pos);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    interrupted = true;
                    return null;
                } catch (IOException | RuntimeException e) {
                    if (interrupted) {
                        return null;
                    }
                    rr = new RepeatResult(r, Instant.now().toString(), null, List.of(), List.of(), false,
                            List.of("the runner failed on this repeat: " + e), null, null, null);
                }
                if (interrupted) {
                    return null;
                }
                repeats.get(cell).add(rr);
            }
        }
        List<CellResult> out = new ArrayList<>();
        for (Cell cell : group) {
            out.add(cellResult(cell, repeats.get(cell), dirs.get(cell)));
        }
        return out;
    }

    private CellResult cellResult(Cell cell, List<RepeatResult> repeats, Path cellDir) {
        CellSummary summary = Summaries.of(repeats);
        Verdict.Outcome v = Verdict.cell(repeats, summary.throughputRps() == null ? 0 : summary.throughputRps().relativeSpread());
        List<LogFinding> findings = LogScanner.merge(repeats.stream().flatMap(x -> x.findings().stream()).toList());
        String cp = registry.target(cell.entryProcess().target()).map(registry::classpath).orElse(null);
        return new CellResult(cell.id(), cell.index(), cell.knobs(), EnvironmentProbe.versions(cp), repeats, summary,
                v.valid(), v.reasons(), findings, runDir.relativize(cellDir).toString(),
                TheoryColumn.of(cell, repeats, summary));
    }

    private RepeatResult runRepeat(Suite suite, Cell cell, int repeat, Path cellDir, RunListener.Position pos)
            throws IOException, InterruptedException {
        long origin = System.nanoTime();
        String startedAt = Instant.now().toString();
        List<ChildProcess> started = new ArrayList<>();
        List<ChildProcess> targets = new ArrayList<>();
        Map<String, Path> gcLogs = new LinkedHashMap<>();
        Map<String, String> placeholders = new LinkedHashMap<>();
        Map<String, Map<String, String>> readiness = new LinkedHashMap<>();
        String startProblem = null;
        String injectorProblem = null;
        List<String> notes = new ArrayList<>();
        ChildProcess injector = null;
        InjectorWatch watch = new InjectorWatch(cell, pos, suite);
        double injectorEnd = Double.NaN;
        Path json = cellDir.resolve("load-" + repeat + ".json");
        Files.deleteIfExists(json);
        String key = cell.targetsKey();
        SharedTargets reused = suite.sharedTargets() && shared != null && shared.key().equals(key) && shared.alive()
                ? shared : null;
        if (reused == null) {
            releaseShared();
        }
        Map<ChildProcess, Long> logFrom = new java.util.HashMap<>();
        List<ChildProcess> observed = new ArrayList<>(); // every process of this repeat, shared targets included
        boolean keepTargets = false;
        boolean selfLoading = commands.selfLoading(cell);
        ChildProcess selfLoader = null;
        Map<String, Object> targetStats = new LinkedHashMap<>();
        try (Sampler sampler = new Sampler(origin)) {
            watch.sampler = sampler;
            listener.progress(cell, pos, new RunListener.Progress("starting", 0, 0, false, 0, 0, 0));
            if (reused != null) {
                targets.addAll(reused.targets());
                gcLogs.putAll(reused.gcLogs());
                placeholders.putAll(reused.placeholders());
                readiness.putAll(reused.readiness());
                for (ChildProcess c : targets) {
                    logFrom.put(c, LogScanner.position(c.log()));
                    sampler.watch(c);
                    observed.add(c);
                }
            }
            for (Cell.CellProcess p : reused != null ? List.<Cell.CellProcess>of() : cell.processes()) {
                Path log = cellDir.resolve(p.name() + "-" + repeat + ".log");
                Path gc = cellDir.resolve(p.name() + "-" + repeat + "-gc.log");
                Files.deleteIfExists(gc);
                gcLogs.put(p.name(), gc);
                List<String> cmd = commands.target(p, gc, placeholders);
                boolean loads = selfLoading && p.name().equals(cell.entry());
                if (loads) {
                    cmd = new ArrayList<>(cmd);
                    cmd.addAll(Commands.selfLoadArgs(cell, suite, json, writeBody(cell, cellDir)));
                }
                Files.writeString(cellDir.resolve(p.name() + "-" + repeat + ".cmd"), String.join(" ", cmd) + "\n");
                ChildProcess c = ChildProcess.start("target", p.name(), cmd, log, loads ? watch::line : null,
                        supervisor);
                if (loads) {
                    selfLoader = c;
                }
                started.add(c);
                targets.add(c);
                observed.add(c);
                sampler.watch(c);
                Optional<String> line = c.awaitLine(l -> l.startsWith(Readiness.PREFIX), suite.startupTimeout());
                if (interrupted) {
                    throw new InterruptedException("run interrupted");
                }
                if (line.isEmpty()) {
                    c.awaitOutput(Duration.ofMillis(500));
                    Integer code = c.exitCode();
                    startProblem = "target " + p.name() + (code != null ? " exited with code " + code + " before it was ready"
                            : " did not print its readiness line within " + suite.startupTimeout().toSeconds() + "s")
                            + "; last lines of its log:\n" + lastLines(c, 8);
                    break;
                }
                Map<String, String> attrs = Readiness.parse(line.get()).orElse(Map.of());
                readiness.put(p.name(), attrs);
                attrs.forEach((k, v) -> placeholders.put(p.name() + "." + k, v));
            }
            if (startProblem == null && selfLoading) {
                // a client-side system under test: it loads by itself; follow it like an injector
                injector = selfLoader;
                ChildProcess loader = selfLoader;
                long limitMs = suite.warmup().toMillis() + suite.measure().toMillis() + 60_000;
                long deadline = System.nanoTime() + limitMs * 1_000_000;
                while (injector.isAlive() && System.nanoTime() < deadline && !interrupted) {
                    if (targets.stream().anyMatch(t -> t != loader && t.exitedOnItsOwn())) {
                        break;
                    }
                    injector.process().waitFor(200, TimeUnit.MILLISECONDS);
                }
                if (interrupted) {
                    throw new InterruptedException("run interrupted");
                }
                injectorEnd = sampler.now();
                sampler.sampleNow();
                if (injector.isAlive()) {
                    injectorProblem = "the self-loading target " + injector.name() + " did not finish within "
                            + limitMs / 1000 + "s";
                }
                fetchStats(cell, readiness, targetStats);
            } else if (startProblem == null) {
                Map<String, String> entry = readiness.getOrDefault(cell.entry(), Map.of());
                String protocol = Commands.loadProtocol(cell, entry);
                String host = entry.getOrDefault("host", "127.0.0.1");
                String url = ("h2".equals(protocol) ? "https" : "http") + "://" + (host.contains(":") ? "[" + host + "]" : host)
                        + ":" + entry.get("port") + cell.scenario().path();
                Path body = writeBody(cell, cellDir);
                Optional<ExternalInjector> peer = ExternalInjectors.byName(cell.load().injectorName());
                if (peer.isPresent()) {
                    ExternalLoad.Outcome o = new ExternalLoad(peer.get(), supervisor, grace, listener, cell, pos, suite,
                            cellDir, repeat, () -> interrupted || targets.stream().anyMatch(ChildProcess::exitedOnItsOwn))
                            .run(ExternalLoad.request(peer.get(), cell, suite, url, protocol, body, cellDir,
                                    http10KeepAlive(cell)), sampler, json, reused == null);
                    injector = o.process();
                    if (injector != null) {
                        started.add(injector);
                        observed.add(injector);
                    }
                    injectorProblem = o.problem();
                    notes.addAll(o.warnings());
                    watch.measureStart = o.measureStart();
                    injectorEnd = o.end();
                    if (interrupted) {
                        throw new InterruptedException("run interrupted");
                    }
                    if (injectorProblem == null && targets.stream().anyMatch(ChildProcess::exitedOnItsOwn)
                            && injector != null && injector.isAlive()) {
                        injectorProblem = "the injector was stopped because a target exited";
                    }
                    fetchStats(cell, readiness, targetStats);
                } else {
                List<String> cmd = commands.injector(cell, suite, url, protocol, json, body, reused == null);
                Files.writeString(cellDir.resolve("injector-" + repeat + ".cmd"), String.join(" ", cmd) + "\n");
                injector = ChildProcess.start("injector", "injector", cmd, cellDir.resolve("injector-" + repeat + ".log"),
                        watch::line, supervisor);
                started.add(injector);
                observed.add(injector);
                sampler.watch(injector);
                long limitMs = suite.warmup().toMillis() + suite.measure().toMillis() + 60_000;
                long deadline = System.nanoTime() + limitMs * 1_000_000;
                while (injector.isAlive() && System.nanoTime() < deadline && !interrupted) {
                    if (targets.stream().anyMatch(ChildProcess::exitedOnItsOwn)) {
                        break; // a target died: no point loading a dead server for the rest of the phase
                    }
                    injector.process().waitFor(200, TimeUnit.MILLISECONDS);
                }
                if (interrupted) {
                    throw new InterruptedException("run interrupted");
                }
                injectorEnd = sampler.now();
                sampler.sampleNow();
                fetchStats(cell, readiness, targetStats);
                if (injector.isAlive()) {
                    injectorProblem = targets.stream().anyMatch(ChildProcess::exitedOnItsOwn)
                            ? "the injector was stopped because a target exited"
                            : "the injector did not finish within " + limitMs / 1000 + "s";
                }
                }
            }
            // who died on their own, before we stop anyone
            List<String> crashed = new ArrayList<>();
            for (ChildProcess t : targets) {
                boolean finishedLoading = t == selfLoader && Integer.valueOf(0).equals(t.exitCode());
                if (t.exitedOnItsOwn() && startProblem == null && !finishedLoading) {
                    crashed.add("target " + t.name() + " (exit code " + t.exitCode() + ")");
                }
            }
            java.util.Set<ChildProcess> exitedAlone = new java.util.HashSet<>();
            observed.stream().filter(ChildProcess::exitedOnItsOwn).forEach(exitedAlone::add);
            listener.progress(cell, pos, new RunListener.Progress("stopping", 0, 0, false, 0, 0, 0));
            keepTargets = suite.sharedTargets() && startProblem == null && crashed.isEmpty()
                    && targets.stream().allMatch(ChildProcess::isAlive);
            if (keepTargets && reused == null) {
                shared = new SharedTargets(key, cell.id(), List.copyOf(targets), Map.copyOf(gcLogs),
                        Map.copyOf(placeholders), Map.copyOf(readiness));
            } else if (!keepTargets && reused != null) {
                shared = null;
                started.addAll(targets); // a shared target that crashed or misbehaved is stopped, not reused
            }
            supervisor.stop(keepTargets ? started.stream().filter(c -> !targets.contains(c)).toList() : started, grace);
            if (interrupted) {
                throw new InterruptedException("run interrupted");
            }
            LoadResult load = null;
            if (injector != null) {
                Integer code = injector.exitCode();
                if (Files.exists(json)) {
                    try {
                        load = Json.read(json, LoadResult.class);
                    } catch (IOException e) {
                        injectorProblem = "the injector's result " + runDir.relativize(json) + " is unreadable: " + e.getMessage();
                    }
                }
                if (injectorProblem == null && code != null && code != 0) {
                    injectorProblem = "the injector failed (exit code " + code + (code == 2 ? ": bad input" : "")
                            + "); last lines of its log:\n" + lastLines(injector, 8);
                } else if (injectorProblem == null && load == null) {
                    injectorProblem = "the injector wrote no result document; last lines of its log:\n" + lastLines(injector, 8);
                }
            }
            // the measured window, in seconds since the repeat started
            double from = Double.NaN;
            double to = Double.NaN;
            if (load != null) {
                if (!Double.isNaN(watch.measureStart)) {
                    from = watch.measureStart;
                    to = Math.min(from + load.durationS(), injectorEnd);
                } else if (!Double.isNaN(injectorEnd)) {
                    to = injectorEnd;
                    from = to - load.durationS();
                }
            }
            boolean window = !Double.isNaN(from) && to > from;
            List<ProcessStats> stats = new ArrayList<>();
            List<LogFinding> findings = new ArrayList<>();
            double injectorCores = Double.NaN;
            double allCpu = 0;
            double injectorCpu = Double.NaN;
            for (ChildProcess c : observed) {
                List<ProcessSample> samples = sampler.samples(c);
                double cpu = window ? Sampler.cpuAt(samples, to) - Sampler.cpuAt(samples, from) : Double.NaN;
                double seconds = window ? to - from : Double.NaN;
                double cores = window ? cpu / seconds : Double.NaN;
                // the rate over the sampled window times the injector's own measured duration: the same figure when
                // the window covers the phase, and honest when an external tool's last second fell between samples
                double perReq = load != null && load.requestsOk() > 0 && window
                        ? cpu / (to - from) * load.durationS() * 1e6 / load.requestsOk() : Double.NaN;
                GcLog.Pauses gc = null;
                if (c.role().equals("target")) {
                    double offset = (c.startNanos() - origin) / 1e9;
                    gc = window ? GcLog.parse(gcLogs.get(c.name()), from - offset, to - offset)
                            : GcLog.parse(gcLogs.get(c.name()), Double.NaN, Double.NaN);
                }
                boolean died = exitedAlone.contains(c) && (c.role().equals("target") && c != selfLoader
                        ? startProblem == null : c.exitCode() != null && c.exitCode() != 0);
                stats.add(new ProcessStats(c.role(), c.name(), c.pid(), round(cpu, 3), round(perReq, 2), round(cores, 3),
                        samples.stream().mapToDouble(ProcessSample::rssMb).max().orElse(0),
                        samples.stream().mapToInt(ProcessSample::threads).max().orElse(0),
                        gc == null ? null : gc.count(), gc == null ? null : gc.totalMs(),
                        c.exitCode(), died, runDir.relativize(c.log()).toString(), samples,
                        gc == null ? null : gc.scope()));
                if (!Double.isNaN(cpu)) {
                    allCpu += cpu;
                }
                if (c == injector && !selfLoading) {
                    injectorCores = cores;
                    injectorCpu = cpu;
                }
                findings.addAll(LogScanner.scan(c.name(), c.log(), logFrom.getOrDefault(c, 0L)));
            }
            if (Double.isNaN(injectorCores) && !selfLoading && load != null && load.injectorCpuCores() > 0) {
                injectorCores = load.injectorCpuCores();
            }
            double share = allCpu > 0 && !Double.isNaN(injectorCpu) ? injectorCpu / allCpu : Double.NaN;
            int cpus = Runtime.getRuntime().availableProcessors();
            double ours = window ? allCpu / (to - from) : Double.NaN;
            MachineCpu machine = window ? sampler.machineCores(from, to).map(m -> new MachineCpu((int) Math.round(m[0] + m[1]), round(m[0], 3),
                    round(m[1], 3), round(Math.max(0, m[0] - ours), 3))).orElse(null) : null;
            int loops = ExternalInjectors.byName(cell.load().injectorName()).isPresent() ? ExternalLoad.threads(cell)
                    : cell.load().threads() != null ? cell.load().threads() : Math.min(cpus, cell.load().connections());
            RepeatFacts facts = new RepeatFacts(startProblem, crashed, injectorProblem, load, findings, injectorCores,
                    Math.min(cpus, loops), share, suite.autoWarmup());
            Verdict.Outcome v = Verdict.repeat(facts, Thresholds.of(suite));
            List<String> reasons = new ArrayList<>(v.reasons());
            notes.forEach(n -> reasons.add(Verdict.WARNING + n));
            return new RepeatResult(repeat, startedAt, load, stats, findings, v.valid(), reasons,
                    Double.isNaN(share) ? null : round(share, 3), window ? round(to - from, 3) : null, readiness,
                    targetStats.isEmpty() ? null : targetStats, reused != null ? reused.cellId() : null, machine);
        } finally {
            if (keepTargets) {
                List<ChildProcess> kept = targets;
                supervisor.stop(started.stream().filter(c -> !kept.contains(c)).toList(), grace);
            } else {
                supervisor.stop(started, grace);
            }
        }
    }

    /** Whether ab may use {@code -k} against the entry target (the registry says when it cannot). */
    private boolean http10KeepAlive(Cell cell) {
        return registry.target(cell.entryProcess().target()).map(d -> !Boolean.FALSE.equals(d.http10KeepAlive()))
                .orElse(true);
    }

    private static Path writeBody(Cell cell, Path cellDir) throws IOException {
        if (cell.scenario().body() == null) {
            return null;
        }
        Path body = cellDir.resolve("body.txt");
        Files.writeString(body, cell.scenario().body());
        return body;
    }

    /** Fetches the document of every process that announced a {@code stats} path; a failure is noted, not fatal. */
    private static void fetchStats(Cell cell, Map<String, Map<String, String>> readiness, Map<String, Object> out) {
        readiness.forEach((process, attrs) -> {
            String path = attrs.get("stats");
            String port = attrs.get("port");
            if (path == null) {
                return;
            }
            if (path.startsWith("http://") || path.startsWith("https://")) {
                out.put(process, TargetStats.fetch(java.net.URI.create(path)));
            } else if (port != null && !"0".equals(port)) {
                out.put(process, TargetStats.fetch(attrs.getOrDefault("host", "127.0.0.1"), Integer.parseInt(port),
                        "h2".equals(attrs.get("protocol")), path));
            }
        });
    }

    private static String lastLines(ChildProcess c, int n) {
        List<String> t = c.tail();
        List<String> last = t.subList(Math.max(0, t.size() - n), t.size());
        return last.isEmpty() ? "  (the log is empty)" : "  " + String.join("\n  ", last);
    }

    private static double round(double v, int digits) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return v;
        }
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }

    /** Follows the injector's machine progress lines: live figures and the start of the measured phase. */
    private final class InjectorWatch {
        private final Cell cell;
        private final RunListener.Position pos;
        private final Suite suite;
        volatile Sampler sampler;
        volatile double measureStart = Double.NaN;

        InjectorWatch(Cell cell, RunListener.Position pos, Suite suite) {
            this.cell = cell;
            this.pos = pos;
            this.suite = suite;
        }

        void line(String line) {
            Optional<ProgressLine> p = ProgressLine.parse(line);
            if (p.isEmpty()) {
                return;
            }
            ProgressLine pl = p.get();
            Sampler s = sampler;
            if (pl.phase().equals("measure") && Double.isNaN(measureStart) && s != null) {
                measureStart = Math.max(0, s.now() - pl.t());
                s.sampleNow();
            }
            boolean warm = pl.phase().equals("warmup");
            double length = warm ? suite.warmup().toMillis() / 1000.0 : suite.measure().toMillis() / 1000.0;
            listener.progress(cell, pos, new RunListener.Progress(pl.phase(), pl.t(), length, warm && suite.autoWarmup(),
                    pl.rps(), pl.ok(), pl.errors()));
        }
    }

    /** Children started and not yet stopped (tests check that none is left). */
    List<ChildProcess> liveChildren() {
        return supervisor.live();
    }
}
