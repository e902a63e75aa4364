package dev.fluxlab.targets.common.net;

import io.netty.util.ResourceLeakDetector;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The {@code leak-detection} knob: Netty's {@code ResourceLeakDetector} level, process-wide. Netty's default
 * ({@code simple}, or the {@code io.netty.leakDetection.level} system property) samples buffers and records a stack
 * trace for each sampled one, which shows in a busy server's profile; {@code disabled} takes that cost away,
 * {@code advanced} and {@code paranoid} add to it to find a leak. A target that offers the knob checks it with
 * {@link #check} when its configuration is built and sets it with {@link #apply} before it allocates a buffer.
 */
public final class LeakDetection {

    /** The knob's values: Netty's levels, in lower case. */
    public static final List<String> LEVELS = Arrays.stream(ResourceLeakDetector.Level.values())
            .map(l -> l.name().toLowerCase(Locale.ROOT)).toList();

    private LeakDetection() {
    }

    /**
     * The level in lower case, {@code null} (Netty's default) as is.
     *
     * @throws IllegalArgumentException naming the accepted levels
     */
    public static String check(String level) {
        if (level == null) {
            return null;
        }
        String lower = level.toLowerCase(Locale.ROOT);
        if (!LEVELS.contains(lower)) {
            throw new IllegalArgumentException("unknown leak-detection '" + lower + "'; expected one of "
                    + String.join(", ", LEVELS));
        }
        return lower;
    }

    /** Sets Netty's level for the whole JVM; {@code null} leaves Netty's default. */
    public static void apply(String level) {
        String checked = check(level);
        if (checked != null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.valueOf(checked.toUpperCase(Locale.ROOT)));
        }
    }
}
