package dev.fluxlab.runner.decide;

import dev.fluxlab.model.inject.Capability;
import dev.fluxlab.model.Decimals;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.claim.Claim;
import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.contract.MeasureGate;
import dev.fluxlab.model.decide.DecideMethod;
import dev.fluxlab.model.decide.PairTest;
import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.model.decide.Trial;
import dev.fluxlab.model.decide.TrialRecord;
import dev.fluxlab.model.decide.Window;
import dev.fluxlab.model.decide.WindowFigure;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.placement.CpuList;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.warmup.WarmupPolicy;
import dev.fluxlab.runner.drive.LoadJob;
import dev.fluxlab.runner.drive.LoadWait;
import dev.fluxlab.runner.drive.SharedInjector;
import dev.fluxlab.runner.drive.StartGate;
import dev.fluxlab.runner.host.CpuAffinity;
import dev.fluxlab.runner.host.Launcher;
import dev.fluxlab.runner.launch.Commands;
import dev.fluxlab.runner.launch.LaunchContext;
import dev.fluxlab.runner.listen.RunListener;
import dev.fluxlab.runner.observe.LogScanner;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.Sampler;
import dev.fluxlab.runner.process.Supervisor;
import dev.fluxlab.runner.registry.LaunchDef;
import dev.fluxlab.runner.registry.TargetRegistry;
import dev.fluxlab.runner.target.TargetSet;
import dev.fluxlab.runner.target.TargetStarter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The process side of a decided claim: after the run's cells, each claim's cells are brought up together (one target
 * set per distinct set of target processes, all alive at once, each warmed up once) and loaded in turn, in short
 * windows, round after round in a random order within each round, until the claim's sequential {@link Trial} decides
 * or its budget ({@code decide_max}) is spent. The machine's slow moves then fall on every compared cell alike, and
 * the order effect of measuring one cell after another cancels. Every window is a job of one injector JVM kept for the
 * trial ({@link SharedInjector}); the statistics live in {@code dev.fluxlab.model.decide}, which this class asks what
 * comes next and tells what each window measured.
 *
 * <p>With {@code decide_method: duet} ({@link DecideMethod#DUET}) a round loads all of the claim's cells at once
 * instead: one kept injector JVM per cell, each running its cell's window job, their measured phases released together
 * by a start gate ({@link StartGate}), so that whatever the machine does in that span falls on every cell of the round.
 * A claim whose cells cannot be loaded so ({@link #duetUnsuitable}) alternates, and its reason says why.
 */
public final class ClaimTrials {

    /**
     * The first round to count: round 0 is a burn-in, each cell loaded once in the trial's order and not counted (the
     * first windows after a warm-up that ended on a settled throughput still ran 10-40 % below the later ones here),
     * and run again while a JVM still compiled in it ({@link BurnIn}).
     */
    static final int BURN_IN = 0;
    /** Rounds before the first look. */
    static final int MIN_ROUNDS = dev.fluxlab.model.decide.Trial.MIN_ROUNDS;
    /** The error rate of a trial's verdict (two-sided, over all its looks and pairs). */
    static final double ALPHA = 0.05;
    /** Stop undecided once every open pair would need 4 times the planned rounds ({@link Trial#futile}). */
    static final double FUTILITY = 4;
    /** A job that has not ended this long after its planned end stops the trial. */
    static final Duration JOB_SLACK = Duration.ofSeconds(30);

    private final TargetRegistry registry;
    private final Commands commands;
    private final Launcher launcher;
    private final Supervisor supervisor;
    private final Duration grace;
    private final RunListener listener;
    private final BooleanSupplier interrupted;

    public ClaimTrials(LaunchContext launch) {
        this.registry = launch.registry();
        this.commands = launch.commands();
        this.launcher = launch.launcher();
        this.supervisor = launch.supervisor();
        this.grace = launch.grace();
        this.listener = launch.listener();
        this.interrupted = launch.interrupted();
    }

    /**
     * The targets keys ({@link Cell#targetsKey()}) of the cells the suite's claims may interleave: their sets, warm
     * from the cells, are worth keeping for the trials ({@code SharedTargets#wantLater}). Empty when trials are off.
     */
    public java.util.Set<String> wantedTargets(Suite suite) {
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        Map<String, Cell> byId = new LinkedHashMap<>();
        suite.cells().forEach(c -> byId.put(c.id(), c));
        for (Claim claim : suite.claims()) {
            if (claimUnsuitable(suite, claim).isPresent()) {
                continue;
            }
            for (Claim.ClaimCell cc : claim.cells()) {
                Cell cell = byId.get(cc.id());
                if (cell != null && cellUnsuitable(cell, cc.label()).isEmpty()) {
                    out.add(cell.targetsKey());
                }
            }
        }
        return out;
    }

    /**
     * One trial per claim of {@code suite} (in its order), judged on the run's {@code cells}; empty without claims.
     * The trials start from what the cells left running: {@code warm}, target sets by targets key, which they use
     * instead of starting their own (a warm set still gets each cell's warm-up, the short one of warm targets), and
     * {@code injector}, the cells' kept injector JVM, which the windows use while its command line fits (a duet's
     * further injectors are started); both are stopped when the trials end, used or not.
     */
    public List<TrialRecord> run(Suite suite, List<CellResult> cells, Path runDir, Map<String, TargetSet> warm,
                                 SharedInjector injector) throws IOException {
        List<TrialRecord> out = new ArrayList<>();
        Map<String, CellResult> byId = new LinkedHashMap<>();
        cells.forEach(c -> byId.put(c.id(), c));
        Map<String, Cell> suiteCells = new LinkedHashMap<>();
        suite.cells().forEach(c -> suiteCells.put(c.id(), c));
        List<Claim> claims = suite.claims();
        Live live = new Live(injector);
        live.sets.putAll(warm);
        try {
            for (int k = 0; k < claims.size(); k++) {
            if (interrupted.getAsBoolean()) {
                break;
            }
            Claim claim = claims.get(k);
            List<String> ids = claim.cells().stream().map(Claim.ClaimCell::id).toList();
            String figure = claim.figure().key();
            Optional<String> noDuet = suite.decideMethod() == DecideMethod.DUET
                    ? duetUnsuitable(claim, suiteCells) : Optional.empty();
            DecideMethod method = noDuet.isPresent() ? DecideMethod.ALTERNATE : suite.decideMethod();
            Optional<String> why = unsuitable(suite, claim, byId, suiteCells, method);
            if (why.isPresent()) {
                out.add(TrialRecord.notRun(claim.title(), figure, ids, why.get()));
                continue;
            }
            Path dir = runDir.resolve("decide").resolve("claim-" + (k + 1));
            Files.createDirectories(dir);
            TrialPhases.Phases phases = TrialPhases.of(ids.stream().map(byId::get).toList());
            listener.notice(String.format(Locale.ROOT, "deciding claim %d/%d '%s': its %d cells %s in %s s "
                    + "windows (after %s s of settling), at most %s", k + 1, claims.size(), claim.title(), ids.size(),
                    method == DecideMethod.DUET ? "loaded together (duet)" : "interleaved",
                    Decimals.format(phases.window().toMillis() / 1e3),
                    Decimals.format(phases.settle().toMillis() / 1e3),
                    dev.fluxlab.model.Durations.format(suite.decideMax())));
            out.add(trial(suite, claim, ids.stream().map(suiteCells::get).toList(), byId,
                    WindowFigure.byKey(figure).orElseThrow(), runDir, dir, live, method)
                    .withMethod(method, noDuet.orElse(null)));
            }
        } finally {
            live.close();
        }
        return out;
    }

    /**
     * What the trials of one run keep alive between claims: every target set started (by its cells' targets key; the
     * claims of a suite share cells, and a Spring target needs half a minute of load to warm), the cells warmed on them,
     * and the one injector JVM. All of it is stopped when the last trial ended. Only the processes a claim needs are
     * started, so the memory held is at most that of the distinct targets of the suite's claims.
     */
    private final class Live implements AutoCloseable {
        final Map<String, TargetSet> sets = new LinkedHashMap<>();
        final java.util.Set<String> warmed = new java.util.HashSet<>();
        final SharedInjector injector;
        /** Under duet, the injectors of the cells after the first (the first uses {@link #injector}). */
        final List<SharedInjector> others = new ArrayList<>();

        Live(SharedInjector injector) {
            this.injector = injector;
        }

        /** The kept injector of the {@code i}-th cell of a duet round (the one injector for {@code i} 0). */
        SharedInjector injector(int i) {
            if (i == 0) {
                return injector;
            }
            while (others.size() < i) {
                others.add(new SharedInjector(launcher, supervisor, grace));
            }
            return others.get(i - 1);
        }

        @Override
        public void close() {
            injector.release();
            others.forEach(SharedInjector::release);
            List<ChildProcess> stop = new ArrayList<>();
            sets.values().forEach(s -> stop.addAll(s.processes()));
            supervisor.stop(stop, grace);
            sets.clear();
        }
    }

    /** Why no claim of {@code suite} like {@code claim} can be interleaved, whatever its cells did. */
    private static Optional<String> claimUnsuitable(Suite suite, Claim claim) {
        if (suite.decideMax().isZero()) {
            return Optional.of("decide_max is 0s");
        }
        Optional<String> small = claim.notJudgeable(Runtime.getRuntime().availableProcessors());
        if (small.isPresent()) {
            return small;
        }
        if (WindowFigure.byKey(claim.figure().key()).isEmpty()) {
            return Optional.of("its figure " + claim.figure().key() + " is not measured per window (windows carry "
                    + String.join(", ", java.util.Arrays.stream(WindowFigure.values()).map(WindowFigure::key).toList())
                    + ")");
        }
        return Optional.empty();
    }

    /** Why {@code cell} (named {@code label}) cannot take part in a trial, as the suite declares it. */
    private Optional<String> cellUnsuitable(Cell cell, String label) {
        boolean sessions = cell.load().traits().can(Capability.SESSIONS);
        if (!sessions || cell.load().injectors() != 1 || !cell.load().hosts().isEmpty()) {
            return Optional.of(label + " is loaded by " + (sessions
                    ? "several injectors or on a suite host" : cell.load().injectorName())
                    + ": trials use one local fluxlab injector");
        }
        if (cell.load().requests() != null || cell.load().prime() != null) {
            return Optional.of(label + " has a request count or a priming load");
        }
        if (cell.processes().stream().anyMatch(p -> p.host() != null)) {
            return Optional.of(label + " runs a target on a suite host");
        }
        if (registry.target(cell.entryProcess().target()).map(LaunchDef::isSelfLoading).orElse(true)) {
            return Optional.of(label + "'s entry loads by itself");
        }
        return Optional.empty();
    }

    /**
     * Why the cells of {@code claim} cannot be loaded together in duet rounds, if they cannot; the trial then
     * alternates. Cells of one target set can (two loads on one JVM); a load whose injector has no start gate
     * ({@code --measure-gate}) cannot start its window with the others'.
     */
    static Optional<String> duetUnsuitable(Claim claim, Map<String, Cell> cells) {
        if (claim.cells().size() < 2) {
            return Optional.of("a duet needs two cells or more");
        }
        for (Claim.ClaimCell cc : claim.cells()) {
            Cell cell = cells.get(cc.id());
            if (cell != null && !cell.load().traits().can(Capability.SEVERAL_INJECTORS)) {
                return Optional.of(cc.label() + "'s injector " + cell.load().injectorName() + " has no start gate "
                        + "(--measure-gate) to begin its window with the others'");
            }
        }
        return Optional.empty();
    }

    /** Why {@code claim} cannot be interleaved here, if it cannot; its verdict then comes from the cells' repeats. */
    private Optional<String> unsuitable(Suite suite, Claim claim, Map<String, CellResult> results,
                                        Map<String, Cell> cells, DecideMethod method) {
        Optional<String> why = claimUnsuitable(suite, claim);
        if (why.isPresent()) {
            return why;
        }
        for (Claim.ClaimCell cc : claim.cells()) {
            CellResult r = results.get(cc.id());
            Cell cell = cells.get(cc.id());
            if (r == null || cell == null) {
                return Optional.of(cc.label() + " did not run");
            }
            // an invalid cell is tried all the same: the trial warms its targets again, and a window with errors
            // above max_error_rate ends the trial (a cell that was cold or unsettled in its repeat is the usual case)
            why = cellUnsuitable(cell, cc.label());
            if (why.isPresent()) {
                return why;
            }
        }
        if (commands.injectorSession(Path.of(".")).isEmpty()) {
            return Optional.of("the registry's injector runs one load per JVM");
        }
        Optional<String> clear = suite.interleaveAlways() ? Optional.empty()
                : dev.fluxlab.model.claim.ClearOfDrift.of(claim, results);
        if (clear.isPresent()) {
            return clear;
        }
        TrialPhases.Phases phases = TrialPhases.of(claim.cells().stream().map(cc -> results.get(cc.id())).toList());
        int perRound = method.windowsPerRound(claim.cells().size());
        if (phases.rounds(perRound, suite.decideMax()) < MIN_ROUNDS) {
            boolean capped = phases.slowest().multipliedBy((long) TrialPhases.WINDOW_RESPONSES).compareTo(TrialPhases.MAX_WINDOW) > 0;
            return Optional.of(String.format(Locale.ROOT, "its cells answer in up to %.1f s (p99 of their repeats), "
                    + "so each window is %s s with %s s of settling before it, and %d rounds of its %d cells need %s, "
                    + "more than decide_max %s%s", phases.slowest().toMillis() / 1e3,
                    Decimals.format(phases.window().toMillis() / 1e3),
                    Decimals.format(phases.settle().toMillis() / 1e3), MIN_ROUNDS,
                    claim.cells().size(), dev.fluxlab.model.Durations.format(phases.needs(perRound)),
                    dev.fluxlab.model.Durations.format(suite.decideMax()), capped
                            ? " (windows are capped at " + TrialPhases.MAX_WINDOW.toSeconds() + " s: cells this slow are judged "
                            + "from their repeats)" : ""));
        }
        return Optional.empty();
    }

    /** One claim's trial: targets up, each warmed, rounds until decided, everything stopped. */
    private TrialRecord trial(Suite suite, Claim claim, List<Cell> cells, Map<String, CellResult> results,
                              WindowFigure figure, Path runDir, Path dir, Live live, DecideMethod method)
            throws IOException {
        long started = System.nanoTime();
        List<String> ids = cells.stream().map(Cell::id).toList();
        TrialPhases.Phases phases = TrialPhases.of(cells.stream().map(c -> results.get(c.id())).toList());
        int maxRounds = phases.rounds(method.windowsPerRound(cells.size()), suite.decideMax());
        Trial.Plan plan = new Trial.Plan(MIN_ROUNDS, maxRounds, ALPHA, FUTILITY);
        Duration window = phases.window();
        Duration settle = phases.settle();
        List<PairTest> tests = dev.fluxlab.model.claim.ClaimTests.of(claim.relation(), ids);
        Trial trial = new Trial(ids, tests, figure, plan);
        long seed = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        List<Window> windows = new ArrayList<>();
        List<String> warmups = new ArrayList<>();
        Map<String, TargetSet> sets = live.sets;
        SharedInjector injector = live.injector;
        String ended = TrialRecord.BUDGET;
        try (Sampler sampler = new Sampler(started)) {
            CpuList online = CpuAffinity.localOnline();
            boolean duet = method == DecideMethod.DUET;
            List<Injector> sessions = new ArrayList<>();
            for (int i = 0; i < (duet ? cells.size() : 1); i++) {
                sessions.add(new Injector(duet ? live.injector(i) : injector,
                        commands.injectorSession(runDir).orElseThrow(),
                        dir.resolve(duet ? "injector-" + (i + 1) + ".log" : "injector.log"), runDir));
            }
            Injector session = sessions.get(0);
            sets.values().forEach(s -> s.processes().forEach(sampler::watch));
            Map<Cell, LoadArgs> windowArgs = new LinkedHashMap<>();
            for (int i = 0; i < cells.size(); i++) {
                Cell cell = cells.get(i);
                TargetSet set = sets.get(cell.targetsKey());
                if (set != null && !set.alive()) {
                    supervisor.stop(set.processes(), grace);
                    sets.remove(cell.targetsKey());
                    live.warmed.removeIf(id -> cells.stream().anyMatch(c -> c.id().equals(id)));
                    set = null;
                }
                boolean cold = set == null;
                if (set == null) {
                    Path setDir = Files.createDirectories(dir.resolve("set-" + (sets.size() + 1)));
                    TargetStarter.Started s = new TargetStarter(commands, launcher, supervisor, grace,
                            listener::notice).start(cell, suite.placement(cell, online), suite, 1, setDir, sampler, List.of(), null, interrupted);
                    if (s.problem() != null) {
                        sets.put(cell.targetsKey(), s.targets());
                        return record(claim, figure, ids, phases, plan, seed, windows, "a target did not start: "
                                + s.problem(), started, warmups);
                    }
                    set = s.targets();
                    sets.put(cell.targetsKey(), set);
                }
                windowArgs.put(cell, args(suite, cell, set, dir, false).forWindow(window, WarmupPolicy.fixed(settle),
                        dir.resolve(duet ? "window-" + (i + 1) + ".json" : "window.json")));
                Injector own = sessions.get(duet ? i : 0); // under duet a cell's injector warms up on its own cell
                if (!live.warmed.add(cell.id()) && !duet) {
                    // warmed for an earlier claim, and loaded by its windows since; under duet it warms up all the
                    // same, so that its own injector JVM, maybe new or another claim's, has compiled its load too
                    continue;
                }
                // the cell's own warm-up, as its repeats had it: automatic ones wait for the JVMs' JIT too
                LoadArgs args = args(suite, cell, set, dir, cold).forWindow(Duration.ofSeconds(1),
                        suite.warmupPolicy(cell, cold), dir.resolve("warmup-" + (i + 1) + ".json"));
                Optional<LoadResult> w = own.job(args, suite, line -> { });
                if (w.isEmpty()) {
                    return record(claim, figure, ids, phases, plan, seed, windows, loadProblem(cell, own, set),
                            started, warmups);
                }
                w.get().stillCompiling().forEach(s -> warmups.add(cell.label() + ": " + s));
            }
            double origin = (System.nanoTime() - started) / 1e9;
            long originEpochMs = System.currentTimeMillis();
            int shown = 0;
            BurnIn burnIn = new BurnIn(suite.decideMax());
            long burnInStarted = System.nanoTime(); // its share counts from here: target starts and warm-ups are not in it
            for (int round = BURN_IN; round <= maxRounds; round++) {
                if (duet) {
                    if (interrupted.getAsBoolean()) {
                        return record(claim, figure, ids, phases, plan, seed, windows, TrialRecord.INTERRUPTED, started,
                                warmups);
                    }
                    String problem = duetRound(round, cells, sets, windowArgs, sessions, sampler, suite, dir,
                            originEpochMs, trial, windows, window, burnIn);
                    if (problem != null) {
                        return record(claim, figure, ids, phases, plan, seed, windows, problem, started, warmups);
                    }
                }
                // under duet the round ran above, all cells at once; alternation loads them here one by one
                for (String id : duet ? List.<String>of() : trial.order(Math.max(round, 1), random)) {
                    if (interrupted.getAsBoolean()) {
                        return record(claim, figure, ids, phases, plan, seed, windows, TrialRecord.INTERRUPTED, started,
                                warmups);
                    }
                    Cell cell = cells.get(ids.indexOf(id));
                    TargetSet set = sets.get(cell.targetsKey());
                    double at = (System.nanoTime() - started) / 1e9 - origin;
                    long epochBefore = System.currentTimeMillis();
                    double sampledBefore = sampler.now();
                    Optional<LoadResult> r = session.job(windowArgs.get(cell), suite, line -> { });
                    if (r.isEmpty() && interrupted.getAsBoolean()) {
                        return record(claim, figure, ids, phases, plan, seed, windows, TrialRecord.INTERRUPTED,
                                started, warmups);
                    }
                    if (r.isEmpty()) {
                        return record(claim, figure, ids, phases, plan, seed, windows, "window " + round + ": "
                                + loadProblem(cell, session, set), started, warmups);
                    }
                    if (round < 1) {
                        burnIn.saw(cell.label(), r.get());
                        continue; // the burn-in round: every cell's first window after its warm-up is not counted
                    }
                    sampler.sampleNow();
                    Window win = TrialWindows.window(id, round, at, r.get(),
                            TrialWindows.cpuPerRequest(sampler, set.processes(), r.get(), epochBefore, sampledBefore));
                    windows.add(win);
                    trial.add(win);
                    if (win.requests() == 0) {
                        // a window that answered nothing: the target stalled (a valid cell's repeat answered), and
                        // further windows would only spin until the budget ends
                        return record(claim, figure, ids, phases, plan, seed, windows, "window " + round + " of "
                                + cell.label() + " got no response in " + Decimals.format(window.toMillis() / 1e3)
                                + " s: the target stopped answering" + fatalInLogs(set), started, warmups);
                    }
                }
                if (round < 1) {
                    if (burnIn.again(System.nanoTime() - burnInStarted)) {
                        listener.notice("  burn-in round " + burnIn.rounds() + ": a JVM was still compiling; "
                                + "another round before counting");
                        round = BURN_IN - 1; // the loop's step brings it back to the burn-in round
                    } else {
                        burnIn.note().ifPresent(warmups::add);
                    }
                    continue;
                }
                Trial.Look look = trial.look();
                if (trial.rounds() > shown && plan.looksAt(trial.rounds()) && trial.rounds() >= plan.minRounds()) {
                    shown = trial.rounds();
                    listener.notice("  round " + shown + "/" + maxRounds + ": " + progress(look, cells));
                }
                if (trial.done(look)) {
                    if (look.state() != Trial.State.OPEN) {
                        ended = TrialRecord.DECIDED;
                    } else if (trial.futile(look)) {
                        ended = TrialRecord.FUTILE;
                    }
                    break;
                }
                if (System.nanoTime() - started > suite.decideMax().toNanos() + Duration.ofMinutes(1).toNanos()) {
                    break; // a slow start or warm-up spent the budget's slack too
                }
            }
            return record(claim, figure, ids, phases, plan, seed, windows, ended, started, warmups);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return record(claim, figure, ids, phases, plan, seed, windows, TrialRecord.INTERRUPTED, started, warmups);
        }
    }

    /**
     * One duet round: every cell's window job at once, each on its own kept injector, their measured phases held at
     * one start gate until all have settled; then (from round 1) each cell's window, dated by its own measured start
     * on the trial's clock, so the windows of a round show the span they shared. A cell whose target set another cell
     * of the round also loads gets no target CPU per response (that process served both loads), only its injector's.
     * Null when the round went well, else what ended the trial ({@link TrialRecord#INTERRUPTED} or a problem).
     */
    private String duetRound(int round, List<Cell> cells, Map<String, TargetSet> sets, Map<Cell, LoadArgs> windowArgs,
                             List<Injector> sessions, Sampler sampler, Suite suite, Path dir, long originEpochMs,
                             Trial trial, List<Window> windows, Duration window, BurnIn burnIn)
            throws IOException, InterruptedException {
        Path file = dir.resolve("gate");
        long epochBefore = System.currentTimeMillis();
        double sampledBefore = sampler.now();
        List<Optional<LoadResult>> results = new ArrayList<>();
        try (StartGate gate = new StartGate(new MeasureGate(file), cells.size());
             ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Optional<LoadResult>>> jobs = new ArrayList<>();
            for (int i = 0; i < cells.size(); i++) {
                Injector own = sessions.get(i);
                LoadArgs args = windowArgs.get(cells.get(i)).withMeasureGate(file);
                jobs.add(pool.submit(() -> {
                    try {
                        return own.job(args, suite, gate::line);
                    } finally {
                        // a load that failed before the gate must not hold the others at it until their bound
                        new MeasureGate(file).open();
                    }
                }));
            }
            for (Future<Optional<LoadResult>> job : jobs) {
                try {
                    results.add(job.get());
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof IOException io) {
                        throw io;
                    }
                    if (e.getCause() instanceof InterruptedException ie) {
                        throw ie;
                    }
                    throw new IllegalStateException(e.getCause());
                }
            }
        }
        for (int i = 0; i < cells.size(); i++) {
            if (results.get(i).isEmpty()) {
                return interrupted.getAsBoolean() ? TrialRecord.INTERRUPTED
                        : "window " + round + ": " + loadProblem(cells.get(i), sessions.get(i),
                        sets.get(cells.get(i).targetsKey()));
            }
        }
        if (round < 1) {
            for (int i = 0; i < cells.size(); i++) {
                burnIn.saw(cells.get(i).label(), results.get(i).get());
            }
            return null; // the burn-in round is not counted
        }
        sampler.sampleNow();
        for (int i = 0; i < cells.size(); i++) {
            Cell cell = cells.get(i);
            LoadResult r = results.get(i).get();
            TargetSet set = sets.get(cell.targetsKey());
            boolean shared = cells.stream().filter(c -> c.targetsKey().equals(cell.targetsKey())).count() > 1;
            double at = (r.measureStartMs() == null ? epochBefore - originEpochMs : r.measureStartMs() - originEpochMs)
                    / 1e3;
            Window win = TrialWindows.window(cell.id(), round, at, r, TrialWindows.cpuPerRequest(sampler,
                    shared ? List.of() : set.processes(), r, epochBefore, sampledBefore));
            windows.add(win);
            trial.add(win);
        }
        for (int i = 0; i < cells.size(); i++) {
            if (results.get(i).get().requestsOk() == 0) {
                Cell cell = cells.get(i);
                return "window " + round + " of " + cell.label() + " got no response in "
                        + Decimals.format(window.toMillis() / 1e3) + " s: the target stopped answering"
                        + fatalInLogs(sets.get(cell.targetsKey()));
            }
        }
        return null;
    }

    /** "A / B 1.02x [0.97, 1.08] open": each pair of a look, for the progress line. */
    private static String progress(Trial.Look look, List<Cell> cells) {
        List<String> parts = new ArrayList<>();
        for (Trial.PairResult p : look.pairs()) {
            parts.add(String.format(Locale.ROOT, "%s / %s %.3fx [%.3f, %s] %s", labelOf(p.test().a(), cells),
                    labelOf(p.test().b(), cells), p.interval().ratio(), p.interval().low(),
                    Double.isInfinite(p.interval().high()) ? "inf" : String.format(Locale.ROOT, "%.3f",
                            p.interval().high()), p.outcome().name().toLowerCase(Locale.ROOT)));
        }
        return String.join("; ", parts);
    }

    private static String labelOf(String id, List<Cell> cells) {
        return cells.stream().filter(c -> c.id().equals(id)).findFirst().map(Cell::label).orElse(id);
    }

    private static TrialRecord record(Claim claim, WindowFigure figure, List<String> ids, TrialPhases.Phases phases,
                                      Trial.Plan plan, long seed, List<Window> windows, String ended, long started,
                                      List<String> warmups) {
        return new TrialRecord(claim.title(), figure.key(), ids, phases.window().toMillis() / 1e3,
                phases.settle().toMillis() / 1e3, plan, seed, windows, ended, (System.nanoTime() - started) / 1e9,
                warmups);
    }

    /** The cell's load as its repeats ran it, on {@code set}. */
    private static LoadArgs args(Suite suite, Cell cell, TargetSet set, Path dir, boolean cold) throws IOException {
        Path body = null;
        if (cell.scenario().body() != null) {
            body = dir.resolve("body-" + cell.index() + ".txt");
            Files.writeString(body, cell.scenario().body());
        }
        LoadJob job = new LoadJob(cell, suite, 1, dir.getParent(), dir, dir.resolve("load.json"), body, cold, null,
                null, null, null, null, null);
        List<Long> pids = set.processes().stream().filter(p -> p.host() == null).map(ChildProcess::pid).toList();
        return job.loadArgs(set.entryUrl(cell), set.protocol(cell), pids);
    }

    /**
     * The trial's loads as jobs of the kept injector JVM ({@link SharedInjector}): acquired for each job (the same JVM
     * while it is healthy), released after a job that did not end cleanly, so that a late end line of a stalled job
     * is never read as the end of the next one. What the last job said is kept for the trial's reason.
     */
    private final class Injector {
        private final SharedInjector kept;
        private final List<String> command;
        private final Path log;
        /** The log's path as a reason names it: relative to the run's folder. */
        private final String shownLog;
        private ChildProcess last;
        private String problem;

        Injector(SharedInjector kept, List<String> command, Path log, Path runDir) {
            this.kept = kept;
            this.command = command;
            this.log = log;
            this.shownLog = runDir.toAbsolutePath().relativize(log.toAbsolutePath()).toString();
        }

        /**
         * Runs one load, offering its output lines to {@code lines}; its document, or empty when it failed
         * ({@link #problem} says how).
         */
        Optional<LoadResult> job(LoadArgs args, Suite suite, Consumer<String> lines)
                throws IOException, InterruptedException {
            Files.deleteIfExists(args.json());
            problem = null;
            last = kept.acquire(command, log);
            Duration limit = args.duration().plus(args.warmup().bound()).plus(JOB_SLACK);
            SharedInjector.JobEnd end = kept.run(last, commands.injectorJob(args), lines, limit, interrupted);
            if (end.end() != LoadWait.End.EXITED || end.code() == null || end.code() != 0) {
                kept.release();
                problem = end.end() == LoadWait.End.DEADLINE ? "the load did not end within " + limit.toSeconds()
                        + " s" : end.code() == null ? "the injector JVM ended during the load"
                        : "the load exited with code " + end.code();
                return Optional.empty();
            }
            if (!Files.exists(args.json())) {
                problem = "the load wrote no document";
                return Optional.empty();
            }
            LoadResult r = Json.read(args.json(), LoadResult.class);
            if (r.errorRate() > suite.maxErrorRate()) {
                problem = String.format(Locale.ROOT, "errors above max_error_rate (%s of %d requests: %s)",
                        Decimals.format(r.errorRate() * 100) + " %", r.requestsOk() + r.errorCount(), r.describeErrors());
                return Optional.empty();
            }
            return Optional.of(r);
        }
    }

    /**
     * "; its log shows OutOfMemoryError (x3): see F" for the first target process of {@code set} whose log holds a fatal
     * finding ({@link LogScanner#FATAL}), else "": why a target stopped answering is usually in its log (002's
     * 4096-loop target filled its heap with one allocator cache per event loop), and the claim's reason should say so.
     */
    static String fatalInLogs(TargetSet set) {
        for (ChildProcess p : set.processes()) {
            if (p.log() == null) {
                continue;
            }
            for (LogFinding f : LogScanner.scan(p.name(), p.log())) {
                if (LogScanner.FATAL.contains(f.kind())) {
                    return "; its log shows " + f.kind() + (f.count() > 1 ? " (x" + f.count() + ")" : "") + ": see "
                            + p.log();
                }
            }
        }
        return "";
    }

    private static String loadProblem(Cell cell, Injector session, TargetSet set) {
        if (!set.alive()) {
            return "a target of " + cell.label() + " exited";
        }
        // one line for the claim's reason: the log's last line and where the rest is, never the log itself
        String last = session.last == null ? "" : session.last.lastLines(1).strip();
        return "the load of " + cell.label() + " failed: " + session.problem + "; see " + session.shownLog
                + (last.isEmpty() || last.startsWith("(") ? "" : " (its last line: " + last + ")");
    }
}
