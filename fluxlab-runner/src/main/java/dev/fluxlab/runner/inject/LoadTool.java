package dev.fluxlab.runner.inject;

import dev.fluxlab.model.inject.InjectorTraits;

import java.util.Optional;
import java.util.function.Predicate;

/**
 * One load tool as the runner knows it: its declaration in the model ({@link #traits()}: name and capabilities, what
 * the suite's checks read), whether it can run a cell's request, whether it is installed, and, by its kind, how it is
 * driven: fluxlab's own injector JVM ({@link FluxlabInjector}), a native command whose text output is parsed
 * ({@link ExternalInjector}), or a JVM of its own classpath whose report is read ({@link JvmInjector}). The kinds are
 * sealed so the one place that picks a driver per kind ({@code drive.LoadDrivers}) and the priming step cover every
 * tool; a new tool of a known kind needs neither. Found by name in {@link LoadTools}. Implementations are stateless.
 */
public sealed interface LoadTool permits FluxlabInjector, ExternalInjector, JvmInjector {

    /** Its declaration in the model: the name a load profile uses and what it can do. */
    InjectorTraits traits();

    /** The name a load profile uses ({@code injector: wrk}). */
    default String name() {
        return traits().name();
    }

    /**
     * Why this tool cannot run a request as asked (wrk over h2c, ab pipelined...), or empty. What the model's checks
     * refuse already (an open-model rate, several injectors) is not asked again here.
     */
    Optional<String> unsupported(String protocol, int inFlight, String method);

    /**
     * Why this tool cannot run on this machine (an executable not on PATH, a classpath not built), with the fix; empty
     * when it can.
     *
     * @param built whether a file relative to FLUXLAB_HOME exists (the registry's {@code hasClasspath})
     */
    default Optional<String> notInstalled(Predicate<String> built) {
        return Optional.empty();
    }
}
