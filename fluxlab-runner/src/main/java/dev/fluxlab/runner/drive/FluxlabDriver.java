package dev.fluxlab.runner.drive;

import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.runner.Commands;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.target.TargetSet;

import java.io.IOException;
import java.util.List;

/**
 * fluxlab's own injector as a child JVM ({@code fluxlab load URL ... --json F --progress machine}): its progress
 * lines place the measured window, its document is the result.
 */
public final class FluxlabDriver implements LoadDriver {

    private final Commands commands;

    public FluxlabDriver(Commands commands) {
        this.commands = commands;
    }

    @Override
    public DriveResult drive(LoadJob job, TargetSet targets) throws IOException, InterruptedException {
        LoadArgs args = job.loadArgs(targets.entryUrl(job.cell()), targets.protocol(job.cell()),
                targets.processes().stream().map(ChildProcess::pid).toList());
        List<String> cmd = commands.injector(args);
        job.writeCommand("injector-" + job.repeat(), String.join(" ", cmd) + "\n");
        ChildProcess injector = ChildProcess.start("injector", "injector", cmd, job.log("injector"),
                job.watch()::line, job.supervisor());
        try {
            job.sampler().watch(injector);
            LoadWait.End end = LoadWait.follow(injector, job.loadLimit(),
                    () -> job.interrupted().getAsBoolean() || targets.anyExited(null), () -> { });
            job.checkInterrupted();
            double stopped = job.sampler().now();
            job.sampler().sampleNow();
            job.stopIfAlive(injector);
            return LoadDocument.read(job, injector, false, stopped,
                    LoadJob.endProblem(end, "the injector", job.loadLimit()));
        } finally {
            job.stopIfAlive(injector);
        }
    }
}
