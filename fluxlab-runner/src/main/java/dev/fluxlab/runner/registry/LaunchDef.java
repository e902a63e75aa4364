package dev.fluxlab.runner.registry;

import java.util.List;
import java.util.Map;

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
 * @param commonRoutes false for a target that does not serve the common routes ({@code /plaintext}, {@code /json}...)
 *                    on its own, e.g. seed 003's mock API and fan-out service (added); null = it does
 */
public record LaunchDef(
        String description,
        String main,
        List<String> args,
        List<String> classpath,
        List<String> jvm,
        Map<String, KnobDef> knobs,
        Boolean http10KeepAlive,
        Boolean commonRoutes) {

    /** The shape before {@code commonRoutes}. */
    public LaunchDef(String description, String main, List<String> args, List<String> classpath, List<String> jvm,
                     Map<String, KnobDef> knobs, Boolean http10KeepAlive) {
        this(description, main, args, classpath, jvm, knobs, http10KeepAlive, null);
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
