package dev.fluxlab.report;

import java.util.ArrayList;
import java.util.List;

/** Aligns rows of strings into columns for a terminal: two spaces between columns, a rule under the header. */
public final class TextGrid {

    private TextGrid() {
    }

    public static List<String> lines(List<String> header, List<Boolean> rightAlign, List<List<String>> rows) {
        int n = header.size();
        int[] width = new int[n];
        for (int i = 0; i < n; i++) {
            width[i] = header.get(i).length();
        }
        for (List<String> row : rows) {
            for (int i = 0; i < n && i < row.size(); i++) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        List<String> out = new ArrayList<>();
        out.add(line(header, rightAlign, width));
        StringBuilder rule = new StringBuilder();
        for (int i = 0; i < n; i++) {
            rule.append(i == 0 ? "" : "  ").append("-".repeat(width[i]));
        }
        out.add(rule.toString());
        for (List<String> row : rows) {
            out.add(line(row, rightAlign, width));
        }
        return out;
    }

    /**
     * The grid of {@link #lines}, split into stacked grids no wider than {@code width} characters where it is wider:
     * each part repeats the first {@code keys} columns (the row keys) and takes as many of the others as fit (at least
     * one); a part leaves out the rows whose cells in it are all empty or {@code -}. One part when the grid fits.
     */
    public static List<List<String>> fit(List<String> header, List<Boolean> rightAlign, List<List<String>> rows,
                                         int keys, int width) {
        return fit(header, rightAlign, rows, keys, width, true);
    }

    /** {@link #fit(List, List, List, int, int)}, keeping every row in every part unless {@code dropEmpty}. */
    public static List<List<String>> fit(List<String> header, List<Boolean> rightAlign, List<List<String>> rows,
                                         int keys, int width, boolean dropEmpty) {
        int n = header.size();
        int[] w = new int[n];
        for (int i = 0; i < n; i++) {
            w[i] = header.get(i).length();
            for (List<String> row : rows) {
                w[i] = Math.max(w[i], i < row.size() && row.get(i) != null ? row.get(i).length() : 0);
            }
        }
        int keyWidth = 0;
        for (int i = 0; i < keys; i++) {
            keyWidth += w[i] + (i == 0 ? 0 : 2);
        }
        List<int[]> parts = new ArrayList<>();
        int from = keys;
        while (from < n) {
            int used = keyWidth;
            int to = from;
            while (to < n && (to == from || used + (used == 0 ? 0 : 2) + w[to] <= width)) {
                used += (used == 0 ? 0 : 2) + w[to];
                to++;
            }
            parts.add(new int[] {from, to});
            from = to;
        }
        if (parts.size() <= 1) {
            return List.of(lines(header, rightAlign, rows));
        }
        List<List<String>> out = new ArrayList<>();
        for (int[] part : parts) {
            List<Integer> cols = new ArrayList<>();
            for (int i = 0; i < keys; i++) {
                cols.add(i);
            }
            for (int i = part[0]; i < part[1]; i++) {
                cols.add(i);
            }
            List<List<String>> partRows = new ArrayList<>();
            for (List<String> row : rows) {
                boolean empty = true;
                for (int i = part[0]; i < part[1]; i++) {
                    String c = i < row.size() ? row.get(i) : null;
                    empty &= c == null || c.isBlank() || c.strip().equals("-");
                }
                if (!empty || !dropEmpty) {
                    partRows.add(pick(row, cols));
                }
            }
            out.add(lines(pick(header, cols), pick(rightAlign, cols), partRows));
        }
        return out;
    }

    private static <T> List<T> pick(List<T> all, List<Integer> cols) {
        List<T> out = new ArrayList<>();
        for (int i : cols) {
            out.add(i < all.size() ? all.get(i) : null);
        }
        return out;
    }

    private static String line(List<String> cells, List<Boolean> rightAlign, int[] width) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < width.length; i++) {
            String c = i < cells.size() && cells.get(i) != null ? cells.get(i) : "";
            String pad = " ".repeat(width[i] - c.length());
            sb.append(i == 0 ? "" : "  ").append(rightAlign.get(i) ? pad + c : c + pad);
        }
        return sb.toString().stripTrailing();
    }
}
