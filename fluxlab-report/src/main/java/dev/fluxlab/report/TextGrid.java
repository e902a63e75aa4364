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
