package dev.fluxlab.model.run;

import java.util.Arrays;
import java.util.Collection;

/**
 * One figure over the repeats of a cell: median with min/max spread, mean and sample standard
 * deviation, and n. A figure is never shown without its spread.
 */
public record Stat(double median, double min, double max, double mean, double stdev, int n) {

    public static Stat of(Collection<? extends Number> values) {
        double[] v = values.stream().mapToDouble(Number::doubleValue).filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (v.length == 0) {
            return new Stat(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0);
        }
        double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        double mean = Arrays.stream(v).average().orElse(Double.NaN);
        double var = 0;
        for (double d : v) {
            var += (d - mean) * (d - mean);
        }
        double stdev = v.length > 1 ? Math.sqrt(var / (v.length - 1)) : 0;
        return new Stat(median, v[0], v[v.length - 1], mean, stdev, v.length);
    }

    /** Half the min-max range relative to the median; 0 for a single sample. */
    public double relativeSpread() {
        return median == 0 || n < 2 ? 0 : (max - min) / 2 / Math.abs(median);
    }
}
