package dev.fluxlab.runner.console;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.Stat;

import java.util.Locale;
import java.util.Map;

/** Looks up a named figure ({@code throughput_rps}, {@code latency_p99_ms}...) in a cell and formats it with its spread. */
public final class Figures {

    private Figures() {
    }

    /**
     * The figure's statistic, or null when the cell has none. Per-process figures are the named process's
     * ({@code cpu_cores.backend}), else the first target's.
     */
    public static Stat of(CellResult cell, String figure, String entry) {
        CellSummary s = cell.summary();
        if (s == null) {
            return null;
        }
        if (figure.startsWith("latency_") && figure.endsWith("_ms")) {
            return s.latencyMs() == null ? null : s.latencyMs().get(figure.substring(8, figure.length() - 3));
        }
        int dot = figure.indexOf('.');
        if (dot > 0) {
            String process = figure.substring(dot + 1);
            Map<String, Stat> m = switch (figure.substring(0, dot)) {
                case "cpu_per_request_us" -> s.cpuPerRequestUs();
                case "cpu_cores" -> s.cpuCores();
                case "rss_max_mb" -> s.rssMaxMb();
                default -> null;
            };
            return m == null ? null : m.get(process);
        }
        return switch (figure) {
            case "throughput_rps" -> s.throughputRps();
            case "error_rate" -> s.errorRate();
            case "errors" -> s.errors();
            case "warmup_s" -> s.warmupS();
            case "cpu_per_request_us" -> process(s.cpuPerRequestUs(), entry);
            case "cpu_cores" -> process(s.cpuCores(), entry);
            case "rss_max_mb" -> process(s.rssMaxMb(), entry);
            default -> null;
        };
    }

    private static Stat process(Map<String, Stat> m, String name) {
        if (m == null || m.isEmpty()) {
            return null;
        }
        if (name != null && m.containsKey(name)) {
            return m.get(name);
        }
        return m.entrySet().stream().filter(e -> !e.getKey().equals("injector")).map(Map.Entry::getValue)
                .findFirst().orElse(null);
    }

    /** {@code 123,456 ±2%}; {@code -} when missing. */
    public static String format(String figure, Stat s) {
        if (s == null || s.n() == 0 || Double.isNaN(s.median())) {
            return "-";
        }
        String v = value(figure, s.median());
        return s.n() > 1 ? v + String.format(Locale.ROOT, " ±%.0f%%", s.relativeSpread() * 100) : v;
    }

    public static String value(String figure, double v) {
        if (figure.equals("error_rate")) {
            return String.format(Locale.ROOT, "%.3f%%", v * 100);
        }
        if (figure.equals("throughput_rps") || figure.equals("errors") || Math.abs(v) >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 10 ? "%.1f" : "%.2f", v);
    }
}
