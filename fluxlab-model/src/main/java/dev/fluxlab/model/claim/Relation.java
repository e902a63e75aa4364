package dev.fluxlab.model.claim;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a claim says about its cells' figures, written in a suite as one short text and parsed here only:
 * <ul>
 *   <li>{@code >}: each cell's figure is greater than the next one's (A > B, or an ordering A > B > C ...);</li>
 *   <li>{@code >= 10x}: A's figure is at least 10 times B's (two cells);</li>
 *   <li>{@code ratio 0.9..1.1}: A / B lies within the range (two cells);</li>
 *   <li>{@code within 5%}: every cell's figure is within 5 % of every other's, largest / smallest (two or more).</li>
 * </ul>
 * The relation is about the figure's values, not about which is better: a lower p99 is written with the cells in the
 * other order ({@code B > A}).
 */
public sealed interface Relation {

    /** The forms accepted, for error messages. */
    String ACCEPTED = "'>' (A > B > C ...), '>= Kx' (A at least K times B), 'ratio LO..HI' (A / B within the range) "
            + "or 'within P%' (every cell within P % of the others)";

    /** The relation as written in a suite (canonical form). */
    String text();

    /** Least number of cells the relation compares. */
    default int minCells() {
        return 2;
    }

    /** Most number of cells the relation compares. */
    default int maxCells() {
        return 2;
    }

    /** A > B > C ...: each figure greater than the next. */
    record Greater() implements Relation {
        public String text() {
            return ">";
        }

        public int maxCells() {
            return Integer.MAX_VALUE;
        }
    }

    /** A >= factor x B. */
    record AtLeast(double factor) implements Relation {
        public String text() {
            return ">= " + number(factor) + "x";
        }
    }

    /** low <= A / B <= high. */
    record Ratio(double low, double high) implements Relation {
        public String text() {
            return "ratio " + number(low) + ".." + number(high);
        }
    }

    /** largest / smallest <= 1 + fraction. */
    record Within(double fraction) implements Relation {
        public String text() {
            return "within " + number(fraction * 100) + "%";
        }

        public int maxCells() {
            return Integer.MAX_VALUE;
        }
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.valueOf(v);
    }

    /** A positive decimal number, without exponent, sign or hex: what a claim's factors and bounds are written as. */
    String NUMBER = "(\\d{1,9}(?:\\.\\d{1,9})?)";
    Pattern AT_LEAST = Pattern.compile(">=\\s*" + NUMBER + "\\s*[x×]");
    Pattern RATIO = Pattern.compile("ratio\\s+" + NUMBER + "\\s*\\.\\.\\s*" + NUMBER);
    Pattern WITHIN = Pattern.compile("within\\s+" + NUMBER + "\\s*%");

    /**
     * Parses {@code text}.
     *
     * @throws IllegalArgumentException naming what is wrong and the accepted forms
     */
    static Relation parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("a claim needs a 'relation': " + ACCEPTED);
        }
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.equals(">")) {
            return new Greater();
        }
        Matcher m = AT_LEAST.matcher(t);
        if (m.matches()) {
            double k = Double.parseDouble(m.group(1));
            if (!(k > 0)) {
                throw new IllegalArgumentException("the factor of '" + text.strip() + "' must be above 0");
            }
            return new AtLeast(k);
        }
        m = RATIO.matcher(t);
        if (m.matches()) {
            double lo = Double.parseDouble(m.group(1));
            double hi = Double.parseDouble(m.group(2));
            if (!(lo > 0) || !(hi > lo)) {
                throw new IllegalArgumentException("the range of '" + text.strip() + "' must be LO..HI with 0 < LO < HI");
            }
            return new Ratio(lo, hi);
        }
        m = WITHIN.matcher(t);
        if (m.matches()) {
            double p = Double.parseDouble(m.group(1));
            if (!(p > 0) || p >= 1000) {
                throw new IllegalArgumentException("the tolerance of '" + text.strip() + "' must be above 0% and below 1000%");
            }
            return new Within(p / 100);
        }
        throw new IllegalArgumentException("relation '" + text.strip() + "' is not understood; accepted: " + ACCEPTED);
    }
}
