package dev.fluxlab.report;

import dev.fluxlab.model.run.Stat;

import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The figure that fills the cells of an end table, named as in a suite's {@code TableSpec.value}:
 * {@code throughput_rps} (default), {@code latency_p50_ms} / {@code latency_p99_ms} / {@code latency_p999_ms}
 * (any percentile the summary holds, also written {@code p99_ms}), {@code errors}, {@code error_rate},
 * {@code warmup_s}, and per process {@code cpu_cores}, {@code cpu_per_request_us}, {@code rss_max_mb}: of the first target
 * process, or of a named one with {@code .<process>} (e.g. {@code cpu_cores.backend}).
 *
 * @param key   the name as written in the suite
 * @param label what the table title calls it
 * @param unit  shown in the column headers
 * @param value how to read it from a cell
 */
public record Figure(String key, String label, String unit, Function<CellView, Stat> value) {

    public static final String DEFAULT = "throughput_rps";

    public static final Figure THROUGHPUT = new Figure(DEFAULT, "Throughput", "req/s", CellView::throughput);

    /** The figure named {@code key}; throughput when {@code key} is null or blank; null when unknown. */
    public static Figure parse(String key) {
        if (key == null || key.isBlank() || key.equals(DEFAULT) || key.equals("throughput")) {
            return THROUGHPUT;
        }
        String k = key.trim().toLowerCase(Locale.ROOT);
        if (k.equals("errors")) {
            return new Figure(k, "Errors per repeat", "errors", CellView::errors);
        }
        if (k.equals("error_rate")) {
            return new Figure(k, "Error rate", "ratio", c -> c.cell().summary() == null || c.cell().summary().errorRate() == null
                    ? CellView.NONE : c.cell().summary().errorRate());
        }
        if (k.equals("warmup_s")) {
            return new Figure(k, "Warm-up", "s", CellView::warmupS);
        }
        String p = k.startsWith("latency_") ? k.substring("latency_".length()) : k;
        if (p.endsWith("_ms") && (p.startsWith("p") || p.equals("mean_ms") || p.equals("max_ms"))) {
            String pct = p.substring(0, p.length() - 3);
            return new Figure(k, "Latency " + pct, "ms", c -> c.latency(pct));
        }
        for (String[] f : PER_PROCESS) {
            String name = f[0];
            if (k.equals(name) || k.startsWith(name + ".")) {
                String process = k.equals(name) ? null : key.trim().substring(name.length() + 1);
                Function<CellView, Map<String, Stat>> map = switch (name) {
                    case "cpu_cores" -> CellView::cpuCores;
                    case "cpu_per_request_us" -> CellView::cpuPerRequestUs;
                    default -> c -> c.cell().summary() == null ? null : c.cell().summary().rssMaxMb();
                };
                return new Figure(k, f[1] + " of " + (process == null ? "the target" : process), f[2], c -> perProcess(c, map.apply(c), process));
            }
        }
        return null;
    }

    /** Per-process figures: name, label, unit. */
    private static final String[][] PER_PROCESS = {
            {"cpu_per_request_us", "CPU per request", "µs/req"},
            {"cpu_cores", "CPU cores", "cores"},
            {"rss_max_mb", "Max RSS", "MB"}};

    /** The named process's figure; without a name, that of the first non-injector process in the document's order. */
    private static Stat perProcess(CellView c, Map<String, Stat> byProcess, String process) {
        if (byProcess == null || byProcess.isEmpty()) {
            return CellView.NONE;
        }
        if (process != null) {
            return byProcess.getOrDefault(process, CellView.NONE);
        }
        var injectors = c.injectorNames();
        return byProcess.entrySet().stream().filter(e -> !injectors.contains(e.getKey())).map(Map.Entry::getValue)
                .findFirst().orElse(CellView.NONE);
    }

    /** Formats one value of this figure: integers with thousands separators, small values with a few decimals. */
    public String format(double v) {
        if (unit.equals("ratio")) {
            return Numbers.percent(v);
        }
        return unit.equals("req/s") || unit.equals("errors") ? Numbers.integer(v) : Numbers.decimal(v);
    }
}
