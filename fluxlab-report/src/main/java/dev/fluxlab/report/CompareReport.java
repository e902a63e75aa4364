package dev.fluxlab.report;

import dev.fluxlab.model.run.Stat;

import java.util.ArrayList;
import java.util.List;

/** Renders a {@link Comparison} for the terminal and as Markdown: same columns, same footer stating the rule. */
public final class CompareReport {

    private CompareReport() {
    }

    static final List<String> HEADER = List.of("cell", "A req/s", "B req/s", "B/A", "verdict", "A p99 ms", "B p99 ms", "p99 B/A",
            "p99 verdict");
    static final List<Boolean> RIGHT = List.of(false, true, true, true, false, true, true, true, false);

    static List<List<String>> rows(Comparison c) {
        List<List<String>> rows = new ArrayList<>();
        for (Comparison.Row r : c.rows()) {
            rows.add(List.of(
                    r.label() + (r.invalid().isEmpty() ? "" : " (invalid in " + r.invalid() + ")"),
                    withSpread(r.a()), withSpread(r.b()), Numbers.ratio(r.ratio()), r.verdict().text(),
                    Numbers.decimal(r.p99a().median()), Numbers.decimal(r.p99b().median()), Numbers.ratio(r.p99Ratio()),
                    r.p99Verdict().text()));
        }
        return rows;
    }

    public static List<String> lines(Comparison c) {
        List<String> out = new ArrayList<>();
        out.add("A: " + c.a());
        out.add("B: " + c.b());
        notes(c).forEach(n -> out.addAll(wrap(n, 100)));
        out.add("");
        out.addAll(TextGrid.lines(HEADER, RIGHT, rows(c)));
        for (String s : c.onlyA()) {
            out.add("only in A: " + s);
        }
        for (String s : c.onlyB()) {
            out.add("only in B: " + s);
        }
        if (!c.claims().isEmpty()) {
            out.add("");
            out.add("Claims (verdict in A -> in B; both judged again by this fluxlab from their recorded cells)");
            c.claims().forEach(m -> out.add("  " + m.text()));
        }
        out.add("");
        out.addAll(wrap("req/s: median ±half range over repeats. " + Comparison.RULE + " p99: corrected latency, lower is better.", 100));
        return out;
    }

    public static String markdown(Comparison c) {
        StringBuilder md = new StringBuilder();
        md.append("# fluxlab compare\n\n- A: ").append(MarkdownReport.text(c.a())).append("\n- B: ").append(MarkdownReport.text(c.b())).append('\n');
        notes(c).forEach(n -> md.append("- ").append(MarkdownReport.text(n)).append('\n'));
        md.append('\n');
        MarkdownReport.pipeTable(md, HEADER, RIGHT, rows(c));
        if (!c.onlyA().isEmpty() || !c.onlyB().isEmpty()) {
            md.append('\n');
            c.onlyA().forEach(s -> md.append("- only in A: ").append(MarkdownReport.text(s)).append('\n'));
            c.onlyB().forEach(s -> md.append("- only in B: ").append(MarkdownReport.text(s)).append('\n'));
        }
        if (!c.claims().isEmpty()) {
            md.append("\n## Claims (verdict in A -> in B; both judged again by this fluxlab from their recorded cells)\n\n");
            c.claims().forEach(m -> md.append("- ").append(MarkdownReport.text(m.text())).append('\n'));
        }
        md.append("\n_req/s: median ±half range over repeats. ").append(MarkdownReport.text(Comparison.RULE))
                .append(" p99: corrected latency, lower is better._\n");
        return md.toString();
    }

    /**
     * What the reader must know before the table: fingerprint differences (a warning: they move numbers), cells that
     * sent another request, the speed normalisation when asked, and the noise basis the verdicts used.
     */
    static List<String> notes(Comparison c) {
        List<String> out = new ArrayList<>();
        if (!c.fingerprint().isEmpty()) {
            out.add("WARNING: the runs' environments differ in what moves numbers: "
                    + String.join("; ", c.fingerprint().stream().map(Fingerprint.Difference::text).toList()));
        }
        if (!c.requests().isEmpty()) {
            out.add("WARNING: cells of the same id sent another request, so they measured another experiment (an "
                    + "edited scenario?): " + String.join("; ", c.requests().stream()
                    .map(Fingerprint.Difference::text).toList()));
        }
        if (c.speedNote() != null) {
            out.add(c.speedNote());
        }
        if (c.speedEvidence() != null) {
            out.add(c.speedEvidence());
        }
        out.add("noise basis: " + c.noise().text());
        if (c.separate() != null) {
            out.add(c.separate());
        }
        return out;
    }

    static List<String> wrap(String text, int width) {
        List<String> out = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (!line.isEmpty() && line.length() + 1 + word.length() > width) {
                out.add(line.toString());
                line.setLength(0);
            }
            line.append(line.isEmpty() ? "" : " ").append(word);
        }
        if (!line.isEmpty()) {
            out.add(line.toString());
        }
        return out;
    }

    private static String withSpread(Stat s) {
        String v = Numbers.integer(s.median());
        String spread = Numbers.spread(s);
        return spread.isEmpty() ? v + " (n=" + s.n() + ")" : v + " " + spread + " (n=" + s.n() + ")";
    }
}
