package dev.fluxlab.runner.drive;

import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.target.TargetSet;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A client-side system under test that loads by itself (registry {@code self_loading}, e.g. the HttpClient loader):
 * it is started as the cell's entry target with the load options it takes appended as {@code --flag=value}, and
 * followed like an injector; exit 0 is its normal end, not a crash.
 */
public final class SelfLoadDriver implements LoadDriver {

    /** The options of {@link LoadArgs} a self-loading target takes (docs/contracts.md); {@code --path} is added. */
    static final Set<String> OPTIONS = Set.of("--connections", "--in-flight", "--timeout", "--duration", "--warmup",
            "--warmup-max", "--warmup-min", "--method", "--body-file", "--body-size", "--expect-status", "--expect-body", "--json",
            "--progress");

    @Override
    public Optional<EntryLoad> entryLoad(LoadJob job) {
        return Optional.of(new EntryLoad(flags(job.loadArgs(null, null, List.of()), job.cell().scenario().path()),
                job.watch()::line));
    }

    /** The flags a self-loading target gets: the options it takes, as {@code --flag=value}, and the request path. */
    static List<String> flags(LoadArgs args, String path) {
        List<String> out = new ArrayList<>();
        for (LoadArgs.Option o : args.options()) {
            if (OPTIONS.contains(o.name())) {
                out.add(o.value() == null ? o.name() : o.name() + "=" + o.value());
            }
        }
        if (path != null) {
            out.add("--path=" + path);
        }
        return out;
    }

    @Override
    public DriveResult drive(LoadJob job, TargetSet targets) throws InterruptedException {
        ChildProcess loader = targets.process(job.cell().entry());
        LoadWait.End end = LoadWait.follow(loader, job.loadLimit(),
                () -> job.interrupted().getAsBoolean() || targets.anyExited(loader), () -> { });
        job.checkInterrupted();
        double stopped = job.sampler().now();
        job.sampler().sampleNow();
        job.stopIfAlive(loader);
        loader.collect(); // a loader on a suite host: its load document comes back (here a no-op)
        return LoadDocument.read(job, loader, true, stopped,
                LoadJob.endProblem(end, "the self-loading target " + loader.name(), job.loadLimit()));
    }
}
