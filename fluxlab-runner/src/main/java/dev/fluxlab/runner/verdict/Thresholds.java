package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteSettings;

/**
 * When a repeat stops being trustworthy.
 *
 * @param maxErrorRate        errors / (ok + errors) above which the repeat is invalid (default 0.1 %)
 * @param requireStableWarmup whether an adaptive warm-up that hit its bound invalidates the repeat
 * @param injectorSaturation  fraction of its usable cores at which the injector counts as saturated (default 0.9)
 * @param maxLogFindings      log findings a repeat may have before it is invalid; null = they only warn
 */
public record Thresholds(double maxErrorRate, boolean requireStableWarmup, double injectorSaturation,
                         Integer maxLogFindings) {

    public Thresholds(double maxErrorRate, boolean requireStableWarmup, double injectorSaturation) {
        this(maxErrorRate, requireStableWarmup, injectorSaturation, null);
    }

    public static Thresholds of(Suite s) {
        return new Thresholds(s.maxErrorRate(), s.requireStableWarmup(), s.injectorSaturation(), s.maxLogFindings());
    }

    public static Thresholds defaults() {
        return new Thresholds(SuiteSettings.DEFAULT_MAX_ERROR_RATE, true, SuiteSettings.DEFAULT_INJECTOR_SATURATION);
    }
}
