package dev.fluxlab.model.contract;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The line fluxlab's Gatling simulation prints on stdout when it ends (docs/contracts.md):
 * {@code fluxlab-gatling-window measured_ms=<ms>}, the measured window from the start of its first measured batch to
 * the end of its last. Gatling's report counts the measured requests but has no window of its own, so the runner
 * turns that count into a rate over this line's length. The simulation formats it, the runner finds it in the
 * child's output; both through this record.
 *
 * @param measuredMs the measured window in milliseconds; 0 when nothing was measured
 */
public record GatlingWindowLine(double measuredMs) {

    /** The word the line starts with. */
    public static final String PREFIX = "fluxlab-gatling-window";
    private static final Pattern LINE = Pattern.compile(Pattern.quote(PREFIX) + " measured_ms=([0-9.]+)");

    /** The line as printed: the window to the microsecond. */
    public String format() {
        return String.format(Locale.ROOT, "%s measured_ms=%.3f", PREFIX, measuredMs);
    }

    /** The measured window in seconds. */
    public double seconds() {
        return measuredMs / 1000;
    }

    /** The first window line in a process's output; empty when it printed none (or none with a readable number). */
    public static Optional<GatlingWindowLine> find(String output) {
        Matcher m = LINE.matcher(output);
        if (!m.find()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new GatlingWindowLine(Double.parseDouble(m.group(1))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
