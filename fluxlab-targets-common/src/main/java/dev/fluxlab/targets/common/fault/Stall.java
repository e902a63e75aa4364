package dev.fluxlab.targets.common.fault;

import dev.fluxlab.model.Durations;
import java.time.Duration;

/**
 * A periodic stall, {@code <pause>@<every>} on the command line (e.g. {@code 200ms@2s}): the server stops answering
 * for {@code pause} once every {@code every}. Used to check that the injector sees (and reports) a stall the way
 * wrk2/HdrHistogram would: from the intended start time of each request, not from when it was finally sent.
 *
 * @param pause how long each stall lasts, shorter than {@code every}
 * @param every the period of the stalls
 */
public record Stall(Duration pause, Duration every) {

    public Stall {
        if (pause.isNegative() || pause.isZero()) {
            throw new IllegalArgumentException("stall pause must be positive, was " + Durations.format(pause));
        }
        if (pause.compareTo(every) >= 0) {
            throw new IllegalArgumentException("stall pause (" + Durations.format(pause)
                    + ") must be shorter than its period (" + Durations.format(every) + "), e.g. 200ms@2s");
        }
    }

    /**
     * Parses {@code <pause>@<every>}, e.g. {@code 200ms@2s}.
     *
     * @throws IllegalArgumentException naming the bad part
     */
    public static Stall parse(String text) {
        int at = text == null ? -1 : text.indexOf('@');
        if (at < 0) {
            throw new IllegalArgumentException("invalid stall '" + text + "'; expected <pause>@<every>, e.g. 200ms@2s");
        }
        return new Stall(Durations.parse(text.substring(0, at)), Durations.parse(text.substring(at + 1)));
    }

    @Override
    public String toString() {
        return Durations.format(pause) + "@" + Durations.format(every);
    }
}
