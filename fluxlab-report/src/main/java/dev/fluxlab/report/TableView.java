package dev.fluxlab.report;

import dev.fluxlab.model.run.FigureKind;
import dev.fluxlab.model.run.Stat;

import java.util.ArrayList;
import java.util.List;

/**
 * One end table as data: rows are the distinct combinations of the row knobs, columns those of the column knobs
 * (in order of first appearance), each repeated once per figure the table shows (the first figure's columns first).
 * Only the knobs that vary within the table are columns: the others are said once above it ({@link #fixed}).
 * Renderers only format it.
 *
 * @param title       the suite's title, or one derived from the figure and knobs
 * @param rowKnobs    knobs that make the rows (may be empty: one row)
 * @param columnKnobs knobs that make the columns (may be empty: one column per figure)
 * @param figures     what fills the cells, at least one
 * @param rows        one list of knob values per row
 * @param columns     one list of column knob values per column of each figure
 * @param cells       {@code cells.get(row).get(column)} over {@link #columnCount()} columns; null where no cell has
 *                    that combination
 * @param footnotes   reasons and log findings referenced by the cells' markers
 * @param notes       remarks about the layout (e.g. knobs added to the rows so that no cell is hidden)
 * @param fixed       the knobs that are no column because they do not vary within the table ({@code all rows:
 *                    heap=512m}) or only with the column ({@code target=webflux-loops-48: workers=48, ...}), one line
 *                    each; shown above the table
 * @param seedSource  where the seed's own figures beside the measured ones come from; null when none are shown
 */
public record TableView(
        String title,
        List<String> rowKnobs,
        List<String> columnKnobs,
        List<Figure> figures,
        List<List<String>> rows,
        List<List<String>> columns,
        List<List<Entry>> cells,
        List<Footnote> footnotes,
        List<String> notes,
        List<String> fixed,
        String seedSource) {

    /** Marker of a cell whose figures should not be trusted. */
    public static final String INVALID = "!";
    /** Marker of a cell whose logs had findings (exceptions, leaks...). */
    public static final String FLAGGED = "*";

    /**
     * One filled cell.
     *
     * @param cell     the cell's figures
     * @param value    the figure shown
     * @param footnote number of its footnote, 0 when none
     * @param figure   which figure {@code value} is
     * @param seed     what the seed printed for this figure at this position; null when the suite gives nothing
     */
    public record Entry(CellView cell, Stat value, int footnote, Figure figure, Double seed) {

        public boolean invalid() {
            return !cell.valid();
        }

        public boolean flagged() {
            return cell.flagged();
        }

        /** {@code !*[2]}-style suffix: markers then the footnote reference; empty when nothing to say. */
        public String markers() {
            if (footnote == 0) {
                return "";
            }
            return (invalid() ? INVALID : "") + (flagged() ? FLAGGED : "") + "[" + footnote + "]";
        }
    }

    /** Why a cell is marked: its invalid reasons or warnings, and its log findings in one line each. */
    public record Footnote(int number, String cellLabel, boolean invalid, List<String> reasons, List<String> findings) {
    }

    /** The first figure: the only one of a single-figure table. */
    public Figure figure() {
        return figures.get(0);
    }

    /** The units of the table's figures, distinct, joined: {@code req/s} or {@code req/s, ms, %}. */
    public String units() {
        return String.join(", ", figures.stream().map(Figure::unit).distinct().toList());
    }

    /** How many value columns the table has: one per column knob combination and figure. */
    public int columnCount() {
        return columns.size() * figures.size();
    }

    /** The figure of value column {@code i}. */
    public Figure figureOf(int i) {
        return figures.get(i / Math.max(1, columns.size()));
    }

    /** Header cells: the row knobs, then each column's header with the figure's unit. */
    public List<String> header() {
        List<String> header = new ArrayList<>(rowKnobs());
        for (int c = 0; c < columnCount(); c++) {
            header.add(columnHeader(c) + " (" + figureOf(c).unit() + ")");
        }
        return header;
    }

    /** Per header cell: true for figure columns (right-aligned), false for the row knobs. */
    public List<Boolean> rightAligned() {
        List<Boolean> right = new ArrayList<>();
        rowKnobs().forEach(k -> right.add(false));
        for (int c = 0; c < columnCount(); c++) {
            right.add(true);
        }
        return right;
    }

    /**
     * Header text of value column {@code i}: {@code knob=value ...}, the figure's label for a table without column
     * knobs, both ({@code Latency p99 target=netty}) when the table shows several figures.
     */
    public String columnHeader(int i) {
        Figure figure = figureOf(i);
        if (columnKnobs.isEmpty()) {
            return figure.label();
        }
        StringBuilder sb = new StringBuilder(figures.size() > 1 ? figure.label() + " " : "");
        List<String> values = columns.get(i % columns.size());
        for (int k = 0; k < columnKnobs.size(); k++) {
            sb.append(k == 0 ? "" : " ").append(columnKnobs.get(k)).append('=').append(values.get(k));
        }
        return sb.toString();
    }

    /**
     * The cell text without markers: {@code 123,456 ±2%}; a throughput cell that carries a theory figure also shows
     * it, {@code 193 (theory 200)}, with {@code GAP} when measured and predicted are far apart; a ratio its verdict
     * against its reference cell, {@code 0.97 (within noise)}; the seed's own figure where the suite gives it,
     * {@code 9,312 (seed: 9,110)}.
     */
    public String valueText(Entry e) {
        if (e == null) {
            return "";
        }
        Figure figure = e.figure();
        String v = figure.format(e.value().median());
        String s = Numbers.spread(e.value());
        String text = s.isEmpty() ? v : v + " " + s;
        if (figure.key().equals(Figure.DEFAULT) && e.cell().cell().theory() != null) {
            text = text + " (theory " + TheoryText.predicted(e.cell().cell().theory()) + ")";
        }
        String verdict = figure.verdictText(e.cell());
        text = verdict == null ? text : text + " (" + verdict + ")";
        return e.seed() == null ? text : text + " (" + seedText(e) + ")";
    }

    /**
     * {@code seed: 9,110}: the seed's figure of {@code e} in the figure's own format, with a few decimals where a
     * whole-number figure would round a small value the seed printed with them ({@code seed: 99.8}, not 100); null
     * when it has none.
     */
    public static String seedText(Entry e) {
        if (e == null || e.seed() == null) {
            return null;
        }
        double v = e.seed();
        boolean fraction = v != Math.rint(v) && Math.abs(v) < 1000;
        return "seed: " + (fraction && e.figure().format() == FigureKind.Format.INTEGER ? Numbers.decimal(v)
                : e.figure().format(v));
    }
}
