package dev.fluxlab.runner.drive;

import dev.fluxlab.runner.host.Launcher;
import dev.fluxlab.runner.inject.ExternalInjector;
import dev.fluxlab.runner.inject.FluxlabInjector;
import dev.fluxlab.runner.inject.JvmInjector;
import dev.fluxlab.runner.inject.LoadTool;
import dev.fluxlab.runner.launch.Commands;

/**
 * The driver of a load tool, by its kind: fluxlab's own injector ({@link FluxlabDriver}), a native tool
 * ({@link ExternalToolDriver}) or a JVM tool ({@link JvmToolDriver}). The tool does not make its driver itself because
 * validation reads the tools too, and the drivers need the launch code, which needs the registry that validation lives
 * in: the tools stay below both, and the kinds are sealed, so this one switch covers every tool and a new tool of a
 * known kind needs no change here.
 */
public final class LoadDrivers {

    private LoadDrivers() {
    }

    /**
     * The driver of {@code tool}.
     *
     * @param kept            fluxlab's injector JVM kept for a group ({@code fork: shared}), or null: a JVM per repeat
     * @param http10KeepAlive whether the entry target keeps HTTP/1.0 connections alive (the registry says)
     */
    public static LoadDriver of(LoadTool tool, Commands commands, Launcher launcher, SharedInjector kept,
                                boolean http10KeepAlive) {
        return switch (tool) {
            case FluxlabInjector f -> new FluxlabDriver(commands, launcher, kept);
            case ExternalInjector e -> new ExternalToolDriver(e, http10KeepAlive, launcher);
            case JvmInjector j -> new JvmToolDriver(j, commands, launcher);
        };
    }
}
