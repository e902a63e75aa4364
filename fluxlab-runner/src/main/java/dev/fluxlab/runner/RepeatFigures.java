package dev.fluxlab.runner;

import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.model.run.MachineSpeed;
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

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.fluxlab.runner.process.CpuWindow.round;

/**
 * A repeat's figures and verdict from what happened: who exited on its own (taken when built, before anything is
 * stopped), then, after the stop, every process's CPU in the measured window, memory, threads and GC pauses, the
 * log findings, the machine's CPU, the kernel's accept-queue evidence, and the judgement.
 */
final class RepeatFigures {

    private final Path runDir;
    private final long origin;
    private final String startProblem;
    private final TargetSet targets;
    private final DriveResult load;
    private final List<ChildProcess> observed = new ArrayList<>();
    private final Set<ChildProcess> exitedAlone = new HashSet<>();
    private final List<String> crashed = new ArrayList<>();

    RepeatFigures(Path runDir, long origin, String startProblem, TargetSet targets, DriveResult load) {
        this.runDir = runDir;
        this.origin = origin;
        this.startProblem = startProblem;
        this.targets = targets;
        this.load = load;
        observed.addAll(targets.processes());
        if (load.separateInjector()) {
            observed.add(load.process());
        }
        observed.stream().filter(ChildProcess::exitedOnItsOwn).forEach(exitedAlone::add);
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
                        MachineSpeed speed) {
        LoadResult doc = load.load();
        CpuWindow window = doc == null ? CpuWindow.NONE : CpuWindow.of(load.measureStart(), load.end(), doc.durationS());
        List<ProcessStats> stats = new ArrayList<>();
        List<LogFinding> findings = new ArrayList<>();
        double allCpu = 0;
        double injectorCpu = Double.NaN;
        for (ChildProcess c : observed) {
            List<ProcessSample> samples = sampler.samples(c);
            double cpu = window.cpuS(samples);
            stats.add(stats(c, samples, window, doc));
            if (!Double.isNaN(cpu)) {
                allCpu += cpu;
            }
            if (c == load.process() && load.separateInjector()) {
                injectorCpu = cpu;
            }
            findings.addAll(LogScanner.scan(c.name(), c.log(), logFrom.getOrDefault(c, 0L)));
        }
        double injectorCores = injectorCpu / window.seconds();
        if (Double.isNaN(injectorCores) && load.separateInjector() && doc != null && doc.injectorCpuCores() > 0) {
            injectorCores = doc.injectorCpuCores();
        }
        double share = CpuWindow.share(injectorCpu, allCpu);
        int cpus = Runtime.getRuntime().availableProcessors();
        RepeatFacts facts = new RepeatFacts(startProblem, crashed, load.problem(), doc, findings, injectorCores,
                Math.min(cpus, injectorThreads(cell, doc)), share, suite.autoWarmup());
        Verdict.Outcome v = Verdict.repeat(facts, Thresholds.of(suite));
        List<String> reasons = new ArrayList<>(v.reasons());
        load.warnings().forEach(n -> reasons.add(Verdict.WARNING + n));
        return new RepeatResult(repeat, startedAt, doc, stats, findings, v.valid(), reasons,
                Double.isNaN(share) ? null : round(share, 3), window.measured() ? round(window.seconds(), 3) : null,
                targets.readiness(), targetStats.isEmpty() ? null : targetStats, targetsFrom,
                window.machine(sampler, allCpu).orElse(null), speed,
                window.measured() ? sampler.listenQueue(window.from(), window.to()).orElse(null) : null);
    }

    /**
     * The event loops (or tool threads) the load ran on, as its document reports them; for a document without the
     * field, what the injector would have used.
     */
    static int injectorThreads(Cell cell, LoadResult doc) {
        if (doc != null && doc.threads() != null) {
            return doc.threads();
        }
        return cell.load().threads() != null ? cell.load().threads() : LoadArgs.defaultThreads(cell.load().connections());
    }

    private ProcessStats stats(ChildProcess c, List<ProcessSample> samples, CpuWindow window, LoadResult doc) {
        GcLog.Pauses gc = null;
        if (c.role().equals("target")) {
            double offset = (c.startNanos() - origin) / 1e9;
            gc = GcLog.parse(targets.gcLogs().get(c.name()), window.from() - offset, window.to() - offset);
        }
        boolean died = exitedAlone.contains(c) && (c.role().equals("target") && c != load.process()
                ? startProblem == null : c.exitCode() != null && c.exitCode() != 0);
        double perRequest = doc == null ? Double.NaN : window.cpuPerRequestUs(samples, doc.durationS(), doc.requestsOk());
        return new ProcessStats(c.role(), c.name(), c.pid(), round(window.cpuS(samples), 3), round(perRequest, 2),
                round(window.cores(samples), 3), samples.stream().mapToDouble(ProcessSample::rssMb).max().orElse(0),
                samples.stream().mapToInt(ProcessSample::threads).max().orElse(0),
                gc == null ? null : gc.count(), gc == null ? null : gc.totalMs(), c.exitCode(), died,
                runDir.relativize(c.log()).toString(), samples, gc == null ? null : gc.scope());
    }
}
