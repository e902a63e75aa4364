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
        List<Figure> figures = new ArrayList<>();
        for (String name : spec.figures().isEmpty() ? java.util.Collections.<String>singletonList(null) : spec.figures()) {
            // a ratio first: 'cpu_per_request_us.injector/injector=fluxlab' would otherwise read as a process name
            Figure figure = Figure.ratio(name, cells);
            if (figure == null) {
                figure = Figure.parse(name);
            }
            if (figure == null) {
                notes.add("unknown table value '" + name + "'; showing " + Figure.DEFAULT);
                figure = Figure.THROUGHPUT;
            }
            figures.add(figure);
        }
        List<String> columnKnobs = spec.columns() == null ? List.of() : List.copyOf(spec.columns());
        List<String> declared = spec.rows() == null ? List.of() : spec.rows();
        List<String> rowKnobs = new ArrayList<>(declared);
        for (String k : varying) {
            if (!rowKnobs.contains(k) && !columnKnobs.contains(k)) {
                rowKnobs.add(k);
            }
        }
        List<String> fixed = new ArrayList<>();
        rowKnobs = shown(rowKnobs, declared, columnKnobs, cells, fixed);
        List<String> added = rowKnobs.stream().filter(k -> !declared.contains(k)).toList();
        if (!added.isEmpty()) {
            notes.add("varying knob(s) " + String.join(", ", added) + " added to the rows so that every cell is shown");
        }
        Map<List<String>, Integer> rowIndex = new LinkedHashMap<>();
        Map<List<String>, Integer> colIndex = new LinkedHashMap<>();
        for (CellView c : cells) {
            rowIndex.putIfAbsent(values(c, rowKnobs), rowIndex.size());
            colIndex.putIfAbsent(values(c, columnKnobs), colIndex.size());
        }
        int perFigure = colIndex.size();
        List<List<TableView.Entry>> grid = new ArrayList<>();
        for (int r = 0; r < rowIndex.size(); r++) {
            List<TableView.Entry> row = new ArrayList<>();
            for (int col = 0; col < perFigure * figures.size(); col++) {
                row.add(null);
            }
            grid.add(row);
        }
        List<TableView.Footnote> footnotes = new ArrayList<>();
        boolean seeded = false;
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
            for (int f = 0; f < figures.size(); f++) {
                Figure figure = figures.get(f);
                Double seed = seed(spec, c, figure);
                seeded |= seed != null;
                grid.get(r).set(f * perFigure + col, new TableView.Entry(c, figure.value().apply(c), footnote, figure, seed));
            }
        }
        String title = spec.title() != null && !spec.title().isBlank() ? spec.title()
                : derivedTitle(figures.get(0), rowKnobs, columnKnobs);
        return new TableView(title, List.copyOf(rowKnobs), columnKnobs, List.copyOf(figures),
                List.copyOf(rowIndex.keySet()), List.copyOf(colIndex.keySet()), grid, footnotes, notes,
                List.copyOf(fixed), seeded ? spec.seed().source() : null);
    }

    /**
     * The row knobs a table shows: those that vary within it. A knob with one value over every cell is said once
     * ({@code all rows: heap=512m}; nothing when it is "-" everywhere). A knob the suite did not name, which the rows
     * got only so that no two cells share a position, is dropped when one knob the suite did name (a column knob first,
     * then a row knob) determines it: the target's own settings ({@code workers=48} of {@code target=webflux-loops-48}).
     * Its values are then said per value of that knob, the one most share once ({@code all cells: heap=512m, unless
     * said below}). Dropping such knobs never makes two cells share a position: two cells that agree on the knobs the
     * suite named also agree on the knobs those determine.
     *
     * @param fixed receives one line per thing said instead of shown
     */
    static List<String> shown(List<String> rowKnobs, List<String> declared, List<String> columnKnobs,
                              List<CellView> cells, List<String> fixed) {
        List<String> kept = new ArrayList<>();
        List<String> constant = new ArrayList<>();
        Map<String, List<String>> byKnob = new LinkedHashMap<>();
        List<String> named = new ArrayList<>(columnKnobs);
        declared.stream().filter(k -> !named.contains(k)).forEach(named::add);
        for (String k : rowKnobs) {
            Set<String> distinct = new LinkedHashSet<>();
            cells.forEach(c -> distinct.add(Knobs.value(c.cell(), k)));
            if (distinct.size() <= 1 && !cells.isEmpty()) {
                String v = distinct.iterator().next();
                if (!v.equals("-")) {
                    constant.add(k + "=" + v);
                }
                continue;
            }
            String by = declared.contains(k) ? null
                    : named.stream().filter(d -> determines(d, k, cells)).findFirst().orElse(null);
            if (by == null) {
                kept.add(k);
            } else {
                byKnob.computeIfAbsent(by, x -> new ArrayList<>()).add(k);
            }
        }
        if (!constant.isEmpty()) {
            fixed.add("all rows: " + String.join(", ", constant));
        }
        byKnob.forEach((by, knobs) -> said(by, knobs, cells, fixed));
        return kept;
    }

    /** The lines that say {@code knobs} per value of {@code by}, which determines each of them. */
    private static void said(String by, List<String> knobs, List<CellView> cells, List<String> fixed) {
        Map<String, CellView> groups = new LinkedHashMap<>();
        cells.forEach(c -> groups.putIfAbsent(Knobs.value(c.cell(), by), c));
        // a value most groups share is said once ('heap=512m'), the groups then name only where they differ
        Map<String, String> usual = new LinkedHashMap<>();
        for (String k : knobs) {
            Map<String, Integer> count = new LinkedHashMap<>();
            groups.values().forEach(c -> count.merge(Knobs.value(c.cell(), k), 1, Integer::sum));
            count.entrySet().stream().max(Map.Entry.comparingByValue())
                    .filter(e -> !e.getKey().equals("-") && e.getValue() > 1).ifPresent(e -> usual.put(k, e.getKey()));
        }
        List<String> lines = new ArrayList<>();
        groups.forEach((value, c) -> {
            List<String> set = knobs.stream()
                    .filter(k -> usual.containsKey(k) ? !Knobs.value(c.cell(), k).equals(usual.get(k))
                            : !Knobs.value(c.cell(), k).equals("-"))
                    .map(k -> k + "=" + Knobs.value(c.cell(), k)).toList();
            if (!set.isEmpty()) {
                lines.add(by + "=" + value + ": " + String.join(", ", set));
            }
        });
        if (!usual.isEmpty()) {
            List<String> all = new ArrayList<>();
            usual.forEach((k, v) -> all.add(k + "=" + v));
            fixed.add("all cells: " + String.join(", ", all) + (lines.isEmpty() ? "" : ", unless said below"));
        }
        fixed.addAll(lines);
    }

    /** True when the cells that agree on {@code by} agree on {@code knob} too. */
    private static boolean determines(String by, String knob, List<CellView> cells) {
        Map<String, String> seen = new java.util.HashMap<>();
        for (CellView c : cells) {
            String v = Knobs.value(c.cell(), knob);
            String before = seen.putIfAbsent(Knobs.value(c.cell(), by), v);
            if (before != null && !before.equals(v)) {
                return false;
            }
        }
        return true;
    }

    /** The seed's figure {@code figure} at the position of {@code cell}: the first entry whose knobs it has; else null. */
    private static Double seed(TableSpec spec, CellView cell, Figure figure) {
        if (spec.seed() == null || spec.seed().figures() == null) {
            return null;
        }
        dev.fluxlab.model.run.FigureName name = dev.fluxlab.model.run.FigureName.parse(figure.key());
        for (TableSpec.SeedFigures f : spec.seed().figures()) {
            if (f == null || f.at() == null || f.values() == null) {
                continue;
            }
            boolean here = f.at().entrySet().stream()
                    .allMatch(e -> String.valueOf(e.getValue()).equals(Knobs.value(cell.cell(), e.getKey())));
            if (!here) {
                continue;
            }
            for (Map.Entry<String, Double> v : f.values().entrySet()) {
                if (name != null && name.sameAs(dev.fluxlab.model.run.FigureName.parse(v.getKey())) && v.getValue() != null) {
                    return v.getValue();
                }
            }
        }
        return null;
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
