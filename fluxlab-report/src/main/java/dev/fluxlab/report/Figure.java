package dev.fluxlab.report;

import dev.fluxlab.model.run.FigureName;
import dev.fluxlab.model.run.Stat;

import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The figure that fills the cells of an end table, named as in a suite's {@code TableSpec.value}: the names are
 * {@link FigureName}'s (the one vocabulary the suite check uses too); this adds how each is labelled, in what unit, and
 * how it is read from a {@link CellView}.
 *
 * @param key   the name as written in the suite
 * @param label what the table title calls it
 * @param unit  shown in the column headers
 * @param value how to read it from a cell
 */
public record Figure(String key, String label, String unit, Function<CellView, Stat> value) {

    public static final String DEFAULT = FigureName.THROUGHPUT;

    public static final Figure THROUGHPUT = new Figure(DEFAULT, "Throughput", "req/s", CellView::throughput);

    /** The figure named {@code key} ({@link FigureName}); throughput when {@code key} is null or blank; null when unknown. */
    public static Figure parse(String key) {
        if (key == null || key.isBlank()) {
            return THROUGHPUT;
        }
        FigureName name = FigureName.parse(key);
        return name == null || name.isRatio() ? null : of(name);
    }

    private static Figure of(FigureName name) {
        String k = name.key().toLowerCase(Locale.ROOT);
        return switch (name.figure()) {
            case FigureName.THROUGHPUT -> THROUGHPUT;
            case "errors" -> new Figure(k, "Errors per repeat", "errors", CellView::errors);
            case "error_rate" -> new Figure(k, "Error rate", "ratio", c -> c.cell().summary() == null
                    || c.cell().summary().errorRate() == null ? CellView.NONE : c.cell().summary().errorRate());
            // exceptions, leaks and other findings in the cell's logs (all processes, all repeats)
            case "log_findings" -> new Figure(k, "Log findings", "findings", c -> {
                double n = c.findings().stream().mapToLong(f -> f.count()).sum();
                return new Stat(n, n, n, n, 0, 1);
            });
            case "warmup_s" -> new Figure(k, "Warm-up", "s", CellView::warmupS);
            case FigureName.LATENCY -> new Figure(k, "Latency " + name.percentile(), "ms", c -> c.latency(name.percentile()));
            default -> perProcess(k, name);
        };
    }

    /**
     * A ratio figure {@code <figure>/<knob>=<value>}: each cell's figure divided by that of the cell with the same
     * knobs except {@code knob=value} (e.g. {@code throughput_rps/target=netty}: the share of the raw Netty ceiling;
     * {@code throughput_rps/injector=fluxlab}: a peer tool against fluxlab's injector). Null when {@code key} is not one.
     */
    public static Figure ratio(String key, java.util.List<CellView> cells) {
        FigureName name = FigureName.parse(key);
        if (name == null || !name.isRatio()) {
            return null;
        }
        Figure base = of(name);
        String knob = name.ratioKnob();
        String value = name.ratioValue();
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

    /** A per-process figure: of the named process, else of the first target process. */
    private static Figure perProcess(String key, FigureName name) {
        String[] labelUnit = switch (name.figure()) {
            case "cpu_per_request_us" -> new String[]{"CPU per request", "µs/req"};
            case "cpu_cores" -> new String[]{"CPU cores", "cores"};
            default -> new String[]{"Max RSS", "MB"};
        };
        Function<CellView, Map<String, Stat>> map = switch (name.figure()) {
            case "cpu_cores" -> CellView::cpuCores;
            case "cpu_per_request_us" -> CellView::cpuPerRequestUs;
            default -> c -> c.cell().summary() == null ? null : c.cell().summary().rssMaxMb();
        };
        String process = name.process();
        return new Figure(key, labelUnit[0] + " of " + (process == null ? "the target" : process), labelUnit[1],
                c -> perProcess(c, map.apply(c), process));
    }

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
