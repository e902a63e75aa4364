package dev.fluxlab.model.profile;

import dev.fluxlab.model.Labelled;
import java.util.Locale;

/**
 * What a profiled repeat records of every JVM of a cell ({@code profile:} in a suite, {@code fluxlab run --profile}):
 * on-CPU samples, allocations, wall-clock samples of every thread, contended locks, or the JDK's own Flight Recorder
 * (with on-CPU samples beside it). Each mode is one profiled repeat of its own. Names are looked up as every
 * {@link Labelled} name is ({@code Labelled.find}); the suite checks and {@code run --profile} word their own refusals
 * with {@code Labelled.accepted}.
 */
public enum ProfileMode implements Labelled {
    CPU, ALLOC, WALL, LOCK, JFR;

    /** The name as written in suites and on the command line: the constant's, in lower case. */
    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
