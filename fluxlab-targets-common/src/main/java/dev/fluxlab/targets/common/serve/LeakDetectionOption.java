package dev.fluxlab.targets.common.serve;

import dev.fluxlab.options.OptionValues;
import dev.fluxlab.targets.common.net.LeakDetection;
import picocli.CommandLine.Option;

/**
 * {@code --leak-detection}, Netty's {@code ResourceLeakDetector} level, for the {@code serve} commands whose target
 * offers the knob (a picocli {@code @Mixin}: one name, help and default for all of them). The level is checked and
 * set by the target ({@code dev.fluxlab.targets.common.net.LeakDetection}); no value leaves Netty's default.
 */
public final class LeakDetectionOption {

    @Option(names = "--leak-detection", paramLabel = "LEVEL", converter = Level.class,
            description = "Netty ResourceLeakDetector level: disabled, simple, advanced, paranoid (default: Netty's).")
    private String level;

    /** A level's name as Netty's levels are listed ({@link LeakDetection#check}). */
    static final class Level extends OptionValues.Parsing<String> {
        Level() {
            super(LeakDetection::check);
        }
    }

    /** The level given, {@code null} for Netty's default. */
    public String level() {
        return level;
    }
}
