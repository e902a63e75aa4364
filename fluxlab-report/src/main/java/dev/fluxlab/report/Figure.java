package dev.fluxlab.report;

import dev.fluxlab.model.run.Stat;

import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The figure that fills the cells of an end table, named as in a suite's {@code TableSpec.value}:
 * {@code throughput_rps} (default), {@code latency_p50_ms} / {@code latency_p99_ms} / {@code latency_p999_ms}
 * (any percentile the summary holds, also written {@code p99_ms}), {@code errors}, {@code error_rate},
 * {@code warmup_s}, {@code cpu_cores.<process>}, {@code cpu_per_request_us.<process>}.
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
        for (Map.Entry<String, String[]> e : Map.of(
                "cpu_cores.", new String[]{"CPU cores", "cores"},
                "cpu_per_request_us.", new String[]{"CPU per request", "µs/req"}).entrySet()) {
            if (k.startsWith(e.getKey())) {
                String process = key.trim().substring(e.getKey().length());
                boolean cores = e.getKey().startsWith("cpu_cores");
                return new Figure(k, e.getValue()[0] + " of " + process, e.getValue()[1], c -> {
                    Stat s = (cores ? c.cpuCores() : c.cpuPerRequestUs()).get(process);
                    return s == null ? CellView.NONE : s;
                });
            }
        }
        return null;
    }

    /** Formats one value of this figure: integers with thousands separators, small values with a few decimals. */
    public String format(double v) {
        if (unit.equals("ratio")) {
            return Numbers.percent(v);
        }
        return unit.equals("req/s") || unit.equals("errors") ? Numbers.integer(v) : Numbers.decimal(v);
    }
}
