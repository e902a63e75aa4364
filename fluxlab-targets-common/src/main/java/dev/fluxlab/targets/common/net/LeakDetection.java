package dev.fluxlab.targets.common.net;

import dev.fluxlab.model.Labelled;
import io.netty.util.ResourceLeakDetector;
import java.util.Locale;

/**
 * The {@code leak-detection} knob: Netty's {@code ResourceLeakDetector} level, process-wide. Netty's default
 * ({@code simple}, or the {@code io.netty.leakDetection.level} system property) samples buffers and records a stack
 * trace for each sampled one, which shows in a busy server's profile; {@code disabled} takes that cost away,
 * {@code advanced} and {@code paranoid} add to it to find a leak. A target that offers the knob checks it with
 * {@link #check} when its configuration is built and sets it with {@link #apply} before it allocates a buffer. The
 * configurations keep the level as written text, {@code null} standing for Netty's default.
 */
public enum LeakDetection implements Labelled {
    DISABLED(ResourceLeakDetector.Level.DISABLED),
    SIMPLE(ResourceLeakDetector.Level.SIMPLE),
    ADVANCED(ResourceLeakDetector.Level.ADVANCED),
    PARANOID(ResourceLeakDetector.Level.PARANOID);

    private final ResourceLeakDetector.Level level;

    LeakDetection(ResourceLeakDetector.Level level) {
        this.level = level;
    }

    /** The knob's value: Netty's level in lower case. */
    @Override
    public String label() {
        return level.name().toLowerCase(Locale.ROOT);
    }

    /**
     * The level named {@code label}, looked up as every {@link Labelled} name is.
     *
     * @throws IllegalArgumentException naming the value and the accepted levels
     */
    public static LeakDetection of(String label) {
        return Labelled.parse(LeakDetection.class, label, "leak-detection");
    }

    /**
     * The level's name, {@code null} (Netty's default) as is.
     *
     * @throws IllegalArgumentException naming the value and the accepted levels
     */
    public static String check(String level) {
        return level == null ? null : of(level).label();
    }

    /** Sets Netty's level for the whole JVM; {@code null} leaves Netty's default. */
    public static void apply(String level) {
        if (level != null) {
            ResourceLeakDetector.setLevel(of(level).level);
        }
    }
}
