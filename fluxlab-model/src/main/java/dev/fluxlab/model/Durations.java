package dev.fluxlab.model;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The human durations of fluxlab's command lines and suites: a number with a unit, {@code 10s}, {@code 500ms},
 * {@code 1.5s}, {@code 2m}, {@code 1h}, {@code 250us}, {@code 100ns}, or a bare {@code 0}. One parser for every
 * part (targets, injector, runner, suites), so {@code 10s} means the same everywhere. A bare number other than 0
 * is refused: {@code 10} could mean seconds or milliseconds.
 */
public final class Durations {

    private static final Pattern FORMAT = Pattern.compile("(\\d{1,18}(?:\\.\\d{1,9})?)(ns|us|ms|s|m|min|h)");
    private static final Duration MAX = Duration.ofDays(365);

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
                    + "'; expected a number with a unit (ns, us, ms, s, m, h), e.g. 10s, 500ms, 1.5s, 2m");
        }
        long nanosPerUnit = switch (m.group(2)) {
            case "ns" -> 1L;
            case "us" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m", "min" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> throw new IllegalStateException(m.group(2));
        };
        BigDecimal nanos = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(nanosPerUnit));
        if (nanos.compareTo(BigDecimal.valueOf(MAX.toNanos())) > 0) {
            throw new TooLarge("duration '" + text + "' is too large (at most 365 days)");
        }
        return Duration.ofNanos(nanos.setScale(0, java.math.RoundingMode.HALF_UP).longValueExact());
    }

    /** True when {@link #parse(String)} accepts {@code text}. */
    public static boolean isValid(String text) {
        try {
            parse(text);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** " (too large: at most 365 days)" when {@code text} is a duration beyond the bound, else null. */
    public static String tooLarge(String text) {
        try {
            parse(text);
            return null;
        } catch (TooLarge e) {
            return " (too large: at most 365 days)";
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** A well-formed duration beyond {@link #MAX}: told apart by its type, not by its message's words. */
    private static final class TooLarge extends IllegalArgumentException {
        TooLarge(String message) {
            super(message);
        }
    }


    /**
     * Formats {@code d} as a whole number in the largest unit that keeps it exact ({@code 1500ms}, {@code 10s},
     * {@code 2m}): the inverse of {@link #parse(String)}, and a form every fluxlab command line accepts.
     */
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
