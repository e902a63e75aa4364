package dev.fluxlab.model.suite;

/**
 * A suite file as read: its name for messages, its text, the bound YAML (with the command line's {@code --set}
 * overrides applied) and where each key sits. Every check locates its error through {@link #error(String, String)}.
 */
record SuiteSource(String file, String text, SuiteSpec spec, Locations locations, SuiteOverrides overrides) {

    /**
     * An error at the key or value {@code pointer} (e.g. {@code /targets/x/knobs/transport/1}): at its line, or naming
     * the {@code --set} that gave it.
     */
    SuiteException error(String pointer, String problem) {
        String set = overrides.describe(pointer);
        return set != null ? new SuiteException(file, 0, 0, set + ": " + problem)
                : new SuiteException(file, locations.at(pointer), problem);
    }

    /** The pointer of load profile {@code i}: one profile may be written as a mapping instead of a one-item list. */
    String loadPointer(int i) {
        return locations.contains("/load/" + i) || !locations.contains("/load") ? "/load/" + i : "/load";
    }
}
