package dev.fluxlab.runner;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.StackVersions;
import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.placement.CellPlacement;
import dev.fluxlab.model.placement.CpuList;
import dev.fluxlab.model.placement.RolePlacement;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.model.run.MachineCpu;
import dev.fluxlab.model.run.MachineSpeed;
import dev.fluxlab.model.run.ProcessPlacement;
import dev.fluxlab.model.run.ProcessSample;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.drive.DriveResult;
import dev.fluxlab.runner.observe.GcLog;
import dev.fluxlab.runner.observe.LogScanner;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.CpuWindow;
import dev.fluxlab.runner.process.Sampler;
import dev.fluxlab.runner.target.TargetSet;
import dev.fluxlab.runner.verdict.RepeatFacts;
import dev.fluxlab.runner.verdict.Thresholds;
import dev.fluxlab.runner.verdict.Verdict;
import dev.fluxlab.runner.launch.Commands;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.fluxlab.runner.process.CpuWindow.round;

/**
 * A repeat's figures and verdict from what happened: who exited on its own (taken when built, before anything is
 * stopped) and where the targets' logs stood then, and, after the stop, every process's CPU in the measured window,
 * memory, threads and GC pauses, the log findings, the machine's CPU, the kernel's accept-queue evidence, and the
 * judgement.
 */
final class RepeatFigures {

    /**
     * The note on a suite's own command whose process tree has no HotSpot JVM publishing its counters (hsperfdata): no
     * JIT evidence, so the automatic warm-up ends on stable throughput alone.
     */
    public static final String NOT_HOTSPOT = "not a HotSpot JVM: no JIT evidence, warm-up by throughput only";


    private final Path runDir;
    private final long origin;
    private final String startProblem;
    private final TargetSet targets;
    private final DriveResult load;
    private final List<ChildProcess> observed = new ArrayList<>();
    private final Set<ChildProcess> exitedAlone = new HashSet<>();
    private final List<String> crashed = new ArrayList<>();
    /** Where each running target's log ended when the load was over: what it writes while being stopped is not scanned. */
    private final Map<ChildProcess, Long> logUntil = new java.util.HashMap<>();

    RepeatFigures(Path runDir, long origin, String startProblem, TargetSet targets, DriveResult load) {
        this.runDir = runDir;
        this.origin = origin;
        this.startProblem = startProblem;
        this.targets = targets;
        this.load = load;
        observed.addAll(targets.processes());
        observed.addAll(load.injectors());
        observed.stream().filter(ChildProcess::exitedOnItsOwn).forEach(exitedAlone::add);
        // a server being stopped may log what it refuses while it shuts down (Undertow's XNIO rejects the tasks still
        // queued with RejectedExecutionException): that is not how it behaved under load
        targets.processes().stream().filter(t -> !t.exitedOnItsOwn())
                .forEach(t -> logUntil.put(t, LogScanner.position(t.log())));
        for (ChildProcess t : targets.processes()) {
            boolean finishedLoading = t == load.process() && Integer.valueOf(0).equals(t.exitCode());
            if (t.exitedOnItsOwn() && startProblem == null && !finishedLoading) {
                crashed.add("target " + t.name() + " (exit code " + t.exitCode() + ")");
            }
        }
    }

    /** Targets that ended before the runner stopped them, e.g. {@code target backend (exit code 3)}. */
    List<String> crashed() {
        return crashed;
    }

    RepeatResult result(int repeat, String startedAt, Cell cell, Suite suite, Sampler sampler,
                        Map<ChildProcess, Long> logFrom, Map<String, Object> targetStats, String targetsFrom,
                        MachineSpeed speed, CellPlacement placement, Commands commands) {
        LoadResult doc = load.load();
        CpuWindow window = doc == null ? CpuWindow.NONE : CpuWindow.of(load.measureStart(), load.end(), doc.durationS());
        List<ProcessStats> stats = new ArrayList<>();
        List<LogFinding> findings = new ArrayList<>();
        double allCpu = 0;
        Map<String, Double> cpuByHost = new java.util.TreeMap<>();
        List<ChildProcess> injectors = load.injectors();
        double[] injectorCpu = new double[injectors.size()];
        java.util.Arrays.fill(injectorCpu, Double.NaN);
        Map<ChildProcess, Double> cpuOf = new java.util.HashMap<>();
        List<String> warnedAbove = new ArrayList<>();
        for (ChildProcess c : observed) {
            List<ProcessSample> samples = sampler.samples(c);
            double cpu = window.cpuS(samples);
            cpuOf.put(c, cpu);
            // an injector's CPU per response is over its own responses (two injectors may carry 3:1 shares)
            LoadResult per = injectors.size() > 1 && injectors.contains(c)
                    ? java.util.Objects.requireNonNullElse(own(injectors.indexOf(c), doc), doc) : doc;
            stats.add(stats(c, samples, window, per));
            if (!Double.isNaN(cpu)) {
                allCpu += cpu;
            }
            if (c.host() != null) {
                cpuByHost.merge(c.host(), Double.isNaN(cpu) ? 0 : cpu, Double::sum);
            }
            if (injectors.contains(c)) {
                injectorCpu[injectors.indexOf(c)] = cpu;
            }
            findings.addAll(LogScanner.scan(c.name(), c.log(), logFrom.getOrDefault(c, 0L),
                    logUntil.getOrDefault(c, Long.MAX_VALUE)));
        }
        if (window.measured()) {
            // a process that ended on its own is already a reason of its own
            List<ChildProcess> running = observed.stream().filter(c -> !exitedAlone.contains(c)).toList();
            missingObservation(running, cpuOf::get, targets.processes().stream().filter(running::contains).toList(),
                    doc).forEach(w -> warnedAbove.add(w));
            // a host's clock that jumped while measuring: its times (an injector's start) do not line up with ours
            long from = origin + Math.round(window.from() * 1e9);
            long to = origin + Math.round(window.to() * 1e9);
            observed.stream().map(c -> c.clockJumped(from, to)).flatMap(java.util.Optional::stream).distinct()
                    .forEach(warnedAbove::add);
        }
        double allInjectorCpu = injectors.isEmpty() ? Double.NaN : java.util.Arrays.stream(injectorCpu).sum();
        double share = CpuWindow.share(allInjectorCpu, allCpu);
        Thresholds thresholds = Thresholds.of(suite);
        List<String> alsoInvalid = new ArrayList<>();
        double mergedCores = Double.NaN;
        for (int i = 0; i < injectors.size(); i++) {
            LoadResult own = own(i, doc);
            double cores = injectorCpu[i] / window.seconds();
            if (Double.isNaN(cores) && own != null && own.injectorCpuCores() > 0) {
                cores = own.injectorCpuCores();
            }
            int usable = usableCores(placement.injectors().get(i).cpus(), own, injectorThreads(cell, own));
            if (injectors.size() == 1) {
                mergedCores = cores;
            } else {
                Verdict.saturation(injectors.get(i).name(), cores, usable, share, thresholds).ifPresent(alsoInvalid::add);
            }
        }
        RepeatFacts facts = new RepeatFacts(startProblem, crashed, load.problem(), doc, findings, mergedCores,
                usableCores(placement.injectors().getFirst().cpus(), doc, injectorThreads(cell, doc)), share,
                suite.autoWarmup(), TheoryColumn.ceiling(cell, targets.readiness()));
        Verdict.Outcome v = Verdict.repeat(facts, thresholds);
        // each injector judged on its own document (its share of a request count, its own precision and schedule):
        // a merged total of 14,019 for 2 x 8,000 had hidden an injector stopped at its time bound after 6,019
        List<LoadResult> each = injectors.size() <= 1 ? java.util.Collections.singletonList(doc) : load.injectorLoads();
        Long requests = cell.load().requests();
        // each injector's part of a request count, shared as the driver shared it
        List<Long> parts = requests == null || each.isEmpty() ? null
                : dev.fluxlab.runner.merge.LoadSplit.of(cell.load().connections(), null, requests, each.size()).requests();
        String whose = each.size() == 1 ? "the cell asks for"
                : "(its share of the cell's " + String.format(java.util.Locale.ROOT, "%,d", requests) + ")";
        List<String> warned = new ArrayList<>(warnedAbove);
        for (int i = 0; i < each.size(); i++) {
            LoadResult own = each.get(i);
            String who = each.size() == 1 ? "" : injectors.get(i).name() + ": ";
            Verdict.requestShortfall(own, parts == null ? null : parts.get(i), whose)
                    .ifPresent(r -> alsoInvalid.add(who + r));
            Verdict.precisionNotReached(own, suite.precision()).ifPresent(r -> warned.add(who + r));
            Verdict.lateSends(own).ifPresent(r -> warned.add(who + r));
            if (own != null && own.warnings() != null) {
                own.warnings().forEach(w -> warned.add(who + w));
            }
        }
        alsoInvalid.addAll(unobserved(observed, origin, System.nanoTime()));
        List<String> reasons = new ArrayList<>(v.reasons());
        reasons.addAll(alsoInvalid);
        load.warnings().forEach(n -> reasons.add(CellResult.isNote(n) ? n : Verdict.WARNING + n));
        warned.forEach(n -> reasons.add(Verdict.WARNING + n));
        observed.stream().filter(c -> c.logProblem() != null)
                .forEach(c -> reasons.add(Verdict.WARNING + c.name() + ": " + c.logProblem()));
        observed.stream().filter(c -> (c.isCommand() || c.isRemoteCommand()) && c.jvmPid().isEmpty())
                .forEach(c -> reasons.add(Verdict.WARNING + c.name() + ": " + NOT_HOTSPOT));
        return new RepeatResult(repeat, startedAt, doc, stats, findings, v.valid() && alsoInvalid.isEmpty(), reasons,
                Double.isNaN(share) ? null : round(share, 3), window.measured() ? round(window.seconds(), 3) : null,
                targets.readiness(), targetStats.isEmpty() ? null : targetStats, targetsFrom,
                window.machine(sampler, allCpu).orElse(null), speed,
                window.measured() ? sampler.listenQueue(window.from(), window.to()).orElse(null) : null, null,
                placements(placement, commands, doc),
                load.injectorLoads().isEmpty() ? null : load.injectorLoads(), load.startSpreadMs(),
                hostMachines(window, sampler, cpuByHost), load.startAlignment());
    }

    /**
     * The processes of the cell that were measured without their observation, each naming what is missing: a host's
     * agent that ended (a dropped ssh session) had left every later cell valid with that host's CPU NaN, no samples
     * and no JIT entry, and no word.
     */
    static List<String> unobserved(List<ChildProcess> observed) {
        List<String> out = new ArrayList<>();
        observed.forEach(c -> c.observationLost().ifPresent(w -> out.add(c.name() + ": " + w)));
        return out;
    }

    /**
     * As {@link #unobserved(List)} over the repeat's span ({@code fromNanos} to {@code toNanos}): also a process whose
     * host's agent ended and was started again meanwhile, so its readings have a gap.
     */
    static List<String> unobserved(List<ChildProcess> observed, long fromNanos, long toNanos) {
        List<String> out = new ArrayList<>();
        observed.forEach(c -> c.observationLost(fromNanos, toNanos).ifPresent(w -> out.add(c.name() + ": " + w)));
        return out;
    }

    /**
     * What the cell was measured without, one warning each: a process with no CPU reading in the measured window
     * ({@code cpu} NaN: no samples there, its host's readings missing), a target JVM with no JIT entry in the load
     * document when the document has JIT entries at all. Such a cell had been valid with the CPU NaN and no word.
     */
    static List<String> missingObservation(List<ChildProcess> observed,
                                           java.util.function.Function<ChildProcess, Double> cpu,
                                           List<ChildProcess> targets, LoadResult doc) {
        List<String> out = new ArrayList<>();
        for (ChildProcess c : observed) {
            Double s = cpu.apply(c);
            if (s == null || s.isNaN()) {
                out.add(c.name() + ": no CPU samples in the measured window, so its CPU is not known");
            }
            if (targets.contains(c) && doc != null && doc.watchedJvms() != null && !doc.watchedJvms().isEmpty()) {
                long pid = c.pidThere();
                boolean watched = doc.watchedJvms().stream().anyMatch(w -> w.pid() == pid
                        && dev.fluxlab.model.load.WatchedJvm.TARGET.equals(w.role()));
                if (!watched) {
                    out.add(c.name() + ": no JIT entry for its JVM (PID " + pid + ") in the load document, so "
                            + "whether it compiled while measured is not known");
                }
            }
        }
        return out;
    }

    /** Each suite host's whole machine in the window (null without hosts; a host whose readings miss it is left out). */
    private static Map<String, MachineCpu> hostMachines(CpuWindow window, Sampler sampler, Map<String, Double> ours) {
        if (ours.isEmpty()) {
            return null;
        }
        Map<String, MachineCpu> out = new java.util.TreeMap<>();
        ours.forEach((host, cpu) -> window.machine(sampler, host, cpu).ifPresent(m -> out.put(host, m)));
        return out;
    }

    /** Injector {@code i}'s own document: {@code doc} for a single injector, null when several left none. */
    private LoadResult own(int i, LoadResult doc) {
        return load.injectors().size() == 1 ? doc : load.injectorLoads().isEmpty() ? null : load.injectorLoads().get(i);
    }

    /**
     * Cores an injector can use: its event loops, at most the CPUs it was placed on, else the processors its JVM
     * counted on its own host (its document), else this machine's.
     */
    private static int usableCores(CpuList cpus, LoadResult own, int threads) {
        int cores = cpus != null ? cpus.size() : own != null && own.availableProcessors() != null
                ? own.availableProcessors() : Runtime.getRuntime().availableProcessors();
        return Math.min(cores, threads);
    }

    /**
     * Where each process ran: its placement, and the processors it reported itself (a target on its readiness line,
     * an injector in its document).
     */
    private List<ProcessPlacement> placements(CellPlacement placement, Commands commands, LoadResult doc) {
        List<ProcessPlacement> out = new ArrayList<>();
        for (ChildProcess t : targets.processes()) {
            RolePlacement r = placement.target(t.name());
            out.add(record(r, commands, targets.announced(t.name()).processors().orElse(null)));
        }
        List<ChildProcess> injectors = load.injectors();
        for (int i = 0; i < injectors.size(); i++) {
            LoadResult own = own(i, doc);
            out.add(record(placement.injectors().get(i), commands, own == null ? null : own.availableProcessors()));
        }
        return out;
    }

    private static ProcessPlacement record(RolePlacement r, Commands commands, Integer seen) {
        return new ProcessPlacement(r.role(), r.hostName(), r.cpus() == null ? null : r.cpus().toString(), seen,
                commands.activeProcessorCount(r.cpus()));
    }

    /**
     * The event loops (or tool threads) the load ran on, as its document reports them; for a document without the
     * field, what the injector would have used.
     */
    static int injectorThreads(Cell cell, LoadResult doc) {
        if (doc != null && doc.threads() != null) {
            return doc.threads();
        }
        Integer rate = cell.load().rate();
        return cell.load().threads() != null ? cell.load().threads()
                : LoadArgs.defaultThreads(cell.load().connections(), rate == null ? null : rate.doubleValue());
    }

    private ProcessStats stats(ChildProcess c, List<ProcessSample> samples, CpuWindow window, LoadResult doc) {
        GcLog.Pauses gc = null;
        if (c.role().equals(ProcessStats.TARGET)) {
            double offset = (c.startNanos() - origin) / 1e9;
            gc = GcLog.parse(targets.gcLogs().get(c.name()), window.from() - offset, window.to() - offset);
        }
        boolean died = exitedAlone.contains(c) && (c.role().equals(ProcessStats.TARGET) && c != load.process()
                ? startProblem == null : c.exitCode() != null && c.exitCode() != 0);
        double perRequest = doc == null ? Double.NaN : window.cpuPerRequestUs(samples, doc.durationS(), doc.requestsOk());
        // a suite's own command: the PID of its HotSpot JVM when it has one, under which its JIT was watched
        return new ProcessStats(c.role(), c.name(), c.isCommand() ? c.pidThere() : c.pid(), round(window.cpuS(samples), 3), round(perRequest, 2),
                round(window.cores(samples), 3), samples.stream().mapToDouble(ProcessSample::rssMb).max().orElse(0),
                samples.stream().mapToInt(ProcessSample::threads).max().orElse(0),
                gc == null ? null : gc.count(), gc == null ? null : gc.totalMs(), c.exitCode(), died,
                runDir.relativize(c.log()).toString(), samples, gc == null ? null : gc.scope(),
                c.role().equals(ProcessStats.TARGET) ? StackVersions.of(targets.readiness().get(c.name())) : null,
                targets == null || !c.role().equals(ProcessStats.TARGET) ? null : targets.aotCaches().get(c.name()));
    }
}
