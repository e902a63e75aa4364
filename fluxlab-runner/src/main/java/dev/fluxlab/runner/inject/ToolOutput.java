package dev.fluxlab.runner.inject;

import dev.fluxlab.model.load.Latency;
import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the parsers share: reading the tools' time figures ({@code 344us}, {@code 1.46ms}, {@code 2.04s},
 * {@code 1.2m}) and assembling a {@code fluxlab.load/1} document. Figures a tool does not give are NaN in the
 * latency summary (left out of every table), never invented.
 */
final class ToolOutput {

    private static final Pattern TIME = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(us|ms|s|m|h)");

    private ToolOutput() {
    }

    /** A time with its unit, in milliseconds. */
    static double millis(String text) {
        Matcher m = TIME.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a time: '" + text + "'");
        }
        double v = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "us" -> v / 1000;
            case "ms" -> v;
            case "s" -> v * 1000;
            case "m" -> v * 60_000;
            default -> v * 3_600_000;
        };
    }

    private static final Pattern BINARY_SIZE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)([KMGTP]?)B");

    /**
     * A size as wrk prints it ({@code 512.00B}, {@code 535.58KB}, {@code 1.06MB}: units of 1024), in bytes, rounded
     * to a whole byte; as precise as the two decimals printed.
     */
    static long binaryBytes(String text) {
        Matcher m = BINARY_SIZE.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a size: '" + text + "'");
        }
        int power = "KMGTP".indexOf(m.group(2)) + 1; // "" -> 0
        return Math.round(Double.parseDouble(m.group(1)) * Math.pow(1024, m.group(2).isEmpty() ? 0 : power));
    }

    static Matcher find(Pattern p, String text) {
        Matcher m = p.matcher(text);
        return m.find() ? m : null;
    }

    static long count(Pattern p, String text) {
        Matcher m = find(p, text);
        return m == null ? 0 : Long.parseLong(m.group(1));
    }

    /** The last non-blank lines of a tool's output, to say what it said when there is no result. */
    static String tail(String output) {
        List<String> lines = output.lines().filter(l -> !l.isBlank()).toList();
        return String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size())).strip();
    }

    static Map<String, Long> errors(Object... classAndCount) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < classAndCount.length; i += 2) {
            long n = ((Number) classAndCount[i + 1]).longValue();
            if (n > 0) {
                m.put((String) classAndCount[i], n);
            }
        }
        return m;
    }

    static LatencySummary latency(double mean, double stdev, double p50, double p75, double p90, double p99, double max) {
        return new LatencySummary(mean, stdev, p50, p75, p90, p99, Double.NaN, Double.NaN, max, Double.NaN);
    }

    static LoadResult result(LoadRequest r, String injector, double durationS, long ok, Map<String, Long> errors,
                             LatencySummary latency) {
        if (!(durationS > 0) && ok > 0) {
            throw new IllegalArgumentException(injector + " reported " + ok + " responses in no time (a measured "
                    + "time of 0): no throughput can be stated");
        }
        double rps = durationS > 0 ? ok / durationS : 0;
        return new LoadResult(LoadResult.SCHEMA, r.url(), r.protocol(), "closed", r.method(), r.connections(),
                r.inFlight(), null, 0, null, durationS, ok, errors, Math.round(rps * 100) / 100.0,
                new Latency(latency, latency), 0, 0, 0, 0, List.of(), null, null, null, null, injector, r.threads(), null, null, null, null, null);
    }

    static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
