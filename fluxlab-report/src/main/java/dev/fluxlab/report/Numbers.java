package dev.fluxlab.report;

import dev.fluxlab.model.run.Stat;

import java.util.Locale;

/** Number formatting shared by every renderer: thousands separators, sensible decimals, spreads. */
public final class Numbers {

    private Numbers() {
    }

    /**
     * Beyond this magnitude a figure is printed in scientific notation: no run measures it, and a hand-edited 1e308
     * printed as 309 digits and broke every table's columns.
     */
    static final double HUGE = 1e15;

    /** {@code 123,456}; {@code -} for NaN. */
    public static String integer(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "-";
        }
        if (Math.abs(v) >= HUGE) {
            return String.format(Locale.ROOT, "%.3g", v);
        }
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    /** Three significant decimals below 1, two below 10, one below 100, none above (with separators). */
    public static String decimal(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "-";
        }
        double a = Math.abs(v);
        if (a == 0) {
            return "0";
        }
        if (a < 1) {
            return String.format(Locale.ROOT, "%.3f", v);
        }
        if (a < 10) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        if (a < 100) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return integer(v);
    }

    /** {@code 12.3%} / {@code 0.05%}. */
    public static String percent(double ratio) {
        if (Double.isNaN(ratio) || Double.isInfinite(ratio)) {
            return "-";
        }
        double p = ratio * 100;
        // the digits follow the value as printed: 9.96 % is "10%" as 10 % is, not "10.0%"
        double a = Math.abs(p);
        String f = a == 0 ? "%.0f%%" : Math.round(a * 100) / 100.0 < 1 ? "%.2f%%"
                : Math.round(a * 10) / 10.0 < 10 ? "%.1f%%" : "%.0f%%";
        return String.format(Locale.ROOT, f, p);
    }

    /** Half the min-max range relative to the median, e.g. {@code ±2%} or {@code ±0.5%}; empty for a single sample. */
    public static String spread(Stat s) {
        if (s == null || s.n() < 2 || Double.isNaN(s.median())) {
            return "";
        }
        if (s.median() == 0) {
            return s.max() == s.min() ? "±0%" : "±" + decimal((s.max() - s.min()) / 2);
        }
        double p = s.relativeSpread() * 100;
        // 0.995 % prints as "±1%", as 1 % does, not as "±1.0%"
        return Math.round(p * 10) / 10.0 < 1 ? String.format(Locale.ROOT, "±%.1f%%", p)
                : String.format(Locale.ROOT, "±%.0f%%", p);
    }

    /**
     * Ratio as {@code 1.23x}, or {@code 0.969x} within 5 % of 1, where noise bands and thresholds lie: two rows both
     * printed {@code 0.97x}, one within noise and one worse.
     */
    public static String ratio(double r) {
        if (Double.isNaN(r) || Double.isInfinite(r)) {
            return "-";
        }
        return String.format(Locale.ROOT, Math.abs(r - 1) < 0.05 ? "%.3fx" : "%.2fx", r);
    }
}
