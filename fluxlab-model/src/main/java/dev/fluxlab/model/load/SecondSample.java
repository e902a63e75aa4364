package dev.fluxlab.model.load;

import java.util.Map;

/**
 * One second of a load phase as the injector saw it: {@code t} is seconds since the phase started,
 * {@code ok} the verified responses completed in that second, {@code errors} the failed ones.
 * {@code compileMs}: per watched JVM (by pid), the milliseconds its JIT spent compiling in that second; null when
 * no JVM was watched (external tools, older documents).
 */
public record SecondSample(String phase, int t, long ok, long errors, Map<String, Double> compileMs) {

    /** A second without JIT readings. */
    public SecondSample(String phase, int t, long ok, long errors) {
        this(phase, t, ok, errors, null);
    }
}
