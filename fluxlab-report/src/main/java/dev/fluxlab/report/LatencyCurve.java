package dev.fluxlab.report;

import dev.fluxlab.model.load.LatencyHistograms;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.RepeatResult;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * A cell's full latency percentile spectrum, decoded from the HdrHistograms the injector stored (compressed,
 * base64) and merged over the repeats. Points are spaced evenly on the HdrHistogram log axis
 * {@code x = 1 / (1 - p)} (so 90% is at 10, 99% at 100, 99.9% at 1000) up to the last percentile the sample count
 * supports.
 *
 * @param corrected   from intended send times (coordinated-omission free)
 * @param uncorrected from actual send times; empty when not recorded or the same as {@code corrected}
 * @param count       recorded values
 */
public record LatencyCurve(List<Point> corrected, List<Point> uncorrected, long count) {

    /** {@code x = 1/(1-p)}, {@code y} latency in milliseconds at percentile {@code p}. */
    public record Point(double x, double y) {
    }

    /** Points per decade of the x axis. */
    private static final int STEPS_PER_DECADE = 20;
    /** Never beyond 99.999%: the last 10 ppm are the max. */
    private static final double MAX_X = 100_000;
    /** Uncorrected is drawn only when it differs from corrected by more than this, relatively, somewhere. */
    private static final double DIFFERENT = 0.01;

    public static LatencyCurve of(List<RepeatResult> repeats) {
        Histogram corrected = merge(repeats, LoadResult::histogram);
        Histogram uncorrected = merge(repeats, LoadResult::uncorrectedHistogram);
        double scale = toMillis(repeats);
        List<Point> c = corrected == null ? List.of() : points(corrected, scale);
        List<Point> u = uncorrected == null ? List.of() : points(uncorrected, scale);
        if (!differs(c, u)) {
            u = List.of();
        }
        return new LatencyCurve(c, u, corrected == null ? 0 : corrected.getTotalCount());
    }

    /** Decodes one stored histogram; null when absent or unreadable (the report then simply has no curve). */
    public static Histogram decode(String base64) {
        if (base64 == null || base64.isBlank()) {
            return null;
        }
        try {
            return LatencyHistograms.decode(base64);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Label of an x position: {@code 99.9%}. */
    public static String percentileLabel(double x) {
        double p = (1 - 1 / x) * 100;
        String s = String.format(Locale.ROOT, "%.4f", p).replaceAll("0+$", "").replaceAll("\\.$", "");
        return s + "%";
    }

    private static Histogram merge(List<RepeatResult> repeats, Function<LoadResult, String> field) {
        Histogram sum = null;
        for (RepeatResult r : repeats) {
            if (r.load() == null) {
                continue;
            }
            Histogram h = decode(field.apply(r.load()));
            if (h == null || h.getTotalCount() == 0) {
                continue;
            }
            if (sum == null) {
                sum = new Histogram(h.getNumberOfSignificantValueDigits());
            }
            sum.add(h);
        }
        return sum;
    }

    private static double toMillis(List<RepeatResult> repeats) {
        String unit = repeats.stream().filter(r -> r.load() != null && r.load().histogramUnit() != null)
                .map(r -> r.load().histogramUnit()).findFirst().orElse("us");
        return switch (unit) {
            case "ns" -> 1e-6;
            case "ms" -> 1;
            case "s" -> 1000;
            default -> 1e-3;
        };
    }

    private static List<Point> points(Histogram h, double scale) {
        List<Point> out = new ArrayList<>();
        long n = h.getTotalCount();
        // beyond x = n a percentile is just the max: stop there
        double maxX = Math.min(MAX_X, Math.max(2, n));
        int steps = (int) Math.ceil(Math.log10(maxX) * STEPS_PER_DECADE);
        for (int i = 0; i <= steps; i++) {
            double x = Math.min(maxX, Math.pow(10, (double) i / STEPS_PER_DECADE));
            double p = (1 - 1 / x) * 100;
            out.add(new Point(x, h.getValueAtPercentile(p) * scale));
        }
        return out;
    }

    private static boolean differs(List<Point> a, List<Point> b) {
        if (a.isEmpty() || b.isEmpty() || a.size() != b.size()) {
            return !b.isEmpty();
        }
        for (int i = 0; i < a.size(); i++) {
            double x = a.get(i).y();
            double y = b.get(i).y();
            if (Math.abs(x - y) > DIFFERENT * Math.max(Math.abs(x), Math.abs(y))) {
                return true;
            }
        }
        return false;
    }
}
