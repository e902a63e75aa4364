package dev.fluxlab.model.placement;

import dev.fluxlab.model.Labelled;

import java.util.Locale;

/**
 * A suite's {@code placement}: how its roles' CPU lists relate.
 * <ul>
 *   <li>{@link #FREE} (default): a role with {@code cpus} is pinned there, a role without runs on any CPU; lists may
 *       overlap.</li>
 *   <li>{@link #EXCLUSIVE}: every role on a host has its own CPUs; a missing list or a shared CPU is refused.</li>
 *   <li>{@link #AUTO}: the runner splits the machine's online CPUs between the roles ({@link AutoPlacement}).</li>
 * </ul>
 * A {@link Labelled} enum: its names are looked up and refused as every other's (trimmed, in any case).
 */
public enum PlacementMode implements Labelled {
    FREE, EXCLUSIVE, AUTO;

    /** The name as written in a suite. */
    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode written {@code text}, or null when there is none of that name ({@link Labelled#find}). */
    public static PlacementMode of(String text) {
        return Labelled.find(PlacementMode.class, text).orElse(null);
    }
}
