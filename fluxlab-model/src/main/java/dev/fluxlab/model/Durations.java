package dev.fluxlab.model;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the human durations used on fluxlab's command lines and in suites: a whole number followed by a unit,
 * {@code 10s}, {@code 500ms}, {@code 2m}, {@code 1h}, {@code 250us}, {@code 100ns}, or a bare {@code 0}.
 * One parser for every part (targets, injector, runner), so {@code 10s} means the same everywhere.
 */
public final class Durations {

    private static final Pattern FORMAT = Pattern.compile("(\\d{1,18})(ns|us|ms|s|m|h)");

    private Durations() {
    }

    /**
     * Parses {@code text} (e.g. {@code 500ms}); case and surrounding blanks are ignored.
     *
     * @throws IllegalArgumentException naming the bad text and the accepted forms
     */
    public static Duration parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty duration; expected a number with a unit, e.g. 10s, 500ms, 2m");
        }
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("0")) {
            return Duration.ZERO;
        }
        Matcher m = FORMAT.matcher(t);
        if (!m.matches()) {
            throw new IllegalArgumentException("invalid duration '" + text
                    + "'; expected a whole number with a unit (ns, us, ms, s, m, h), e.g. 10s, 500ms, 2m");
        }
        long n = Long.parseLong(m.group(1));
        try {
            return switch (m.group(2)) {
                case "ns" -> Duration.ofNanos(n);
                case "us" -> Duration.ofNanos(Math.multiplyExact(n, 1_000L));
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> throw new IllegalStateException(m.group(2));
            };
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("duration '" + text + "' is too large", e);
        }
    }

    /** Formats {@code d} in the largest unit that keeps it whole, the inverse of {@link #parse(String)}. */
    public static String format(Duration d) {
        if (d.isZero()) {
            return "0";
        }
        long nanos = d.toNanos();
        if (nanos % 3_600_000_000_000L == 0) {
            return nanos / 3_600_000_000_000L + "h";
        }
        if (nanos % 60_000_000_000L == 0) {
            return nanos / 60_000_000_000L + "m";
        }
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + "s";
        }
        if (nanos % 1_000_000L == 0) {
            return nanos / 1_000_000L + "ms";
        }
        if (nanos % 1_000L == 0) {
            return nanos / 1_000L + "us";
        }
        return nanos + "ns";
    }
}
