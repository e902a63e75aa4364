package dev.fluxlab.runner;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.results.ResultsFile;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.Summaries;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.placement.CpuList;
import dev.fluxlab.model.suite.SuiteHost;
import dev.fluxlab.runner.host.CpuAffinity;
import dev.fluxlab.runner.host.LabHosts;
import dev.fluxlab.runner.host.Launcher;
import dev.fluxlab.runner.launch.Commands;
import dev.fluxlab.runner.launch.LaunchContext;
import dev.fluxlab.runner.listen.RunListener;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.Supervisor;
import dev.fluxlab.runner.profile.ProfilerLibrary;
import dev.fluxlab.runner.registry.TargetRegistry;
import dev.fluxlab.runner.decide.ClaimTrials;
import dev.fluxlab.runner.drive.SharedInjector;
import dev.fluxlab.runner.target.SharedTargets;
import dev.fluxlab.runner.target.TargetSet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs a suite's cells: for every cell and repeat it starts the target JVM(s), waits for their readiness line,
 * runs the injector JVM, samples every child's CPU and memory, stops everything, scans the logs, judges the repeat,
 * and writes {@code results.json} atomically after every cell. {@link #interrupt()} (from a shutdown hook) stops all
 * children and leaves results.json with status {@code interrupted}; a later run with the previous
 * {@link RunResult} runs only the missing cells.
 */
public final class Runner {

    public static final String RESULTS_FILE = ResultsFile.NAME;
    public static final String SUITE_COPY = "suite.yaml";
    /** The lock a run holds on its results folder while it runs ({@link ResultsLock}). */
    public static final String LOCK_FILE = ResultsLock.FILE;

    private final TargetRegistry registry;
    private final RunListener listener;
    private final Duration grace;
    private final Supervisor supervisor = new Supervisor();
    private final CountDownLatch finished = new CountDownLatch(1);
    private final Object resultsLock = new Object();

    private volatile boolean interrupted;
    private volatile Path runDir;
    private RunResult current;
    private final SharedTargets shared;
    private final SharedInjector sharedInjector;
    private final GroupRunner groups;
    private final TargetTraining training;
    private final ClaimTrials trials;
    private final Launcher launcher;
    private volatile LabHosts hosts = LabHosts.none();

    private Runner(Builder b) {
        this.registry = b.registry;
        this.listener = b.listener;
        this.grace = b.grace;
        this.shared = new SharedTargets(supervisor, grace);
        this.launcher = new Launcher(b.java, registry.classpath(registry.injector()));
        this.sharedInjector = new SharedInjector(launcher, supervisor, grace);
        ProfilerLibrary profiler = b.profiler == null ? ProfilerLibrary.installed(b.java) : b.profiler;
        LaunchContext launch = new LaunchContext(registry, new Commands(b.registry, b.java), launcher, supervisor,
                grace, listener, () -> interrupted);
        RepeatRunner repeats = new RepeatRunner(launch, shared, sharedInjector, profiler);
        this.training = new TargetTraining(launch, profiler);
        this.groups = new GroupRunner(registry, repeats, listener, () -> interrupted, () -> interrupted = true);
        this.trials = new ClaimTrials(launch);
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
        private ProfilerLibrary profiler;

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

        /** async-profiler's library for profiled repeats (default: the one the build unpacked for this machine). */
        public Builder profiler(ProfilerLibrary profiler) {
            this.profiler = profiler;
            return this;
        }

        public Runner build() {
            return new Runner(this);
        }
    }

    /**
     * A new results folder {@code <base>/results/<yyyyMMdd-HHmmss>-<suite>} (then {@code -2}, {@code -3}...), created
     * here, the suite's name cut to 100 characters.
     */
    public static Path newRunDir(Path base, String suiteName) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        String name = suiteName.length() > Suite.MAX_NAME ? suiteName.substring(0, Suite.MAX_NAME) : suiteName;
        String safe = name.replaceAll("[^A-Za-z0-9._-]", "-");
        Path results = base.resolve("results");
        Path dir = results.resolve(stamp + "-" + safe);
        // the folder is claimed here, atomically: two runs started in the same second both saw a free name and the
        // second was refused as "in use by another fluxlab run"
        try {
            Files.createDirectories(results);
            for (int i = 2; ; i++) {
                try {
                    Files.createDirectory(dir);
                    return dir;
                } catch (java.nio.file.FileAlreadyExistsException e) {
                    dir = results.resolve(stamp + "-" + safe + "-" + i);
                }
            }
        } catch (IOException e) {
            return dir; // not creatable: the run says so when it writes there
        }
    }

    /**
     * Reads a previous run's results.json for {@code --resume}, with every check the report applies
     * ({@link ResultsFile#read}); a missing cell list is an empty one.
     *
     * @throws ResultsFile.Refused when it is not a run this fluxlab wrote (the message is complete)
     * @throws IOException         when it cannot be read or parsed
     */
    public static RunResult load(Path runDir) throws IOException {
        RunResult r = ResultsFile.read(runDir.resolve(RESULTS_FILE));
        return r.cells() != null ? r : RunDocument.withCells(r, List.of(), r.status());
    }

    // ------------------------------------------------------------------ the run

    /**
     * Runs {@code suite} into {@code dir}. With {@code previous} (a resumed run), cells already in it are kept and
     * only the missing ones run. Returns the final document.
     *
     * @throws ResultsInUseException when another run holds {@code dir} (nothing was started)
     * @throws ResultsLostException when results.json could not be written: no further cell was started
     */
    public RunResult run(Suite suite, Path dir, RunResult previous) throws IOException {
        if (registry.withCommands(suite) != registry) {
            throw new IllegalArgumentException("the suite has command targets: build the runner with "
                    + "registry.withCommands(suite)");
        }
        this.runDir = dir.toAbsolutePath();
        boolean created = !Files.exists(runDir);
        // the folder's lock first, then the hosts: a second runner refused on a folder in use (a --resume of a live
        // run) had prepared the hosts before and, closing them, removed the live run's folder on every host
        try (ResultsLock lock = ResultsLock.acquire(runDir)) {
            try {
                hosts = prepareHosts(suite);
            } catch (RuntimeException | IOException e) {
                lock.close();
                if (created) {
                    ResultsLock.removeBare(runDir); // nothing was started: no folder holding only the lock stays
                }
                throw e;
            }
            try {
                launcher.use(hosts, runDir);
                return runLocked(suite, previous);
            } finally {
                hosts.close();
                hosts = LabHosts.none();
            }
        }
    }

    /**
     * The suite's hosts that some cell places a role on, ready before anything is written or started: checked, jars
     * shipped, agents running, and every cell's CPU lists checked against each host's online CPUs.
     *
     * @throws HostException  naming the host and the fix (nothing was started)
     * @throws SuiteException a CPU list a host does not have, at its line
     */
    private LabHosts prepareHosts(Suite suite) throws IOException {
        Map<String, SuiteHost> used = new LinkedHashMap<>();
        for (Cell cell : suite.cells()) {
            Stream.concat(cell.processes().stream().map(Cell.CellProcess::host), cell.load().hosts().stream())
                    .filter(Objects::nonNull).forEach(h -> used.put(h, suite.hosts().get(h)));
        }
        if (used.isEmpty()) {
            return LabHosts.none();
        }
        LabHosts ready = LabHosts.prepare(used, registry.classpath(registry.injector()), registry.injector().main(),
                runDir, listener::note);
        try {
            CpuList local = CpuAffinity.localOnline();
            for (Cell cell : suite.cells()) {
                suite.placement(cell, h -> h == null ? local : ready.get(h).facts().onlineCpus());
            }
            HostRoles.equip(suite, registry, ready, launcher, listener::note);
        } catch (RuntimeException | IOException e) {
            ready.close();
            throw e;
        }
        return ready;
    }

    private RunResult runLocked(Suite suite, RunResult previous) throws IOException {
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
                    previous != null && previous.environment() != null ? previous.environment()
                            : EnvironmentProbe.probe().withPlacement(suite.placementSummary(CpuAffinity.localOnline())),
                    suite.tables(),
                    suite.settings(),
                    RunDocument.ordered(cells, done), null).withHosts(hosts.records());
            write();
        }
        listener.runStarted(current, todo.size(), resultsFile());
        String status = "complete";
        ResultsLostException lost = null;
        Throwable failure = null;
        try {
            shared.wantLater(trials.wantedTargets(suite));
            runCells(suite, cells, todo, done);
            decideClaims(suite);
            if (interrupted) {
                status = "interrupted";
            }
        } catch (ResultsLostException e) {
            status = "failed";
            lost = e;
        } catch (RuntimeException | IOException | Error e) {
            status = interrupted ? "interrupted" : "failed";
            failure = e;
            throw e;
        } finally {
            lost = finish(status, suite, lost, failure);
        }
        if (lost != null) {
            throw lost;
        }
        return current;
    }

    /** Runs the cells still to do, group by group, writing results.json after each cell. */
    private void runCells(Suite suite, List<Cell> cells, List<Cell> todo, Map<String, CellResult> done)
            throws IOException {
        int first = 1;
        for (List<Cell> group : RepeatGroups.of(suite, todo)) {
            if (interrupted) {
                return;
            }
            training.ensure(suite, group, runDir); // the group's missing AOT caches, before any of its clocks start
            List<CellResult> results = groups.run(suite, group, runDir, first, todo.size());
            if (results == null) {
                return; // interrupted in the middle of the group: it is left out and runs again on --resume
            }
            for (int k = 0; k < group.size(); k++) {
                Cell cell = group.get(k);
                synchronized (resultsLock) {
                    done.put(cell.id(), results.get(k));
                    current = RunDocument.withCells(current, RunDocument.ordered(cells, done), current.status());
                    write();
                }
                listener.cellFinished(cell, new RunListener.Position(first + k, todo.size(), suite.repeats(),
                        suite.repeats()), results.get(k));
            }
            first += group.size();
        }
    }

    /**
     * Runs the suite's claims' interleaved trials ({@link ClaimTrials}) once every cell has run, and records them;
     * an interrupted run keeps the trials that ended. The claims are judged from them when the run ends.
     */
    private void decideClaims(Suite suite) throws IOException {
        if (interrupted || suite.claims().isEmpty()) {
            return;
        }
        // the cells' warm target sets that the claims need go to the trials, and so does their warm injector
        Map<String, TargetSet> warm = shared.handOver();
        List<dev.fluxlab.model.decide.TrialRecord> records = trials.run(suite, current.cells(), runDir, warm,
                sharedInjector);
        synchronized (resultsLock) {
            current = current.withTrials(records);
            write();
        }
    }

    /**
     * Ends the run: stops every child, writes the final document and tells the listener (not when results.json was
     * lost: the caller reports that). Returns the loss, if any; a loss while {@code failure} propagates is added to it.
     */
    private ResultsLostException finish(String status, Suite suite, ResultsLostException lost, Throwable failure) {
        shared.forget();
        shared.stopParked();
        sharedInjector.release();
        supervisor.close(grace);
        try {
            synchronized (resultsLock) {
                current = RunDocument.judged(current, suite.aa(), suite.claims());
                if (!hosts.isEmpty()) {
                    current = current.withHosts(hosts.records()); // the agents' cost over the whole run
                }
                current = RunDocument.finish(current, status);
                write();
            }
        } catch (ResultsLostException e) {
            if (failure != null) {
                failure.addSuppressed(e);
            } else if (lost == null) {
                lost = e;
            }
        }
        try {
            if (lost == null) {
                listener.runFinished(current, resultsFile());
            }
        } finally {
            finished.countDown();
        }
        return lost;
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
                        current = RunDocument.finish(current, "interrupted");
                        write();
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ResultsLostException e) {
            System.err.println("fluxlab: " + e.getMessage());
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

    /** Writes the current document; a failure means results are lost, and the run must not go on as if not. */
    private void write() throws ResultsLostException {
        try {
            Json.writeAtomically(resultsFile(), current);
        } catch (IOException | RuntimeException e) {
            throw new ResultsLostException(resultsFile(), e);
        }
    }

    /** Children started and not yet stopped (tests check that none is left). */
    List<ChildProcess> liveChildren() {
        return supervisor.live();
    }
}
