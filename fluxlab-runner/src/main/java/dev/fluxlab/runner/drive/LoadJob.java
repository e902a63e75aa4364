package dev.fluxlab.runner.drive;

import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.placement.CellPlacement;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteSpec.ExpectSpec;
import dev.fluxlab.model.suite.SuiteSpec.ScenarioSpec;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.Sampler;
import dev.fluxlab.runner.process.Supervisor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * One repeat's load as every driver sees it: the cell and the suite's phases, where its files go, the sampler and
 * progress watch of the repeat, and how to start and stop children.
 *
 * @param cell        the cell
 * @param suite       the suite (phases, warm-up)
 * @param repeat      1-based repeat number (file names)
 * @param runDir      the results folder (paths in messages are relative to it)
 * @param cellDir     the cell's folder
 * @param json        where the load document goes ({@code load-N.json})
 * @param body        the request body file, or null
 * @param coldTargets whether the targets were just started (not reused warm)
 * @param sampler     the repeat's /proc sampler
 * @param watch       the progress watch, for processes printing machine progress lines
 * @param supervisor  every live child of the run
 * @param grace       SIGTERM to SIGKILL
 * @param interrupted whether the run is being stopped
 * @param placement   where the cell's processes run (the injectors' CPU lists)
 */
public record LoadJob(Cell cell, Suite suite, int repeat, Path runDir, Path cellDir, Path json, Path body,
                      boolean coldTargets, Sampler sampler, ProgressWatch watch, Supervisor supervisor, Duration grace,
                      BooleanSupplier interrupted, CellPlacement placement) {

    /**
     * One injector's part of the load: its connections and rate (null: closed model), where its document goes, the
     * start barrier it waits at (null for a single injector), and its part of a request count (null: the cell's).
     */
    public record Share(int connections, Double rate, Path json, Path gate, Long requests) {
        public Share(int connections, Double rate, Path json, Path gate) {
            this(connections, rate, json, gate, null);
        }
    }

    /** Throws when the run is being stopped, so nothing more is started or judged. */
    public void checkInterrupted() throws InterruptedException {
        if (interrupted.getAsBoolean()) {
            throw new InterruptedException("run interrupted");
        }
    }

    /**
     * The load process's command line for this repeat: the cell's load profile, the suite's phases (the cold warm-up
     * minimum only for targets just started), the scenario's request and verification, {@code --json load-N.json
     * --progress machine}.
     *
     * @param url      the entry target's URL (null for a self-loading target)
     * @param protocol  the protocol to speak (null: the URL's default)
     * @param watchPids the running target JVMs, whose JIT an automatic warm-up waits for
     */
    public LoadArgs loadArgs(String url, String protocol, List<Long> watchPids) {
        Integer rate = cell.load().rate();
        return loadArgs(url, protocol, watchPids, new Share(cell.load().connections(),
                rate == null ? null : rate.doubleValue(), json, null));
    }

    /** {@link #loadArgs(String, String, List)} for one injector's {@code share} of the load. */
    public LoadArgs loadArgs(String url, String protocol, List<Long> watchPids, Share share) {
        Cell.CellLoad l = cell.load();
        ScenarioSpec s = cell.scenario();
        ExpectSpec e = s.expect();
        LoadArgs.Builder b = LoadArgs.builder().url(url).protocol(protocol).connections(share.connections())
                .inFlight(l.inFlight()).keepAlive(l.keepAlive()).rate(share.rate()).threads(l.threads()).timeout(l.timeout())
                .duration(l.requests() == null ? suite.measure() : null).method(s.method()).bodyFile(body)
                .bodySize(s.bodySize())
                .headers(s.headers()).expectStatus(e == null || e.status() == null ? 200 : e.status())
                .expectBody(e == null ? null : e.body()).expectContentType(e == null ? null : e.contentType())
                .insecure(url != null && url.startsWith("https:")).json(share.json()).progress("machine")
                .measureGate(share.gate());
        if (suite.measureAuto()) {
            b.precisionPct(suite.precision() * 100).maxDuration(suite.measureMax());
        }
        if (l.requests() != null) {
            b.requests(share.requests() != null ? share.requests() : l.requests()).maxDuration(suite.measureMax());
        }
        return b.warmup(suite.warmupPolicy(cell, coldTargets)).watchPids(watchPids).build();
    }

    /** Bound for a load that ends by itself: warm-up and measure plus a minute. */
    public Duration loadLimit() {
        return suite.warmup().plus(suite.measureMax()).plusSeconds(60);
    }

    /** Writes the command line a child was started with next to its log ({@code <name>.cmd}). */
    public void writeCommand(String name, String text) throws IOException {
        Files.writeString(cellDir.resolve(name + ".cmd"), text);
    }

    /** The log file of a child of this repeat ({@code <name>-N.log}). */
    public Path log(String name) {
        return cellDir.resolve(name + "-" + repeat + ".log");
    }

    /** The message after a wait that ended early or late, for a load process named {@code who}. */
    static String endProblem(LoadWait.End end, String who, Duration limit) {
        return switch (end) {
            case EXITED -> null;
            case STOPPED -> who + " was stopped because a target exited";
            case DEADLINE -> who + " did not finish within " + limit.toSeconds() + "s";
        };
    }

    /** Stops {@code c} when it still runs. */
    void stopIfAlive(ChildProcess c) {
        if (c.isAlive()) {
            c.stop(grace);
        }
    }
}
