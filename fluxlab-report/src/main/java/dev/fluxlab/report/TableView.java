package dev.fluxlab.report;

import dev.fluxlab.model.run.Stat;

import java.util.List;

/**
 * One end table as data: rows are the distinct combinations of the row knobs, columns those of the column knobs,
 * in order of first appearance. Renderers only format it.
 *
 * @param title       the suite's title, or one derived from the figure and knobs
 * @param rowKnobs    knobs that make the rows (may be empty: one row)
 * @param columnKnobs knobs that make the columns (may be empty: one column)
 * @param figure      what fills the cells
 * @param rows        one list of knob values per row
 * @param columns     one list of knob values per column
 * @param cells       {@code cells.get(row).get(column)}; null where no cell has that combination
 * @param footnotes   reasons and log findings referenced by the cells' markers
 * @param notes       remarks about the layout (e.g. knobs added to the rows so that no cell is hidden)
 */
public record TableView(
        String title,
        List<String> rowKnobs,
        List<String> columnKnobs,
        Figure figure,
        List<List<String>> rows,
        List<List<String>> columns,
        List<List<Entry>> cells,
        List<Footnote> footnotes,
        List<String> notes) {

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
     */
    public record Entry(CellView cell, Stat value, int footnote) {

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

    /** Header text of column {@code i}: {@code knob=value ...} (or the figure's label for a single column). */
    /** Header cells: the row knobs, then each column's header with the figure's unit. */
    public List<String> header() {
        List<String> header = new java.util.ArrayList<>(rowKnobs());
        for (int c = 0; c < columns().size(); c++) {
            header.add(columnHeader(c) + " (" + figure().unit() + ")");
        }
        return header;
    }

    /** Per header cell: true for figure columns (right-aligned), false for the row knobs. */
    public List<Boolean> rightAligned() {
        List<Boolean> right = new java.util.ArrayList<>();
        rowKnobs().forEach(k -> right.add(false));
        columns().forEach(c -> right.add(true));
        return right;
    }

    public String columnHeader(int i) {
        if (columnKnobs.isEmpty()) {
            return figure.label();
        }
        StringBuilder sb = new StringBuilder();
        List<String> values = columns.get(i);
        for (int k = 0; k < columnKnobs.size(); k++) {
            sb.append(k == 0 ? "" : " ").append(columnKnobs.get(k)).append('=').append(values.get(k));
        }
        return sb.toString();
    }

    /**
     * The cell text without markers: {@code 123,456 ±2%}; a throughput cell that carries a theory figure also shows
     * it, {@code 193 (theory 200)}, with {@code GAP} when measured and predicted are far apart; a ratio its verdict
     * against its reference cell, {@code 0.97 (within noise)}.
     */
    public String valueText(Entry e) {
        if (e == null) {
            return "";
        }
        String v = figure.format(e.value().median());
        String s = Numbers.spread(e.value());
        String text = s.isEmpty() ? v : v + " " + s;
        if (figure.key().equals(Figure.DEFAULT) && e.cell().cell().theory() != null) {
            text = text + " (theory " + TheoryText.predicted(e.cell().cell().theory()) + ")";
        }
        String verdict = figure.verdictText(e.cell());
        return verdict == null ? text : text + " (" + verdict + ")";
    }
}
