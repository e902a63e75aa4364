package dev.fluxlab.runner.drive;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.contract.MeasureGate;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.placement.RolePlacement;
import dev.fluxlab.runner.Commands;
import dev.fluxlab.runner.host.Launcher;
import dev.fluxlab.runner.merge.LoadMerge;
import dev.fluxlab.runner.merge.LoadSplit;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.target.TargetSet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * fluxlab's own injector as child JVMs ({@code fluxlab load URL ... --json F --progress machine}), each on its CPUs:
 * its progress lines place the measured window, its document is the result. With {@code injectors: N} the load is
 * split ({@link LoadSplit}), every injector waits after its warm-up at one {@link MeasureGate} that opens when all are
 * warm, and the documents are merged ({@link LoadMerge}) into {@code load-R.json}; each injector's own is
 * {@code load-R-injector-I.json}. The first injector's progress lines drive the live display and the CPU window.
 */
public final class FluxlabDriver implements LoadDriver {

    private final Commands commands;
    private final Launcher launcher;

    /** {@code launcher}: starts each injector on the host its placement names. */
    public FluxlabDriver(Commands commands, Launcher launcher) {
        this.commands = commands;
        this.launcher = launcher;
    }

    @Override
    public DriveResult drive(LoadJob job, TargetSet targets) throws IOException, InterruptedException {
        List<RolePlacement> roles = job.placement().injectors();
        int n = roles.size();
        Integer rate = job.cell().load().rate();
        LoadSplit split = LoadSplit.of(job.cell().load().connections(), rate == null ? null : rate.doubleValue(), n);
        MeasureGate gate = n == 1 ? null : new MeasureGate(job.cellDir().resolve("gate-" + job.repeat()));
        if (gate != null) {
            Files.deleteIfExists(gate.file());
        }
        AtomicInteger waiting = new AtomicInteger();
        List<ChildProcess> injectors = new ArrayList<>();
        List<Path> docs = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                String role = roles.get(i).role();
                Path json = n == 1 ? job.json() : job.cellDir().resolve("load-" + job.repeat() + "-" + role + ".json");
                Files.deleteIfExists(json);
                docs.add(json);
                LoadArgs args = job.loadArgs(targets.entryUrl(job.cell()), targets.protocol(job.cell()),
                        targets.processes().stream().map(ChildProcess::pid).toList(),
                        new LoadJob.Share(split.connections().get(i), split.rates() == null ? null : split.rates().get(i),
                                json, gate == null ? null : gate.file()));
                List<String> cmd = commands.pinned(roles.get(i).cpus(), commands.injector(args));
                job.writeCommand(role + "-" + job.repeat(), String.join(" ", cmd) + "\n");
                Consumer<String> progress = i == 0 ? job.watch()::line : line -> { };
                Consumer<String> listener = gate == null ? progress : line -> {
                    if (line.equals(MeasureGate.WAITING_LINE) && waiting.incrementAndGet() == n) {
                        open(gate, injectors);
                    }
                    progress.accept(line);
                };
                ChildProcess injector = launcher.start(roles.get(i).host(), "injector", role, cmd, job.log(role),
                        listener, job.supervisor());
                injectors.add(injector);
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
            if (n == 1) {
                return LoadDocument.read(job, injectors.getFirst(), false, stopped, problem);
            }
            return merged(job, injectors, docs, stopped, problem);
        } finally {
            injectors.forEach(job::stopIfAlive);
        }
    }

    /** Every injector's document, merged into the cell's {@code load-R.json}; the first problem of any injector. */
    private static DriveResult merged(LoadJob job, List<ChildProcess> injectors, List<Path> docs, double stopped,
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
        return new DriveResult(merged, injectors.getFirst(), false, job.watch().measureStart(), stopped, problem,
                skew(loads), injectors.subList(1, injectors.size()), problem == null ? loads : List.of());
    }

    /** A warning when the injectors' measured phases did not start within 50 ms of each other. */
    static List<String> skew(List<LoadResult> loads) {
        List<Long> starts = loads.stream().map(LoadResult::measureStartMs).filter(Objects::nonNull).toList();
        if (starts.size() < 2) {
            return List.of();
        }
        long spread = starts.stream().mapToLong(Long::longValue).max().orElseThrow()
                - starts.stream().mapToLong(Long::longValue).min().orElseThrow();
        return spread > 50 ? List.of("the injectors' measured phases started " + spread + " ms apart (the start "
                + "barrier holds them within a few ms on an idle machine): their windows overlap less") : List.of();
    }

    private static boolean failed(ChildProcess c) {
        Integer code = c.isAlive() ? null : c.exitCode();
        return code != null && code != 0;
    }

    /** Opens the gate here and, for injectors on other hosts, in their hosts' run folders. */
    private static void open(MeasureGate gate, List<ChildProcess> injectors) {
        try {
            gate.open();
            injectors.parallelStream().forEach(c -> c.mirror(gate.file()));
        } catch (IOException e) {
            // the injectors then time out at the gate and fail, which the wait reports
        }
    }
}
