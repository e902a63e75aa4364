package dev.fluxlab.model.run;

import com.fasterxml.jackson.annotation.JsonFormat;

import java.util.List;
import java.util.Map;

/**
 * How a suite wants its end table laid out, like the seeds' tables: which knobs make the rows, which make the
 * columns, which figures fill the cells, and what the seed itself printed for some of them.
 *
 * @param title   the table's title; null: one derived from the figure and the knobs
 * @param rows    knobs that make the rows
 * @param columns knobs that make the columns
 * @param value   the figures shown, one name or a list of {@link FigureName}s ({@code throughput_rps} when none): with
 *                several, each column of knob values is repeated once per figure ({@code value: [throughput_rps,
 *                latency_mean_ms, error_rate, cpu_cores]} is seed 003's TPS | mean time | error rate | CPU %); one
 *                figure is written as a plain string, as before lists were accepted
 * @param seed    the seed's own figures for some of the table's positions, shown beside the measured ones; null: none
 */
public record TableSpec(String title, List<String> rows, List<String> columns,
                        @JsonFormat(with = {JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY,
                                JsonFormat.Feature.WRITE_SINGLE_ELEM_ARRAYS_UNWRAPPED}) List<String> value,
                        Seed seed) {

    /** A table of one figure ({@code value}, null for the default) without the seed's figures. */
    public TableSpec(String title, List<String> rows, List<String> columns, String value) {
        this(title, rows, columns, value == null ? null : List.of(value), null);
    }

    /** The figure names the table shows, in order; empty for the default ({@code throughput_rps}). */
    public List<String> figures() {
        return value == null ? List.of() : value;
    }

    /**
     * What the seed printed, as data (never a measured figure): where it comes from and, per table position, its
     * numbers by figure name.
     *
     * @param source  the seed file the figures are read from ({@code 002_d04c1b3181923e70.txt})
     * @param figures the positions and their numbers
     */
    public record Seed(String source, List<SeedFigures> figures) {
    }

    /**
     * The seed's numbers at one table position.
     *
     * @param at     knob values naming the position: every cell whose knobs include them (rows and columns knobs)
     * @param values by figure name of the table ({@code throughput_rps: 9109.52}), the seed's number in the figure's
     *               own unit (a fraction for {@code error_rate})
     */
    public record SeedFigures(Map<String, String> at, Map<String, Double> values) {
    }
}
