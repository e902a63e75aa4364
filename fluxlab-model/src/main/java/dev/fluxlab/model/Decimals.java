package dev.fluxlab.model;

import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A number as a person writes it: digits with an optional fraction ({@code 12}, {@code 2.5}, {@code .5}), the lab's one
 * rule for a number typed on the command line ({@code --rate}) or as a percentage ({@code --precision}, a suite's
 * {@code precision}, {@code compare --fail-on-regression}). Java's own number syntax also took {@code 0x1p10} (1024),
 * {@code 5d}, {@code 1e3}, {@code NaN} and {@code Infinity}, which nobody means as a rate.
 */
public final class Decimals {

    /** Digits with an optional fraction, unsigned, as a regular expression to build on. */
    public static final String UNSIGNED = "[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+";

    private static final Pattern NUMBER = Pattern.compile("\\s*(-?(?:" + UNSIGNED + "))\\s*");

    private Decimals() {
    }

    /** {@code text} as a number when it is digits with an optional fraction and sign; null when it is anything else. */
    public static Double parse(String text) {
        Matcher m = text == null ? null : NUMBER.matcher(text);
        return m != null && m.matches() ? Double.parseDouble(m.group(1)) : null;
    }

    /** {@code value} written as {@link #parse} reads it back: {@code 1000}, {@code 0.0001}, never {@code 1.0E-4}. */
    public static String format(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
