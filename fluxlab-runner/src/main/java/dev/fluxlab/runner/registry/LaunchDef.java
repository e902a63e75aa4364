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
 * @param contract    {@code plaintext} when the target answers the shared /plaintext and /json contract (status,
 *                    Content-Type, Content-Length, Server, Date, exact body); the contract tests run against exactly these
 * @param selfLoading true for a client-side system under test that drives its own load (e.g. the HttpClient
 *                    loader): the runner starts no injector for it, passes it the cell's load profile and
 *                    {@code --json FILE --progress=machine}, and reads the {@code fluxlab.load/1} document it writes
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
        String contract) {

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
