package dev.fluxlab.model.placement;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A suite's {@code placement}: how its roles' CPU lists relate.
 * <ul>
 *   <li>{@link #FREE} (default): a role with {@code cpus} is pinned there, a role without runs on any CPU; lists may
 *       overlap.</li>
 *   <li>{@link #EXCLUSIVE}: every role on a host has its own CPUs; a missing list or a shared CPU is refused.</li>
 *   <li>{@link #AUTO}: the runner splits the machine's online CPUs between the roles ({@link AutoPlacement}).</li>
 * </ul>
 */
public enum PlacementMode {
    FREE, EXCLUSIVE, AUTO;

    /** The name as written in a suite. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode written {@code text}, or null when there is none of that name. */
    public static PlacementMode of(String text) {
        return Arrays.stream(values()).filter(m -> m.key().equals(text)).findFirst().orElse(null);
    }

    /** The accepted names in declaration order, for messages. */
    public static List<String> keys() {
        return Arrays.stream(values()).map(PlacementMode::key).toList();
    }
}
