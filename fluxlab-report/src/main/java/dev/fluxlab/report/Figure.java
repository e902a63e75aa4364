package dev.fluxlab.report;

import dev.fluxlab.model.run.FigureName;
import dev.fluxlab.model.run.FigureValue;
import dev.fluxlab.model.run.Stat;

import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The figure that fills the cells of an end table, named as in a suite's {@code TableSpec.value}: the names are
 * {@link FigureName}'s (the one vocabulary the suite check uses too); this adds how each is labelled, in what unit, and
 * how it is read from a {@link CellView}.
 *
 * @param key     the name as written in the suite
 * @param label   what the table title calls it
 * @param unit    shown in the column headers
 * @param value   how to read it from a cell
 * @param verdict for a ratio, {@code compare}'s verdict on the cell against the cell it is divided by (null for the
 *                reference cell itself and where a side lacks the figure); null for other figures
 */
public record Figure(String key, String label, String unit, Function<CellView, Stat> value,
                     Function<CellView, Comparison.Verdict> verdict) {

    /** A figure without verdicts. */
    public Figure(String key, String label, String unit, Function<CellView, Stat> value) {
        this(key, label, unit, value, null);
    }

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
        // a ratio's figure is read as its base figure; Figure.ratio divides
        FigureName base = new FigureName(name.key(), name.figure(), name.percentile(), name.process(), null, null);
        Function<CellView, Stat> value = c -> FigureValue.of(base, c.cell());
        return switch (name.figure()) {
            case FigureName.THROUGHPUT -> THROUGHPUT;
            case "errors" -> new Figure(k, "Errors per repeat", "errors", value);
            case "error_rate" -> new Figure(k, "Error rate", "%", value);
            // exceptions, leaks and other findings in the cell's logs (all processes, all repeats)
            case "log_findings" -> new Figure(k, "Log findings", "findings", value);
            case "warmup_s" -> new Figure(k, "Warm-up", "s", value);
            case FigureName.LATENCY -> new Figure(k, "Latency " + name.percentile(), "ms", value);
            default -> {
                String[] labelUnit = switch (name.figure()) {
                    case "cpu_per_request_us" -> new String[]{"CPU per request", "µs/req"};
                    case "cpu_cores" -> new String[]{"CPU cores", "cores"};
                    default -> new String[]{"Max RSS", "MB"};
                };
                yield new Figure(k, labelUnit[0] + " of " + (name.process() == null ? "the target" : name.process()),
                        labelUnit[1], value);
            }
        };
    }

    /**
     * A ratio figure {@code <figure>/<knob>=<value>}: each cell's figure divided by that of the cell with the same
     * knobs except {@code knob=value} (e.g. {@code throughput_rps/target=netty}: the share of the raw Netty ceiling;
     * {@code throughput_rps/injector=fluxlab}: a peer tool against fluxlab's injector). Null when {@code key} is not one.
     * Each ratio carries {@code compare}'s verdict on the cell against its reference ({@link Comparison#verdict}: the
     * noise band of the two cells' repeats, at least 3 % for a single repeat; better / worse in the figure's
     * direction), so two stacks side by side ({@code throughput_rps/reactor-netty-version=1.3.8}) read as compare would.
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
        Function<CellView, CellView> reference = c -> {
            if (c.cell().knobs() == null) {
                return null;
            }
            Map<String, String> ref = new java.util.LinkedHashMap<>(c.cell().knobs());
            ref.put(knob, value);
            return byKnobs.get(ref);
        };
        Function<CellView, Comparison.Verdict> verdict = c -> {
            CellView other = reference.apply(c);
            if (other == null || other == c) {
                return null;
            }
            Comparison.Verdict v = Comparison.verdict(base.value().apply(other), base.value().apply(c), 0,
                    Comparison.higherIsBetter(base));
            return v == Comparison.Verdict.UNKNOWN ? null : v;
        };
        return new Figure(key, base.label() + " / " + knob + "=" + value, "x", c -> {
            CellView other = reference.apply(c);
            if (other == null) {
                return CellView.NONE;
            }
            Stat a = base.value().apply(c);
            Stat b = base.value().apply(other);
            if (a == null || b == null || a.n() == 0 || b.n() == 0 || b.median() == 0) {
                return CellView.NONE;
            }
            double r = a.median() / b.median();
            if (other == c) {
                return new Stat(1, 1, 1, 1, 0, a.n()); // the reference divided by itself: exactly 1, no range
            }
            return new Stat(r, a.min() / b.max(), b.min() == 0 ? r : a.max() / b.min(), r, 0, Math.min(a.n(), b.n()));
        }, verdict);
    }

    /** {@link #verdict}'s text for {@code cell} ({@code within noise}, {@code better}, {@code worse}), else null. */
    public String verdictText(CellView cell) {
        Comparison.Verdict v = verdict == null ? null : verdict.apply(cell);
        return v == null ? null : v.text();
    }

    /** Formats one value of this figure: integers with thousands separators, small values with a few decimals. */
    public String format(double v) {
        if (unit.equals("%")) {
            return Numbers.percent(v);
        }
        if (unit.equals("x")) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return unit.equals("req/s") || unit.equals("errors") || unit.equals("findings") ? Numbers.integer(v) : Numbers.decimal(v);
    }
}
