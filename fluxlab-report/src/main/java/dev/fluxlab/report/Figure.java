package dev.fluxlab.report;

import dev.fluxlab.model.run.FigureKind;
import dev.fluxlab.model.run.FigureName;
import dev.fluxlab.model.run.FigureValue;
import dev.fluxlab.model.run.Stat;

import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The figure that fills the cells of an end table, named as in a suite's {@code TableSpec.value}: the names, labels,
 * units, directions, readings and formats are {@link FigureKind}'s table (the one the suite check and the claims use
 * too); this binds one to the report's {@link CellView} and writes its values with {@link Numbers}.
 *
 * @param key       the name as written in the suite
 * @param label     what the table title calls it
 * @param unit      shown in the column headers
 * @param format    how its values are written
 * @param direction whether more is better ({@code compare}'s verdicts, the history's trends)
 * @param value     how to read it from a cell
 * @param verdict   for a ratio, {@code compare}'s verdict on the cell against the cell it is divided by (null for the
 *                  reference cell itself and where a side lacks the figure); null for other figures
 */
public record Figure(String key, String label, String unit, FigureKind.Format format, FigureKind.Direction direction,
                     Function<CellView, Stat> value, Function<CellView, Comparison.Verdict> verdict) {

    public static final String DEFAULT = FigureName.THROUGHPUT;

    /** The default figure, one instance: a table without a value shows it, and only it carries the theory column. */
    public static final Figure THROUGHPUT = of(FigureName.parse(DEFAULT), DEFAULT);

    /** The figure named {@code key} ({@link FigureName}); throughput when {@code key} is null or blank; null when unknown. */
    public static Figure parse(String key) {
        if (key == null || key.isBlank()) {
            return THROUGHPUT;
        }
        FigureName name = FigureName.parse(key);
        return name == null || name.isRatio() ? null : of(name);
    }

    /** The figure of {@code name}, read as its base figure when it is a ratio ({@link #ratio} divides). */
    private static Figure of(FigureName name) {
        return name.kind() == FigureKind.THROUGHPUT ? THROUGHPUT : of(name, name.key().toLowerCase(Locale.ROOT));
    }

    private static Figure of(FigureName name, String key) {
        FigureName base = name.base();
        FigureKind kind = name.kind();
        return new Figure(key, kind.label(name), kind.unit(), kind.format(), kind.direction(),
                c -> FigureValue.of(base, c.cell()), null);
    }

    /** True when more of this figure is better: throughput is; latency, errors, CPU and memory are not. */
    public boolean higherIsBetter() {
        return direction == FigureKind.Direction.HIGHER;
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
                    base.higherIsBetter());
            return v == Comparison.Verdict.UNKNOWN ? null : v;
        };
        return new Figure(key, base.label() + " / " + knob + "=" + value, "x", FigureKind.Format.RATIO,
                base.direction(), c -> {
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
        return switch (format) {
            case INTEGER -> Numbers.integer(v);
            case DECIMAL -> Numbers.decimal(v);
            case PERCENT -> Numbers.percent(v);
            case RATIO -> String.format(Locale.ROOT, "%.2f", v);
        };
    }
}
