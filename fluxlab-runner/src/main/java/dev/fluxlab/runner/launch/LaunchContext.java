package dev.fluxlab.runner.launch;

import dev.fluxlab.runner.host.Launcher;
import dev.fluxlab.runner.listen.RunListener;
import dev.fluxlab.runner.process.Supervisor;
import dev.fluxlab.runner.registry.TargetRegistry;

import java.time.Duration;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * What every part of a run that starts child processes shares: the target registry, the command lines built from it,
 * where children start (this machine or a suite host), who stops them, how long a child gets between SIGTERM and
 * SIGKILL, who hears of progress, and whether the run was interrupted. The repeats, the AOT training and the claims'
 * trials each take one instead of the same seven arguments; a part that needs a variant (training's longer grace,
 * silent progress, other JVM options) derives it with the {@code with...} methods.
 *
 * @param registry    the targets and injectors the lab knows
 * @param commands    the command lines of targets and injectors
 * @param launcher    starts a child on this machine or a suite host
 * @param supervisor  tracks every child so an interruption stops them all
 * @param grace       SIGTERM to SIGKILL
 * @param listener    progress lines
 * @param interrupted true once the run was interrupted
 */
public record LaunchContext(TargetRegistry registry, Commands commands, Launcher launcher, Supervisor supervisor,
                            Duration grace, RunListener listener, BooleanSupplier interrupted) {

    public LaunchContext {
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(commands, "commands");
        Objects.requireNonNull(launcher, "launcher");
        Objects.requireNonNull(supervisor, "supervisor");
        Objects.requireNonNull(grace, "grace");
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(interrupted, "interrupted");
    }

    /** This context with other command lines (e.g. extra JVM options). */
    public LaunchContext withCommands(Commands other) {
        return new LaunchContext(registry, other, launcher, supervisor, grace, listener, interrupted);
    }

    /** This context with another SIGTERM-to-SIGKILL grace. */
    public LaunchContext withGrace(Duration other) {
        return new LaunchContext(registry, commands, launcher, supervisor, other, listener, interrupted);
    }

    /** This context with another listener (e.g. {@link RunListener#NONE} for work that prints no progress). */
    public LaunchContext withListener(RunListener other) {
        return new LaunchContext(registry, commands, launcher, supervisor, grace, other, interrupted);
    }
}
