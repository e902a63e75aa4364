package dev.fluxlab.model;

import java.time.Duration;
import java.util.Locale;

/**
 * Parses and formats the short durations fluxlab's flags and suites use: {@code 500ms}, {@code 10s},
 * {@code 2m}, {@code 1h}, {@code 1.5s}, {@code 250us}, and a bare {@code 0}. A bare number other than 0 is
 * refused, because {@code 10} could mean seconds or milliseconds.
 */
public final class Durations {

    private Durations() {
    }

    /**
     * Parses {@code text} into a non-negative duration.
     *
     * @throws IllegalArgumentException naming the text and the accepted forms when it is not one
     */
    public static Duration parse(String text) {
        if (text == null || text.isBlank()) {
            throw bad(text);
        }
        String s = text.trim().toLowerCase(Locale.ROOT);
        if (s.equals("0")) {
            return Duration.ZERO;
        }
        int i = 0;
        while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.')) {
            i++;
        }
        if (i == 0 || i == s.length()) {
            throw bad(text);
        }
        double value;
        try {
            value = Double.parseDouble(s.substring(0, i));
        } catch (NumberFormatException e) {
            throw bad(text);
        }
        double nanosPerUnit = switch (s.substring(i)) {
            case "ns" -> 1;
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "m", "min" -> 60e9;
            case "h" -> 3600e9;
            default -> throw bad(text);
        };
        double nanos = value * nanosPerUnit;
        if (Double.isNaN(nanos) || nanos < 0 || nanos > 365 * 24 * 3600e9) {
            throw bad(text);
        }
        return Duration.ofNanos(Math.round(nanos));
    }

    /** A compact form for humans: {@code 750ms}, {@code 10s}, {@code 2.5s}, {@code 2m}. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms < 1000) {
            return ms + "ms";
        }
        if (ms % 60_000 == 0) {
            return (ms / 60_000) + "m";
        }
        if (ms % 1000 == 0) {
            return (ms / 1000) + "s";
        }
        return String.format(Locale.ROOT, "%.3gs", ms / 1000.0);
    }

    private static IllegalArgumentException bad(String text) {
        return new IllegalArgumentException("invalid duration '" + text
                + "': use a number with a unit, e.g. 500ms, 10s, 2m, 1h (or 0)");
    }
}
