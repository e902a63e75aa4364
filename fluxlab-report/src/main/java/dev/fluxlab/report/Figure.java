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
        if (k.equals("log_findings")) {
            // exceptions, leaks and other findings in the cell's logs (all processes, all repeats)
            return new Figure(k, "Log findings", "findings", c -> {
                double n = c.findings().stream().mapToLong(f -> f.count()).sum();
                return new Stat(n, n, n, n, 0, 1);
            });
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

    /**
     * A ratio figure {@code <figure>/<knob>=<value>}: each cell's figure divided by that of the cell with the same
     * knobs except {@code knob=value} (e.g. {@code throughput_rps/target=netty}: the share of the raw Netty ceiling;
     * {@code throughput_rps/injector=fluxlab}: a peer tool against fluxlab's injector). Null when {@code key} is not one.
     */
    public static Figure ratio(String key, java.util.List<CellView> cells) {
        int slash = key == null ? -1 : key.lastIndexOf('/');
        int eq = key == null ? -1 : key.indexOf('=', slash + 1);
        if (slash <= 0 || eq < 0) {
            return null;
        }
        Figure base = parse(key.substring(0, slash));
        String knob = key.substring(slash + 1, eq).trim();
        String value = key.substring(eq + 1).trim();
        if (base == null || knob.isEmpty() || value.isEmpty()) {
            return null;
        }
        Map<Map<String, String>, CellView> byKnobs = new java.util.HashMap<>();
        for (CellView c : cells) {
            if (c.cell().knobs() != null) {
                byKnobs.putIfAbsent(c.cell().knobs(), c);
            }
        }
        return new Figure(key, base.label() + " / " + knob + "=" + value, "x", c -> {
            if (c.cell().knobs() == null) {
                return CellView.NONE;
            }
            Map<String, String> ref = new java.util.LinkedHashMap<>(c.cell().knobs());
            ref.put(knob, value);
            CellView other = byKnobs.get(ref);
            if (other == null) {
                return CellView.NONE;
            }
            Stat a = base.value().apply(c);
            Stat b = base.value().apply(other);
            if (a == null || b == null || a.n() == 0 || b.n() == 0 || b.median() == 0) {
                return CellView.NONE;
            }
            double r = a.median() / b.median();
            return new Stat(r, a.min() / b.max(), b.min() == 0 ? r : a.max() / b.min(), r, 0, Math.min(a.n(), b.n()));
        });
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
        if (unit.equals("x")) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return unit.equals("req/s") || unit.equals("errors") || unit.equals("findings") ? Numbers.integer(v) : Numbers.decimal(v);
    }
}
