package dev.fluxlab.model.suite;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as fluxlab writes them everywhere: {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h}. */
public final class Durations {

    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");

    private Durations() {
    }

    /** Parses {@code text}; throws IllegalArgumentException naming the accepted form. */
    public static Duration parse(String text) {
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
        return text != null && FORMAT.matcher(text.trim()).matches();
    }

    /** Formats like the input syntax: {@code 500ms}, {@code 10s}, {@code 1.5s}. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms % 1000 != 0) {
            return ms < 1000 ? ms + "ms" : (ms / 1000.0) + "s";
        }
        return (ms / 1000) + "s";
    }
}
