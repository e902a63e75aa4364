package dev.fluxlab.report;

import dev.fluxlab.model.run.ClaimResult.PairInterval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A decided claim's pairs drawn as report.html shows them: per pair of cells one line on a logarithmic axis of A / B,
 * with the range where the claim holds shaded, 1 (no difference) dashed, the confidence interval as a bar and the
 * measured ratio as a dot, coloured by what the pair says (holds, fails, open). Each pair has an axis of its own (a
 * claim may hold a 180x pair beside a 1.05x one). The reader sees at once whether the
 * interval sits inside the claim's range, outside it, or across one of its ends, which the evidence text says in
 * numbers. Static SVG: no script, so it prints and survives a strict viewer.
 */
final class IntervalChart {

    static final int WIDTH = 260;
    static final int ROW = 44;
    private static final int PAD = 8;
    /** Two end labels closer than this (pixels) would overlap when centred: they read outwards instead. */
    private static final int END_LABEL_PX = 44;

    private IntervalChart() {
    }

    /** The chart of a claim's pairs, or an empty string when it has none (a claim judged from repeats). */
    static String svg(List<PairInterval> pairs) {
        if (pairs == null || pairs.isEmpty()) {
            return "";
        }
        StringBuilder s = new StringBuilder();
        int height = ROW * pairs.size();
        s.append("<svg class=\"interval-chart\" role=\"img\" width=\"").append(WIDTH).append("\" height=\"")
                .append(height).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height).append("\">");
        for (int r = 0; r < pairs.size(); r++) {
            row(s, pairs.get(r), domain(List.of(pairs.get(r))), r * ROW);
        }
        return s.append("</svg>").toString();
    }

    private static void row(StringBuilder s, PairInterval p, double[] d, int top) {
        int axis = top + 22;
        s.append("<g><title>").append(HtmlReport.esc(title(p))).append("</title>");
        s.append("<text x=\"").append(PAD).append("\" y=\"").append(top + 10).append("\" class=\"ic-label\">")
                .append(HtmlReport.esc(p.a() + " / " + p.b())).append("</text>");
        double from = p.holdsAbove() == null ? d[0] : Math.max(d[0], p.holdsAbove());
        double to = p.holdsBelow() == null ? d[1] : Math.min(d[1], p.holdsBelow());
        if (p.holdsAbove() != null || p.holdsBelow() != null) {
            s.append(rect(x(from, d), axis - 7, x(to, d) - x(from, d), 14, "ic-range"));
        }
        s.append(line(PAD, axis, WIDTH - PAD, axis, "ic-axis"));
        if (1 >= d[0] && 1 <= d[1]) {
            s.append(line(x(1, d), axis - 8, x(1, d), axis + 8, "ic-one"));
        }
        String cls = "ic-" + (p.outcome() == null ? "open" : p.outcome());
        double lo = Double.isFinite(p.low()) && p.low() > 0 ? p.low() : d[0];
        double hi = Double.isFinite(p.high()) ? p.high() : d[1];
        s.append(line(x(lo, d), axis, x(hi, d), axis, cls + " ic-bar"));
        if (Double.isFinite(p.ratio()) && p.ratio() > 0) {
            s.append("<circle cx=\"").append(num(x(p.ratio(), d))).append("\" cy=\"").append(axis)
                    .append("\" r=\"3.5\" class=\"").append(cls).append(" ic-dot\"/>");
        }
        // the ends of the claim's range, where the reader looks first; two ends too close to centre both labels
        // under them (a narrow "within" range on a wide axis) read outwards from the range instead
        boolean close = p.holdsAbove() != null && p.holdsBelow() != null
                && x(p.holdsBelow(), d) - x(p.holdsAbove(), d) < END_LABEL_PX;
        Double[] ends = {p.holdsAbove(), p.holdsBelow()};
        for (int k = 0; k < ends.length; k++) {
            Double end = ends[k];
            if (end != null && end >= d[0] && end <= d[1]) {
                String anchor = !close ? "" : k == 0 ? " style=\"text-anchor:end\"" : " style=\"text-anchor:start\"";
                double at = x(end, d) + (!close ? 0 : k == 0 ? -2 : 2);
                s.append("<text x=\"").append(num(at)).append("\" y=\"").append(axis + 18).append('"')
                        .append(anchor).append(" class=\"ic-end\">").append(HtmlReport.esc(ratio(end)))
                        .append("</text>");
            }
        }
        s.append("</g>");
    }

    /** The tooltip: the pair's figures in words. */
    static String title(PairInterval p) {
        String range = p.holdsAbove() == null && p.holdsBelow() == null ? ""
                : "; the claim holds for A / B " + (p.holdsAbove() == null ? "below " + ratio(p.holdsBelow())
                : p.holdsBelow() == null ? "above " + ratio(p.holdsAbove())
                : "between " + ratio(p.holdsAbove()) + " and " + ratio(p.holdsBelow()));
        return p.a() + " / " + p.b() + " = " + ratio(p.ratio()) + " [" + ratio(p.low()) + ", " + ratio(p.high()) + "], "
                + String.format(Locale.ROOT, "%.1f", 100 * p.confidence()) + " % interval from " + p.pairs()
                + " paired windows: " + p.outcome() + range;
    }

    /** The axis' ends: every finite figure of the pairs and 1, widened by a margin, on a log scale. */
    static double[] domain(List<PairInterval> pairs) {
        List<Double> v = new ArrayList<>(List.of(1.0));
        for (PairInterval p : pairs) {
            for (double x : new double[]{p.ratio(), p.low(), p.high()}) {
                if (Double.isFinite(x) && x > 0) {
                    v.add(x);
                }
            }
            if (p.holdsAbove() != null && p.holdsAbove() > 0) {
                v.add(p.holdsAbove());
            }
            if (p.holdsBelow() != null && Double.isFinite(p.holdsBelow())) {
                v.add(p.holdsBelow());
            }
        }
        double lo = v.stream().mapToDouble(Double::doubleValue).min().orElse(1);
        double hi = v.stream().mapToDouble(Double::doubleValue).max().orElse(1);
        double margin = Math.max(0.1 * Math.log(hi / lo), 0.02);
        return new double[]{lo * Math.exp(-margin), hi * Math.exp(margin)};
    }

    /** Where {@code v} sits on the axis, in pixels. */
    static double x(double v, double[] d) {
        double t = Math.log(v / d[0]) / Math.log(d[1] / d[0]);
        return PAD + Math.max(0, Math.min(1, t)) * (WIDTH - 2 * PAD);
    }

    private static String line(double x1, double y1, double x2, double y2, String cls) {
        return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2)
                + "\" class=\"" + cls + "\"/>";
    }

    private static String rect(double x, double y, double w, double h, String cls) {
        return "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(Math.max(w, 0)) + "\" height=\""
                + num(h) + "\" class=\"" + cls + "\"/>";
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /** {@code 0.957x}, {@code 180x}, {@code inf}. */
    static String ratio(double r) {
        if (!Double.isFinite(r)) {
            return "inf";
        }
        return (r >= 100 ? String.format(Locale.ROOT, "%.0f", r) : r >= 10 ? String.format(Locale.ROOT, "%.1f", r)
                : String.format(Locale.ROOT, "%.3f", r)) + "x";
    }
}
