package dev.fluxlab.runner.console;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.TableSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The plain-text end table: rows and columns from a suite's table spec (or a default: the load knob that varies
 * as columns, every other varying knob as rows), each cell the figure's median and spread, invalid cells marked.
 * This is the runner's own fallback; richer renderers live in fluxlab-report.
 */
public final class EndTable {

    public static final String INVALID_MARK = " ✗";

    private EndTable() {
    }

    /** The tables a run asks for, or the default one. */
    public static List<TableSpec> specs(RunResult run) {
        if (run.tables() != null && !run.tables().isEmpty()) {
            return run.tables();
        }
        return List.of(defaultSpec(run.cells()));
    }

    static TableSpec defaultSpec(List<CellResult> cells) {
        List<String> varying = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        cells.forEach(c -> names.addAll(c.knobs().keySet()));
        for (String k : names) {
            if (cells.stream().map(c -> c.knobs().get(k)).distinct().count() > 1) {
                varying.add(k);
            }
        }
        String column = null;
        for (String k : List.of("connections", "rate", "in_flight")) {
            if (varying.contains(k)) {
                column = k;
            }
        }
        if (column == null && !varying.isEmpty()) {
            column = varying.get(varying.size() - 1);
        }
        List<String> rows = new ArrayList<>(varying);
        rows.remove(column);
        return new TableSpec("throughput (req/s)", rows, column == null ? List.of() : List.of(column), "throughput_rps");
    }

    public static String render(RunResult run) {
        StringBuilder sb = new StringBuilder();
        for (TableSpec spec : specs(run)) {
            sb.append(render(run.cells(), spec)).append('\n');
        }
        return sb.toString();
    }

    public static String render(List<CellResult> cells, TableSpec spec) {
        String figure = spec.value() == null ? "throughput_rps" : spec.value();
        List<String> rowKnobs = spec.rows() == null ? List.of() : spec.rows();
        List<String> colKnobs = spec.columns() == null ? List.of() : spec.columns();
        Map<String, Map<String, List<String>>> grid = new LinkedHashMap<>();
        Set<String> columns = new LinkedHashSet<>();
        boolean anyInvalid = false;
        for (CellResult c : cells) {
            String row = key(c, rowKnobs, false);
            String col = key(c, colKnobs, true);
            columns.add(col);
            String text = Figures.format(figure, Figures.of(c, figure, c.knobs().get("target")));
            if (!c.valid()) {
                text += INVALID_MARK;
                anyInvalid = true;
            }
            grid.computeIfAbsent(row, r -> new LinkedHashMap<>()).computeIfAbsent(col, x -> new ArrayList<>()).add(text);
        }
        String corner = String.join(" ", rowKnobs);
        List<String> header = new ArrayList<>();
        header.add(corner.isEmpty() ? "" : corner);
        header.addAll(columns);
        List<List<String>> rows = new ArrayList<>();
        grid.forEach((row, byCol) -> {
            List<String> r = new ArrayList<>();
            r.add(row);
            for (String col : columns) {
                List<String> v = byCol.get(col);
                r.add(v == null ? "" : String.join(" / ", v));
            }
            rows.add(r);
        });
        int[] width = new int[header.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = header.get(i).length();
            for (List<String> r : rows) {
                width[i] = Math.max(width[i], r.get(i).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append(spec.title() == null ? figure : spec.title()).append('\n');
        line(sb, header, width);
        StringBuilder rule = new StringBuilder();
        for (int i = 0; i < width.length; i++) {
            rule.append(i == 0 ? "" : "-+-").append("-".repeat(width[i]));
        }
        sb.append(rule).append('\n');
        rows.forEach(r -> line(sb, r, width));
        if (anyInvalid) {
            sb.append(INVALID_MARK.strip()).append(" = invalid cell: figures not to be trusted (reasons in results.json)\n");
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, List<String> cells, int[] width) {
        for (int i = 0; i < cells.size(); i++) {
            String v = cells.get(i);
            if (i > 0) {
                sb.append(" | ");
                sb.append(" ".repeat(width[i] - v.length())).append(v);
            } else {
                sb.append(v).append(" ".repeat(width[i] - v.length()));
            }
        }
        sb.append('\n');
    }

    private static String key(CellResult c, List<String> knobs, boolean named) {
        if (knobs.isEmpty()) {
            return named ? "value" : "all";
        }
        List<String> parts = new ArrayList<>();
        for (String k : knobs) {
            String v = c.knobs().getOrDefault(k, "-");
            parts.add(named ? shortName(k) + "=" + v : v);
        }
        return String.join(" ", parts);
    }

    private static String shortName(String k) {
        return switch (k) {
            case "connections" -> "c";
            case "in_flight" -> "m";
            default -> k;
        };
    }
}
