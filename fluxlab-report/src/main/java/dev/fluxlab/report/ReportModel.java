package dev.fluxlab.report;

import dev.fluxlab.model.claim.RecordedClaims;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.TableSpec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What every report shows, computed once from a {@link RunResult} (data first, text last): the end tables and the
 * per-cell figures. The terminal, Markdown and HTML renderers only format this.
 *
 * <p>Layout rules: each suite {@link TableSpec} gives its row and column knobs; knobs that vary in the run but are
 * in neither are appended to the rows, so that two cells never share a table position. A run without a
 * TableSpec gets a derived one: the columns are the varying knob with the fewest distinct values, the rows the
 * other varying knobs; with a single varying knob it makes the rows and the figure is the only column.
 *
 * @param run      the document as read
 * @param cells    every cell, in the suite's order
 * @param varying  knobs that take more than one value over the cells
 * @param tables   the end tables
 * @param moved    the claims whose verdict {@link #rejudged} changed from the one results.json recorded (else empty)
 */
public record ReportModel(RunResult run, List<CellView> cells, List<String> varying, List<TableView> tables,
                          List<ClaimMove> moved) {

    /**
     * The model of {@code recorded} with its claims judged again by this fluxlab ({@link RecordedClaims}: the recorded
     * cells and noise floor, today's judging rules), for {@code fluxlab report}: a report regenerated after an upgrade
     * shows current verdicts and names those that differ from the recorded ones, which results.json keeps.
     */
    public static ReportModel rejudged(RunResult recorded) {
        RunResult current = recorded.withClaims(RecordedClaims.rejudged(recorded));
        return of(current, ClaimMove.of(recorded, current).stream().filter(ClaimMove::moved).toList());
    }

    /** The model of {@code run} as recorded. */
    public static ReportModel of(RunResult run) {
        return of(run, List.of());
    }

    private static ReportModel of(RunResult run, List<ClaimMove> moved) {
        List<CellResult> cells = run.cells() == null ? List.of()
                : run.cells().stream().sorted(Comparator.comparingInt(CellResult::index)).toList();
        List<String> varying = Knobs.varying(cells);
        List<CellView> views = cells.stream().map(c -> CellView.of(c, varying)).toList();
        List<TableSpec> specs = run.tables() == null || run.tables().isEmpty() ? List.of(derive(cells)) : run.tables();
        List<TableView> tables = new ArrayList<>();
        for (TableSpec spec : specs) {
            tables.add(table(spec, views, varying));
        }
        return new ReportModel(run, views, varying, tables, moved);
    }

    /** The spec used when the suite gives none (see the class comment). */
    /**
     * The command line's overrides the run was made with ({@code fluxlab run --set}, recorded as {@code settings.set}),
     * as {@code --set KEY=VALUE} each; empty when none.
     */
    public List<String> overrides() {
        Object recorded = run.settings() == null ? null : run.settings().get(dev.fluxlab.model.suite.Suite.OVERRIDES);
        return recorded instanceof List<?> l ? l.stream().map(o -> "--set " + o).toList() : List.of();
    }

    public static TableSpec derive(List<CellResult> cells) {
        Map<String, Set<String>> distinct = Knobs.distinctValues(cells);
        List<String> varying = Knobs.varying(cells);
        if (varying.size() <= 1) {
            return new TableSpec(null, varying, List.of(), Figure.DEFAULT);
        }
        String column = varying.stream().min(Comparator.comparingInt(k -> distinct.get(k).size())).orElseThrow();
        List<String> rows = varying.stream().filter(k -> !k.equals(column)).toList();
        return new TableSpec(null, rows, List.of(column), Figure.DEFAULT);
    }

    static TableView table(TableSpec spec, List<CellView> cells, List<String> varying) {
        List<String> notes = new ArrayList<>();
        // a ratio first: 'cpu_per_request_us.injector/injector=fluxlab' would otherwise read as a process name
        Figure figure = Figure.ratio(spec.value(), cells);
        if (figure == null) {
            figure = Figure.parse(spec.value());
        }
        if (figure == null) {
            notes.add("unknown table value '" + spec.value() + "'; showing " + Figure.DEFAULT);
            figure = Figure.THROUGHPUT;
        }
        List<String> columnKnobs = spec.columns() == null ? List.of() : List.copyOf(spec.columns());
        List<String> rowKnobs = new ArrayList<>(spec.rows() == null ? List.of() : spec.rows());
        List<String> added = new ArrayList<>();
        for (String k : varying) {
            if (!rowKnobs.contains(k) && !columnKnobs.contains(k)) {
                rowKnobs.add(k);
                added.add(k);
            }
        }
        if (!added.isEmpty()) {
            notes.add("varying knob(s) " + String.join(", ", added) + " added to the rows so that every cell is shown");
        }
        Map<List<String>, Integer> rowIndex = new LinkedHashMap<>();
        Map<List<String>, Integer> colIndex = new LinkedHashMap<>();
        for (CellView c : cells) {
            rowIndex.putIfAbsent(values(c, rowKnobs), rowIndex.size());
            colIndex.putIfAbsent(values(c, columnKnobs), colIndex.size());
        }
        List<List<TableView.Entry>> grid = new ArrayList<>();
        for (int r = 0; r < rowIndex.size(); r++) {
            List<TableView.Entry> row = new ArrayList<>();
            for (int col = 0; col < colIndex.size(); col++) {
                row.add(null);
            }
            grid.add(row);
        }
        List<TableView.Footnote> footnotes = new ArrayList<>();
        for (CellView c : cells) {
            int r = rowIndex.get(values(c, rowKnobs));
            int col = colIndex.get(values(c, columnKnobs));
            if (grid.get(r).get(col) != null) {
                notes.add("cell " + c.id() + " has the same table position as " + grid.get(r).get(col).cell().id() + "; only the first is shown");
                continue;
            }
            int footnote = 0;
            if (!c.valid() || !c.reasons().isEmpty() || c.flagged()) {
                footnote = footnotes.size() + 1;
                footnotes.add(new TableView.Footnote(footnote, c.label(), !c.valid(), c.reasons(),
                        c.findings().stream().map(ReportModel::findingLine).toList()));
            }
            grid.get(r).set(col, new TableView.Entry(c, figure.value().apply(c), footnote));
        }
        String title = spec.title() != null && !spec.title().isBlank() ? spec.title() : derivedTitle(figure, rowKnobs, columnKnobs);
        return new TableView(title, List.copyOf(rowKnobs), columnKnobs, figure,
                List.copyOf(rowIndex.keySet()), List.copyOf(colIndex.keySet()), grid, footnotes, notes);
    }

    /** {@code reactor-netty: IllegalReferenceCountException x3}. */
    public static String findingLine(LogFinding f) {
        return (f.process() == null ? "" : f.process() + ": ") + f.kind() + (f.count() > 1 ? " x" + f.count() : "");
    }

    private static String derivedTitle(Figure figure, List<String> rows, List<String> columns) {
        StringBuilder sb = new StringBuilder(figure.label());
        if (!rows.isEmpty()) {
            sb.append(" by ").append(String.join(", ", rows));
        }
        if (!columns.isEmpty()) {
            sb.append(rows.isEmpty() ? " by " : " x ").append(String.join(", ", columns));
        }
        return sb.toString();
    }

    private static List<String> values(CellView c, List<String> knobs) {
        List<String> out = new ArrayList<>(knobs.size());
        for (String k : knobs) {
            out.add(Knobs.value(c.cell(), k));
        }
        return List.copyOf(out);
    }

    /** Every log finding of the run, with the cell it came from, in cell order. */
    public List<Map.Entry<CellView, LogFinding>> findings() {
        List<Map.Entry<CellView, LogFinding>> out = new ArrayList<>();
        for (CellView c : cells) {
            for (LogFinding f : c.findings()) {
                out.add(Map.entry(c, f));
            }
        }
        return out;
    }

    /** Process names with CPU figures over all cells, targets first, in order of appearance. */
    public List<String> processNames() {
        Set<String> names = new LinkedHashSet<>();
        Set<String> injectors = new LinkedHashSet<>();
        for (CellView c : cells) {
            injectors.addAll(c.injectorNames());
        }
        for (CellView c : cells) {
            for (String n : c.cpuPerRequestUs().keySet()) {
                if (!injectors.contains(n)) {
                    names.add(n);
                }
            }
        }
        for (CellView c : cells) {
            names.addAll(c.cpuPerRequestUs().keySet());
        }
        return List.copyOf(names);
    }
}
