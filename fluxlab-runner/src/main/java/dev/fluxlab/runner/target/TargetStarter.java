package dev.fluxlab.runner.target;

import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.model.placement.CellPlacement;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.CommandTarget;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.launch.Commands;
import dev.fluxlab.runner.launch.TargetAotCache;
import dev.fluxlab.runner.host.Launcher;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.Sampler;
import dev.fluxlab.runner.process.Supervisor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Starts a cell's target processes in order, each after the previous one printed its readiness line, so a later
 * process can be given an earlier one's attributes ({@code ${backend.port}}). Stops at the first that does not
 * become ready. A process whose AOT cache is trained starts from it ({@link TargetAotCache}; not with the suite's
 * {@code aot: false}); one the JVM refuses is said in one line, and the process runs on, cold.
 */
public final class TargetStarter {

    /** How long a process whose output ended gets to be reaped before its exit code is read. */
    static final Duration REAP = Duration.ofSeconds(2);

    /** The started processes (all ready unless {@code problem} says otherwise). */
    public record Started(TargetSet targets, String problem) {
    }

    private final Commands commands;
    private final Launcher launcher;
    private final Supervisor supervisor;
    private final Duration grace;
    private final Consumer<String> notices;

    /**
     * {@code launcher}: starts each process on its host; {@code grace}: SIGTERM to SIGKILL for processes stopped
     * because a start failed half-way.
     */
    public TargetStarter(Commands commands, Launcher launcher, Supervisor supervisor, Duration grace) {
        this(commands, launcher, supervisor, grace, System.err::println);
    }

    /** {@code notices}: where a refused AOT cache is said (one line each). */
    public TargetStarter(Commands commands, Launcher launcher, Supervisor supervisor, Duration grace,
                         Consumer<String> notices) {
        this.commands = commands;
        this.launcher = launcher;
        this.supervisor = supervisor;
        this.grace = grace;
        this.notices = notices;
    }

    /**
     * Starts every process of {@code cell}; the entry process gets {@code entryFlags} appended and its output goes to
     * {@code entryListener} (a self-loading target), each is watched by {@code sampler} and runs on its CPUs of
     * {@code placement}.
     */
    public Started start(Cell cell, CellPlacement placement, Suite suite, int repeat, Path cellDir, Sampler sampler,
                         List<String> entryFlags,
                         Consumer<String> entryListener, BooleanSupplier interrupted)
            throws IOException, InterruptedException {
        List<ChildProcess> processes = new ArrayList<>();
        Map<String, Path> gcLogs = new LinkedHashMap<>();
        Map<String, String> placeholders = new LinkedHashMap<>();
        Map<String, Map<String, String>> readiness = new LinkedHashMap<>();
        Map<String, String> aotCaches = new LinkedHashMap<>();
        String problem = null;
        try {
            for (Cell.CellProcess p : cell.processes()) {
                Path gc = cellDir.resolve(p.name() + "-" + repeat + "-gc.log");
                Files.deleteIfExists(gc);
                gcLogs.put(p.name(), gc);
                Optional<CommandTarget> own = commands.command(p);
                if (own.isPresent()) { // the suite's own command: a port of its own, its own readiness
                    int port = p.host() == null ? CommandStart.freePort() : launcher.freePort(p.host());
                    String address = launcher.address(p.host());
                    ChildProcess c = CommandStart.start(own.get(), p, suite, placement.target(p.name()).cpus(), port,
                            cellDir.resolve(p.name() + "-" + repeat + ".log"), gc, launcher, supervisor);
                    processes.add(c);
                    sampler.watch(c);
                    Optional<String> notReady = CommandStart.awaitReady(c, own.get(), address, port, suite.startupTimeout(),
                            interrupted);
                    if (interrupted.getAsBoolean()) {
                        throw new InterruptedException("run interrupted");
                    }
                    if (notReady.isPresent()) {
                        problem = notReady.get();
                        break;
                    }
                    Map<String, String> attrs = CommandStart.announced(own.get(), address, port);
                    readiness.put(p.name(), attrs);
                    attrs.forEach((k, v) -> placeholders.put(p.name() + "." + k, v));
                    continue;
                }
                List<String> cmd = new ArrayList<>(commands.pinned(placement.target(p.name()).cpus(),
                        commands.target(p, gc, placeholders)));
                boolean entry = p.name().equals(cell.entry());
                if (entry) {
                    cmd.addAll(entryFlags);
                }
                Optional<TargetAotCache.Variant> aot = suite.aot(p) ? commands.targetAot().variant(p)
                        .filter(TargetAotCache.Variant::exists) : Optional.empty();
                Path aotLog = cellDir.resolve(p.name() + "-" + repeat + "-aot.log");
                if (aot.isPresent()) {
                    Files.deleteIfExists(aotLog);
                    cmd.addAll(cmd.indexOf("-cp"), TargetAotCache.useOptions(aot.get(), aotLog));
                }
                ChildProcess c = launcher.start(p.host(), ProcessStats.TARGET, p.name(), cmd,
                        cellDir.resolve(p.name() + "-" + repeat + ".log"), entry ? entryListener : null, supervisor);
                processes.add(c);
                sampler.watch(c);
                Optional<String> line = c.awaitLine(l -> l.startsWith(Readiness.PREFIX), suite.startupTimeout());
                if (interrupted.getAsBoolean()) {
                    throw new InterruptedException("run interrupted");
                }
                if (line.isEmpty()) {
                    problem = notReady(c, suite.startupTimeout());
                    break;
                }
                Map<String, String> attrs = new LinkedHashMap<>(
                        Readiness.parse(line.get()).orElse(ReadinessAttributes.NONE).values());
                if (p.host() != null) {
                    attrs.putIfAbsent(Readiness.HOST, launcher.address(p.host())); // where the others reach it
                }
                readiness.put(p.name(), attrs);
                if (aot.isPresent()) {
                    Optional<String> refused = TargetAotCache.refusal(aotLog);
                    if (refused.isPresent()) {
                        aot.get().giveUp();
                        notices.accept("target " + p.name() + " started cold: its JVM refused the AOT cache "
                                + aot.get().file().getFileName() + " (" + refused.get() + "); removed, trained again "
                                + "by the next run");
                    } else {
                        aotCaches.put(p.name(), aot.get().file().getFileName().toString());
                    }
                }
                attrs.forEach((k, v) -> placeholders.put(p.name() + "." + k, v));
                placeholders.putIfAbsent(p.name() + "." + Readiness.HOST, launcher.address(p.host()));
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            supervisor.stop(processes, grace); // nobody else knows of them yet
            throw e;
        }
        return new Started(new TargetSet(processes, gcLogs, readiness, cell.id(), aotCaches), problem);
    }

    /**
     * Why {@code c} printed no readiness line: it exited (with its code), or it was silent for {@code timeout}. A
     * process whose output has ended is reaped first (bounded), so a quick exit is not taken for a silent process.
     */
    static String notReady(ChildProcess c, Duration timeout) throws InterruptedException {
        c.awaitOutput(Duration.ofMillis(500));
        Integer code = c.exitCodeWithin(c.outputEnded() ? REAP : Duration.ZERO);
        return "target " + c.name() + (code != null ? " exited with code " + code + " before it was ready"
                : " did not print its readiness line within " + timeout.toSeconds() + "s")
                + "; last lines of its log:\n" + c.lastLines(8);
    }
}
