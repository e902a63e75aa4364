package dev.fluxlab.report;

import dev.fluxlab.model.run.CellResult;

import dev.fluxlab.model.run.RunResult;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The terminal report the runner prints at the end of a run and {@code fluxlab report} prints again: the end
 * tables (median ±half range of the repeats, thousands separators, units in the headers, {@code !} for an invalid
 * cell and {@code *} for one with log findings, each with a numbered footnote) and the per-cell detail table.
 */
public final class TextReport {

    private TextReport() {
    }

    /** Prints the report of {@code run} to {@code out}. */
    public static void render(RunResult run, PrintStream out) {
        for (String line : lines(ReportModel.of(run))) {
            out.println(line);
        }
        out.flush();
    }

    /** The widest a table is printed when the terminal does not say ({@code COLUMNS} unset). */
    static final int DEFAULT_WIDTH = 120;

    /** The terminal's width: {@code COLUMNS} when it is a sensible number, else {@value #DEFAULT_WIDTH}. */
    static int terminalWidth() {
        try {
            int w = Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "").strip());
            return w >= 40 && w <= 1000 ? w : DEFAULT_WIDTH;
        } catch (NumberFormatException notSet) {
            return DEFAULT_WIDTH;
        }
    }

    /** The report as lines, its end tables fitted to the terminal's width. */
    public static List<String> lines(ReportModel model) {
        return lines(model, terminalWidth());
    }

    /** The report as lines, its end tables split into stacked tables no wider than {@code width} where they are wider. */
    public static List<String> lines(ReportModel model, int width) {
        RunResult run = model.run();
        List<String> out = new ArrayList<>();
        out.add("fluxlab run " + nz(run.runId()) + "  suite " + nz(run.suite()) + "  status " + nz(run.status())
                + "  (" + model.cells().size() + (model.cells().size() == 1 ? " cell)" : " cells)"));
        if (run.description() != null && !run.description().isBlank()) {
            out.add(run.description().strip());
        }
        if (!model.overrides().isEmpty()) {
            out.add("overrides: " + String.join(" ", model.overrides()));
        }
        List<String> claims = ClaimsView.lines(ClaimsView.of(run), model.moved());
        if (!claims.isEmpty()) {
            out.add("");
            out.addAll(claims);
        }
        for (TableView t : model.tables()) {
            out.add("");
            out.addAll(table(t, width));
        }
        List<String> theory = TheoryText.lines(model);
        if (!theory.isEmpty()) {
            out.add("");
            out.addAll(theory);
        }
        out.add("");
        out.add("Cells (medians over repeats, ±half range on req/s; latency from the repeats' histograms merged; "
                + "CPU per verified response)");
        DetailTable d = DetailTable.of(model);
        // the cell's label is repeated in each part unless it would take more than half the width: then only '#' is
        int label = d.rows().stream().mapToInt(r -> r.size() > 1 ? r.get(1).length() : 0).max().orElse(0);
        List<List<String>> parts = TextGrid.fit(d.header(), d.rightAlign(), d.rows(), label <= width / 2 ? 2 : 1,
                width, false);
        for (int p = 0; p < parts.size(); p++) {
            if (parts.size() > 1) {
                if (p > 0) {
                    out.add("");
                }
                out.add("  (part " + (p + 1) + " of " + parts.size() + " of a table wider than " + width + " columns)");
            }
            out.addAll(parts.get(p));
        }
        List<String> profiles = ProfileView.lines(model);
        if (!profiles.isEmpty()) {
            out.add("");
            out.addAll(profiles);
        }
        return out;
    }

    static List<String> table(TableView t) {
        return table(t, Integer.MAX_VALUE);
    }

    static List<String> table(TableView t, int width) {
        List<String> out = new ArrayList<>();
        out.add(t.title() + "  [" + t.units() + ": median ±half range over repeats; "
                + TableView.INVALID + " invalid, " + TableView.FLAGGED + " log findings"
                + (t.seedSource() == null ? "" : "; seed: the seed's own figure, from " + t.seedSource()) + "]");
        t.fixed().forEach(f -> out.addAll(wrap(f, width)));
        int markerWidth = 0;
        for (List<TableView.Entry> row : t.cells()) {
            for (TableView.Entry e : row) {
                if (e != null) {
                    markerWidth = Math.max(markerWidth, e.markers().length());
                }
            }
        }
        List<String> header = t.header();
        List<Boolean> right = t.rightAligned();
        List<List<String>> rows = new ArrayList<>();
        for (int r = 0; r < t.rows().size(); r++) {
            List<String> row = new ArrayList<>(t.rows().get(r));
            for (TableView.Entry e : t.cells().get(r)) {
                String text = e == null ? "-" : t.valueText(e);
                if (markerWidth > 0) {
                    String m = e == null ? "" : e.markers();
                    text = text + " " + m + " ".repeat(markerWidth - m.length());
                }
                row.add(text);
            }
            rows.add(row);
        }
        List<List<String>> parts = TextGrid.fit(header, right, rows, t.rowKnobs().size(), width);
        for (int p = 0; p < parts.size(); p++) {
            if (parts.size() > 1) {
                if (p > 0) {
                    out.add("");
                }
                out.add("  (part " + (p + 1) + " of " + parts.size() + " of a table wider than " + width
                        + " columns; rows without a figure in the part left out)");
            }
            out.addAll(parts.get(p));
        }
        for (TableView.Footnote f : t.footnotes()) {
            String prefix = "  [" + f.number() + "] " + f.cellLabel() + ": ";
            String indent = " ".repeat(prefix.length());
            List<String> items = new ArrayList<>();
            f.reasons().forEach(r -> items.add((CellResult.isNote(r) ? "" : f.invalid() ? TableView.INVALID + " "
                    : r.startsWith("warning") ? "" : "warning: ") + r));
            if (f.invalid() && f.reasons().isEmpty()) {
                items.add(TableView.INVALID + " invalid (no reason recorded)");
            }
            f.findings().forEach(x -> items.add(TableView.FLAGGED + " " + x));
            for (int i = 0; i < items.size(); i++) {
                // a reason may quote log lines: keep them under the footnote
                String[] lines = items.get(i).split("\\R");
                for (int j = 0; j < lines.length; j++) {
                    out.add((i == 0 && j == 0 ? prefix : indent + (j == 0 ? "" : "  ")) + lines[j]);
                }
            }
        }
        for (String n : t.notes()) {
            out.add("  note: " + n);
        }
        return out;
    }

    /** {@code line} indented by two, broken after its commas so that no line is wider than {@code width}. */
    static List<String> wrap(String line, int width) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder("  ");
        for (String word : line.split("(?<=, )")) {
            if (current.length() > 4 && current.length() + word.stripTrailing().length() > width) {
                out.add(current.toString().stripTrailing());
                current = new StringBuilder("    ");
            }
            current.append(word);
        }
        out.add(current.toString().stripTrailing());
        return out;
    }

    private static String nz(String s) {
        return s == null ? "-" : s;
    }
}
