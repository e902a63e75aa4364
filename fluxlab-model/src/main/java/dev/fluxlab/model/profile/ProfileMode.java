package dev.fluxlab.model.profile;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a profiled repeat records of every JVM of a cell ({@code profile:} in a suite, {@code fluxlab run --profile}):
 * on-CPU samples, allocations, wall-clock samples of every thread, contended locks, or the JDK's own Flight Recorder
 * (with on-CPU samples beside it). Each mode is one profiled repeat of its own.
 */
public enum ProfileMode {
    CPU, ALLOC, WALL, LOCK, JFR;

    /** The name as written in suites and on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode named {@code text} (case-insensitive), if any. */
    public static Optional<ProfileMode> parse(String text) {
        return Arrays.stream(values()).filter(m -> m.label().equalsIgnoreCase(text == null ? "" : text.strip()))
                .findFirst();
    }

    /** Every name, for messages: {@code cpu, alloc, wall, lock, jfr}. */
    public static String names() {
        return Arrays.stream(values()).map(ProfileMode::label).collect(Collectors.joining(", "));
    }
}
