package dev.fluxlab.runner.registry;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How to start one kind of child JVM: {@code java <jvm> -cp <classpath> <main> <args> <knob flags>}.
 *
 * @param description one line for {@code fluxlab list}
 * @param main        main class
 * @param args        fixed arguments after the main class
 * @param classpath   entries relative to FLUXLAB_HOME (absolute paths too); null = the running fluxlab's classpath
 * @param jvm         JVM options always given
 * @param knobs       accepted knobs by name (targets only), in display order
 * @param http10KeepAlive false when the target cannot keep HTTP/1.0 connections alive (ab then runs without
 *                    {@code -k}); null = it can
 * @param contract    {@code plaintext} when the target answers the shared /plaintext and /json contract (status,
 *                    Content-Type, Content-Length, Server, Date, exact body); the contract tests run against exactly these
 * @param selfLoading true for a client-side system under test that drives its own load (e.g. the HttpClient
 *                    loader): the runner starts no injector for it, passes it the cell's load profile and
 *                    {@code --json FILE --progress=machine}, and reads the {@code fluxlab.load/1} document it writes
 * @param sessionArgs the injector only: the arguments after the main class that start it as a session running several
 *                    loads read from its stdin ({@code [load-session]}, docs/contracts.md), so that under
 *                    {@code fork: shared} one injector JVM serves a group of cells; null: a JVM per load
 * @param announces   the attributes this target's readiness line may carry beyond those every line has ({@link
 *                    #EVERY_LINE}): what a later process of its chain may name as {@code ${process.attribute}}
 *                    ({@link Placeholders}); null when not declared (the suite's own commands, tests' registries), and
 *                    then every attribute of {@link dev.fluxlab.model.Readiness#attributes()} is taken
 * @param builds      library builds resolved before the run ({@code runner.build}) by the values of this target's
 *                    {@link KnobDef#resolve} knobs ({@link #buildKey}); null when none (never read from the registry)
 */
public record LaunchDef(
        String description,
        String main,
        List<String> args,
        List<String> classpath,
        List<String> jvm,
        Map<String, KnobDef> knobs,
        Boolean http10KeepAlive,
        Boolean selfLoading,
        String contract,
        List<String> sessionArgs,
        List<String> announces,
        @com.fasterxml.jackson.annotation.JsonIgnore Map<String, StackDef> builds) {

    /** A launch with no resolved builds and no declared readiness attributes. */
    public LaunchDef(String description, String main, List<String> args, List<String> classpath, List<String> jvm,
                     Map<String, KnobDef> knobs, Boolean http10KeepAlive, Boolean selfLoading, String contract,
                     List<String> sessionArgs) {
        this(description, main, args, classpath, jvm, knobs, http10KeepAlive, selfLoading, contract, sessionArgs, null,
                null);
    }

    /**
     * What every readiness line carries (port, protocol, transport, processors) and what the runner adds (host), so no
     * target lists them under {@code announces}.
     */
    public static final java.util.Set<String> EVERY_LINE = java.util.Set.of(dev.fluxlab.model.Readiness.PORT,
            dev.fluxlab.model.Readiness.PROTOCOL, dev.fluxlab.model.Readiness.TRANSPORT,
            dev.fluxlab.model.Readiness.PROCESSORS, dev.fluxlab.model.Readiness.HOST);

    /**
     * The attributes this target's readiness line may carry, sorted: {@link #EVERY_LINE} and its {@link #announces};
     * every attribute the contract names when it declares none.
     */
    public java.util.SortedSet<String> readinessAttributes() {
        if (announces == null) {
            return new java.util.TreeSet<>(dev.fluxlab.model.Readiness.attributes());
        }
        java.util.SortedSet<String> out = new java.util.TreeSet<>(EVERY_LINE);
        out.addAll(announces);
        return out;
    }

    /** The shared HTTP contract: {@code /plaintext} and {@code /json} answered as TechEmpower verifies them. */
    public static final String PLAINTEXT_CONTRACT = "plaintext";

    /** Whether this target answers the shared {@code /plaintext} + {@code /json} contract (contract tests cover it). */
    public boolean servesPlaintextContract() {
        return PLAINTEXT_CONTRACT.equals(contract);
    }

    /** Whether this target drives its own load. */
    public boolean isSelfLoading() {
        return Boolean.TRUE.equals(selfLoading);
    }

    /**
     * A stack chosen by knob values: the knob (e.g. {@code reactor-netty-version}), its value and what that value runs.
     */
    public record Stack(String knob, String value, StackDef def) {
    }

    /**
     * The stack {@code knobValues} choose, when one of this target's stack knobs has a value that runs from a classpath
     * of its own; empty for the target's own launch (the knob unset, or at its default).
     */
    public Optional<Stack> stack(Map<String, String> knobValues) {
        String key = buildKey(knobValues);
        if (builds != null && key != null && builds.containsKey(key)) {
            String knob = key.substring(0, key.indexOf('='));
            return Optional.of(new Stack(knob, knobValues.get(knob), builds.get(key)));
        }
        for (var e : knobsOrEmpty().entrySet()) {
            Map<String, StackDef> stacks = e.getValue().stacks();
            String v = knobValues.get(e.getKey());
            if (stacks != null && v != null && stacks.containsKey(v)) {
                return Optional.of(new Stack(e.getKey(), v, stacks.get(v)));
            }
        }
        return Optional.empty();
    }

    /**
     * How a process with {@code knobValues} starts: this launch, or with the main, arguments and classpath of the stack
     * its knobs choose ({@link #stack}). The one place a knob value turns into a classpath.
     */
    public LaunchDef forKnobs(Map<String, String> knobValues) {
        return stack(knobValues).map(s -> with(s.def())).orElse(this);
    }

    /** Every stack of this target with its launch, keyed {@code knob=value} (the contract tests start each). */
    public Map<String, LaunchDef> stackLaunches() {
        Map<String, LaunchDef> out = new LinkedHashMap<>();
        knobsOrEmpty().forEach((k, kd) -> {
            if (kd.stacks() != null) {
                kd.stacks().forEach((v, sd) -> out.put(k + "=" + v, with(sd)));
            }
        });
        return out;
    }

    private LaunchDef with(StackDef s) {
        return new LaunchDef(description, s.main() == null ? main : s.main(), s.args() == null ? args : s.args(),
                s.classpath(), jvm, knobs, http10KeepAlive, selfLoading, contract, sessionArgs, announces, null);
    }

    /**
     * The values {@code knobValues} give this target's {@link KnobDef#resolve} knobs, as {@code knob=value,...} in the
     * registry's knob order, then those of its other stack knobs (e.g. the WebFlux targets' {@code stack}, whose Boot
     * module's classpath a build goes into): the key of a resolved build; null when it sets no resolve knob.
     */
    public String buildKey(Map<String, String> knobValues) {
        List<String> parts = new java.util.ArrayList<>();
        knobsOrEmpty().forEach((k, kd) -> {
            if (kd.resolve() != null && knobValues.get(k) != null) {
                parts.add(k + "=" + knobValues.get(k));
            }
        });
        if (parts.isEmpty()) {
            return null;
        }
        knobsOrEmpty().forEach((k, kd) -> {
            if (kd.resolve() == null && kd.stacks() != null && knobValues.get(k) != null) {
                parts.add(k + "=" + knobValues.get(k));
            }
        });
        return String.join(",", parts);
    }

    /** This launch with the library builds resolved for it ({@link #builds}). */
    public LaunchDef withBuilds(Map<String, StackDef> resolved) {
        return new LaunchDef(description, main, args, classpath, jvm, knobs, http10KeepAlive, selfLoading, contract,
                sessionArgs, announces, Map.copyOf(resolved));
    }

    public Map<String, KnobDef> knobsOrEmpty() {
        return knobs == null ? Map.of() : knobs;
    }

    public List<String> argsOrEmpty() {
        return args == null ? List.of() : args;
    }

    public List<String> jvmOrEmpty() {
        return jvm == null ? List.of() : jvm;
    }
}
