package dev.fluxlab.runner.launch;

import dev.fluxlab.runner.process.JdkFlags;
import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.placement.CpuList;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.runner.host.CpuPinning;
import dev.fluxlab.runner.inject.JvmLaunch;
import dev.fluxlab.runner.observe.GcLog;
import dev.fluxlab.runner.registry.KnobDef;
import dev.fluxlab.runner.registry.LaunchDef;
import dev.fluxlab.runner.registry.Placeholders;
import dev.fluxlab.runner.registry.Platform;
import dev.fluxlab.runner.registry.TargetRegistry;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Command lines of the child JVMs, following docs/contracts.md: targets get {@code --<knob>=<value>} flags,
 * the injector its JVM from the registry and then the {@link LoadArgs} of the repeat.
 */
public final class Commands {

    /** The process name of fluxlab's injector (its files, figures and profile). */
    public static final String INJECTOR = "injector";

    private final TargetRegistry registry;
    private final String java;
    private final List<String> runtimeFlags;
    private final Function<String, List<String>> extraJvmOptions;
    private final CpuPinning pinning;
    private final Optional<Path> aotCache = InjectorAotCache.fromEnvironment();
    private final TargetAotCache targetAot;

    public Commands(TargetRegistry registry, String java) {
        this(registry, java, process -> List.of(), new CpuPinning(java, registry.classpath(registry.injector())));
    }

    private Commands(TargetRegistry registry, String java, Function<String, List<String>> extraJvmOptions,
                     CpuPinning pinning) {
        this.registry = registry;
        this.java = java;
        this.runtimeFlags = runtimeFlags(java);
        this.extraJvmOptions = extraJvmOptions;
        this.pinning = pinning;
        this.targetAot = new TargetAotCache(registry, java);
    }

    /** The targets' AOT caches for the JVM these commands start ({@link TargetAotCache}). */
    public TargetAotCache targetAot() {
        return targetAot;
    }

    /** These commands with more JVM options per process name (a profiled repeat's agent), right after the JDK's. */
    public Commands withJvmOptions(Function<String, List<String>> byProcess) {
        return new Commands(registry, java, byProcess, pinning);
    }

    /**
     * A child's command line placed on {@code cpus} ({@code taskset -c}, and {@code -XX:ActiveProcessorCount} when a
     * JVM there would count otherwise); unchanged for null. Affinity is set before the JVM starts, so every thread it
     * creates inherits it.
     */
    public List<String> pinned(CpuList cpus, List<String> command) {
        return pinning.pin(cpus, command);
    }

    /** The {@code -XX:ActiveProcessorCount} given to JVMs on {@code cpus}, or null when none is needed. */
    public Integer activeProcessorCount(CpuList cpus) {
        return pinning.activeProcessorCount(cpus).orElse(null);
    }

    /**
     * Flags every child JVM gets from the JDK it runs on ({@link JdkFlags}): only when the children run on this very
     * JVM, whose version is known.
     */
    static List<String> runtimeFlags(String java) {
        return java.equals(TargetRegistry.java()) ? JdkFlags.forFeature(Runtime.version().feature()) : List.of();
    }

    /** The suite's own command target process {@code p} runs, when it is one ({@link TargetRegistry#command}). */
    public Optional<dev.fluxlab.model.suite.CommandTarget> command(Cell.CellProcess p) {
        return registry.command(p.target());
    }

    public List<String> target(Cell.CellProcess p, Path gcLog, Map<String, String> placeholders) {
        LaunchDef def = registry.target(p.target()).orElseThrow(() ->
                new IllegalArgumentException("unknown target " + p.target())).forKnobs(p.knobs());
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(runtimeFlags);
        cmd.addAll(extraJvmOptions.apply(p.name()));
        cmd.addAll(def.jvmOrEmpty());
        if (p.heap() != null) {
            cmd.add("-Xms" + p.heap());
            cmd.add("-Xmx" + p.heap());
        }
        if (p.gc() != null) {
            cmd.addAll(Platform.gcOptions(p.gc()));
        }
        cmd.addAll(p.flags());
        if (gcLog != null) {
            cmd.addAll(GcLog.options(gcLog, p.gc()));
            if (p.flags().stream().noneMatch(f -> f.startsWith("-XX:ErrorFile="))) {
                // a JVM that crashes writes hs_err_pid<N>.log into its working folder, the user's: beside its log
                cmd.addAll(crashFiles(gcLog.toAbsolutePath().getParent(), p.name()));
            }
        }
        cmd.add("-cp");
        cmd.add(registry.classpath(def));
        cmd.add(def.main());
        cmd.addAll(def.argsOrEmpty());
        p.knobs().forEach((k, v) -> {
            KnobDef kd = def.knobsOrEmpty().get(k);
            String flag = kd == null ? "--" + k : kd.flagFor(k);
            cmd.add(flag + "=" + Placeholders.fill(v, placeholders));
        });
        return cmd;
    }

    /**
     * Where a child JVM named {@code name} writes what it leaves when it crashes, in {@code dir} rather than its working
     * folder (the user's): the error report and the JIT's replay data (written when a compiler thread crashes).
     */
    static List<String> crashFiles(Path dir, String name) {
        return List.of("-XX:ErrorFile=" + dir.resolve(name + "-hs_err_pid%p.log"),
                "-XX:ReplayDataFile=" + dir.resolve(name + "-replay_pid%p.log"));
    }

    /** Whether the cell's entry process drives its own load (registry {@code self_loading}). */
    public boolean selfLoading(Cell cell) {
        return registry.target(cell.entryProcess().target()).map(LaunchDef::isSelfLoading).orElse(false);
    }

    /**
     * A JVM load tool's command (Gatling): {@code java}, the runtime flags every child gets, the launch's own JVM options
     * (Gatling's {@code --add-opens}), then {@code arguments}.
     */
    public List<String> jvmTool(JvmLaunch launch, List<String> arguments) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(runtimeFlags);
        cmd.addAll(launch.jvmOptions());
        cmd.addAll(arguments);
        return cmd;
    }

    /** A JVM load tool's own classpath (Gatling's: module fluxlab-gatling), resolved against FLUXLAB_HOME. */
    public String classpath(JvmLaunch launch) {
        return classpath(registry, launch);
    }

    /** {@link #classpath(JvmLaunch)} of {@code registry}: also what the runner ships to a host that runs the tool. */
    public static String classpath(TargetRegistry registry, JvmLaunch launch) {
        return registry.classpath(new LaunchDef(launch.label(), launch.main(), List.of(), launch.classpath(),
                launch.jvmOptions(), null, null, null, null, null));
    }

    /** The injector's command: its JVM and main from the registry, then {@code args} ({@link LoadArgs#toArgv()}). */
    public List<String> injector(LoadArgs args) {
        List<String> cmd = injectorJvm();
        if (args.json() != null) {
            // a crashing injector's reports go beside its load document, not into the user's working folder
            cmd.addAll(cmd.indexOf("-cp"), crashFiles(args.json().toAbsolutePath().getParent(), INJECTOR));
        }
        cmd.addAll(injectorJob(args));
        return cmd;
    }

    /**
     * The command of an injector JVM kept for several loads under {@code fork: shared}: its JVM and main as
     * {@link #injector}, then the registry's session arguments ({@code load-session}) instead of the load's own words
     * ({@link #injectorJob}); empty when the registry's injector runs one load per JVM.
     */
    public Optional<List<String>> injectorSession(Path runDir) {
        List<String> session = registry.injector().sessionArgs();
        if (session == null || session.isEmpty()) {
            return Optional.empty();
        }
        List<String> cmd = injectorJvm();
        cmd.addAll(cmd.indexOf("-cp"), crashFiles(runDir.toAbsolutePath(), INJECTOR)); // it outlives any one cell
        cmd.addAll(session);
        return Optional.of(cmd);
    }

    /** The words of one load after the injector's main: the registry's ({@code load}), then {@code args}. */
    public List<String> injectorJob(LoadArgs args) {
        List<String> argv = new ArrayList<>(registry.injector().argsOrEmpty());
        argv.addAll(args.toArgv());
        return argv;
    }

    private List<String> injectorJvm() {
        LaunchDef def = registry.injector();
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(runtimeFlags);
        cmd.addAll(extraJvmOptions.apply(INJECTOR));
        cmd.addAll(def.jvmOrEmpty());
        aotCache.ifPresent(p -> cmd.addAll(InjectorAotCache.jvmOptions(p)));
        cmd.add("-cp");
        cmd.add(registry.classpath(def));
        cmd.add(def.main());
        return cmd;
    }
}
