package dev.fluxlab.runner;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.drive.SharedInjector;
import dev.fluxlab.runner.launch.Commands;
import dev.fluxlab.runner.launch.LaunchContext;
import dev.fluxlab.runner.launch.TargetAotCache;
import dev.fluxlab.runner.listen.RunListener;
import dev.fluxlab.runner.profile.ProfilerLibrary;
import dev.fluxlab.runner.registry.TargetRegistry;
import dev.fluxlab.runner.target.SharedTargets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Trains the targets' AOT caches ({@link TargetAotCache}) lazily: before a group of cells runs, each of its target
 * processes whose cache is missing is trained by one short repeat of the first cell that needs it, its JVM started
 * with {@code -XX:AOTCacheOutput} and loaded over the cell's own scenario by the cell's own load tool
 * ({@link #WARMUP} then {@link #MEASURE}), then stopped with SIGTERM, on which the JVM writes the cache (the
 * assembly takes longer than the load: {@link #GRACE} bounds it). Nothing of that repeat is kept but its folder under
 * {@code aot-training/} of the run; no cell's figures or clocks include it (it runs before the group's first repeat).
 *
 * <p>Why in the runner rather than the launcher (as the injector's cache): only the suite says which targets, GCs and
 * flags a run needs, so the runner trains exactly those, once per build; a launcher would have to train every target
 * under every GC.
 */
final class TargetTraining {

    /** The training load's warm-up and measured phase: a few seconds over the cell's scenario. */
    static final String WARMUP = "2s";
    static final String MEASURE = "3s";
    /** SIGTERM to SIGKILL for a training JVM: it writes the cache on its way out (about 20-30 s on 2 busy cores). */
    static final Duration GRACE = Duration.ofMinutes(3);

    private final LaunchContext launch;
    private final TargetRegistry registry;
    private final Commands commands;
    private final RunListener listener;
    private final BooleanSupplier interrupted;
    private final ProfilerLibrary profiler;

    TargetTraining(LaunchContext launch, ProfilerLibrary profiler) {
        this.launch = launch;
        this.registry = launch.registry();
        this.commands = launch.commands();
        this.listener = launch.listener();
        this.interrupted = launch.interrupted();
        this.profiler = profiler;
    }

    /**
     * Trains what {@code cells} need and is missing (nothing for a process that starts cold: {@code aot: false} of the
     * suite or its {@code aot} knob in that cell; nothing when off or before JDK 25).
     */
    void ensure(Suite suite, List<Cell> cells, Path runDir) {
        if (!suite.anyAot() || !commands.targetAot().enabled()) {
            return;
        }
        for (Cell cell : cells) {
            if (interrupted.getAsBoolean()) {
                return;
            }
            Map<String, TargetAotCache.Variant> missing = new LinkedHashMap<>();
            for (Cell.CellProcess p : cell.processes()) {
                if (!suite.aot(p)) { // the suite, or this cell's aot knob, starts it cold: nothing to train for it
                    continue;
                }
                commands.targetAot().variant(p).filter(v -> !v.exists() && !v.givenUp()
                                && !missing.containsValue(v)) // two processes of one variant: the first trains it
                        .ifPresent(v -> missing.put(p.name(), v));
            }
            if (!missing.isEmpty()) {
                train(suite, cell, runDir, missing);
            }
        }
    }

    private void train(Suite suite, Cell cell, Path runDir, Map<String, TargetAotCache.Variant> missing) {
        List<String> labels = missing.values().stream().map(TargetAotCache.Variant::label).toList();
        listener.notice("training the AOT cache of " + String.join(", ", labels) + " (30 s to 2 min, once per "
                + "build; not counted in any cell; aot: false or FLUXLAB_AOT=0 skips it)");
        Map<String, Path> outputs = new LinkedHashMap<>();
        missing.forEach((name, v) -> outputs.put(name, v.file().resolveSibling(v.file().getFileName() + "."
                + ProcessHandle.current().pid() + ".tmp")));
        String problem = null;
        Path dir = runDir.resolve("aot-training").resolve(RepeatGroups.cellDirName(cell));
        try {
            Files.createDirectories(dir);
            for (Path out : outputs.values()) {
                Files.createDirectories(out.getParent());
                Files.deleteIfExists(out);
            }
            Suite training = trainingSuite(suite);
            Commands cmds = commands.withJvmOptions(name -> outputs.containsKey(name)
                    ? TargetAotCache.trainOptions(outputs.get(name)) : List.of());
            RepeatRunner once = new RepeatRunner(launch.withCommands(cmds).withGrace(GRACE)
                    .withListener(RunListener.NONE), new SharedTargets(launch.supervisor(), launch.grace()),
                    new SharedInjector(launch.launcher(), launch.supervisor(), launch.grace()), profiler);
            var result = once.run(training, cell, 1, runDir, dir, new RunListener.Position(1, 1, 1, 1));
            if (result.load() == null) {
                problem = result.reasons().isEmpty() ? "no load" : result.reasons().getFirst();
            }
        } catch (IOException | RuntimeException e) {
            problem = e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problem = "interrupted";
        }
        List<String> failed = new ArrayList<>();
        for (var e : missing.entrySet()) {
            TargetAotCache.Variant v = e.getValue();
            Path out = outputs.get(e.getKey());
            try {
                if (Files.isRegularFile(out) && Files.size(out) > 0) {
                    Files.move(out, v.file(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    TargetAotCache.pruneOthers(v);
                    continue;
                }
            } catch (IOException ex) {
                problem = problem == null ? ex.toString() : problem;
            }
            v.giveUp();
            failed.add(v.label());
        }
        for (Path out : outputs.values()) {
            try {
                Files.deleteIfExists(out);
                Files.deleteIfExists(out.resolveSibling(out.getFileName() + ".config")); // the JVM's, when it failed
            } catch (IOException ignored) {
                // a stray temporary file beside the build: no harm
            }
        }
        if (!failed.isEmpty()) {
            listener.notice("training the AOT cache of " + String.join(", ", failed) + " wrote no cache"
                    + (problem == null ? "" : " (" + problem.lines().findFirst().orElse("") + ")") + "; it starts "
                    + "cold in this run (logs: " + runDir.relativize(dir) + ")");
        }
    }

    /**
     * The suite with a training load: a short fixed warm-up and measured phase, one repeat, fresh JVMs. Its
     * {@code cold_warmup_min}s (the suite's and its targets', written or set with {@code --set}) are dropped first: they
     * belong to an automatic warm-up,
     * and a suite refuses them beside a fixed one, which made every training of such a suite (frameworks, aot-ab)
     * fail and its targets start cold.
     */
    static Suite trainingSuite(Suite suite) {
        List<String> overrides = new ArrayList<>(suite.overrides().stream().filter(o -> !setsColdWarmupMin(o)).toList());
        overrides.addAll(List.of("warmup=" + WARMUP, "measure=" + MEASURE, "repeats=1", "fork=per-cell"));
        return Suite.parse(suite.file(), withoutColdWarmupMin(suite.text()), overrides);
    }

    /** {@code text} (a suite's YAML) without {@code cold_warmup_min}, at the top and in each target; as is if unreadable. */
    static String withoutColdWarmupMin(String text) {
        YAMLMapper yaml = new YAMLMapper();
        try {
            if (!(yaml.readTree(text) instanceof ObjectNode root)) {
                return text;
            }
            boolean changed = root.remove(COLD_WARMUP_MIN) != null;
            if (root.get("targets") instanceof ObjectNode targets) {
                for (var t : targets.properties()) {
                    if (t.getValue() instanceof ObjectNode target) {
                        changed |= target.remove(COLD_WARMUP_MIN) != null;
                    }
                }
            }
            return changed ? yaml.writeValueAsString(root) : text;
        } catch (JacksonException e) {
            return text; // the suite parsed once already; its own parse says what is wrong, if anything
        }
    }

    /** Whether override {@code o} ({@code KEY=VALUE}, KEY dotted or a JSON pointer) sets a {@code cold_warmup_min}. */
    static boolean setsColdWarmupMin(String o) {
        int eq = o.indexOf('=');
        String key = (eq < 0 ? o : o.substring(0, eq)).strip();
        String[] parts = key.split("[./]");
        return parts.length > 0 && parts[parts.length - 1].equals(COLD_WARMUP_MIN);
    }

    private static final String COLD_WARMUP_MIN = "cold_warmup_min";
}
