package dev.fluxlab.model.suite;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations in suite files: {@code 500ms}, {@code 10s}, {@code 1.5s}, {@code 2m}, {@code 1h}, or {@code 0}.
 * {@link #format} writes whole numbers only ({@code 1500ms}), a form every fluxlab command line accepts.
 */
public final class Durations {

    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");

    private Durations() {
    }

    /** Parses {@code text}; throws IllegalArgumentException naming the accepted form. */
    public static Duration parse(String text) {
        if (text != null && text.trim().equals("0")) {
            return Duration.ZERO;
        }
        Matcher m = text == null ? null : FORMAT.matcher(text.trim());
        if (m == null || !m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration; write e.g. 500ms, 10s, 2m");
        }
        double v = Double.parseDouble(m.group(1));
        double ms = switch (m.group(2)) {
            case "ms" -> v;
            case "s" -> v * 1_000;
            case "m" -> v * 60_000;
            default -> v * 3_600_000;
        };
        return Duration.ofMillis(Math.round(ms));
    }

    public static boolean isValid(String text) {
        return text != null && (text.trim().equals("0") || FORMAT.matcher(text.trim()).matches());
    }

    /** Formats with a whole number: {@code 0}, {@code 500ms}, {@code 1500ms}, {@code 10s}. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms == 0) {
            return "0";
        }
        return ms % 1000 == 0 ? (ms / 1000) + "s" : ms + "ms";
    }
}
