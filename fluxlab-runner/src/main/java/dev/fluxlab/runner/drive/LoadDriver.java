package dev.fluxlab.runner.drive;

import dev.fluxlab.runner.target.TargetSet;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One way of putting a repeat's load on its targets: fluxlab's own injector, an external tool (wrk, h2load, ab), or
 * a target that loads by itself. A driver starts its load once the targets are ready, follows it until it is done,
 * crashed, over its deadline or interrupted ({@link LoadWait}), stops what it started and yields a {@link DriveResult}:
 * the load document, the process that produced it, the measured window, and what went wrong. New ways of loading
 * (other tools, several injectors, remote hosts) are new implementations; the repeat around them stays the same.
 */
public interface LoadDriver {

    /**
     * What the entry target itself must be told when it produces the load (a self-loading target): flags appended to
     * its command and a listener for its progress lines; empty for drivers with a process of their own.
     */
    default Optional<EntryLoad> entryLoad(LoadJob job) {
        return Optional.empty();
    }

    /** Runs the load against {@code targets} (all ready) and follows it to its end. */
    DriveResult drive(LoadJob job, TargetSet targets) throws IOException, InterruptedException;

    /** Flags for the entry target's command line and the listener of its output. */
    record EntryLoad(List<String> flags, Consumer<String> listener) {
    }
}
