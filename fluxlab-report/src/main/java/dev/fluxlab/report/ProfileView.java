package dev.fluxlab.report;

import dev.fluxlab.model.profile.FrameShare;
import dev.fluxlab.model.run.CellProfile;
import dev.fluxlab.model.run.ProcessProfile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The profiles of a run as the report shows them (report.html, summary.md, the terminal): per cell and profile mode
 * the profiled repeat's overhead against the unprofiled repeats, and per process what ran, its files and its top
 * self-time frames (computed by the runner from the collapsed stacks and stored in results.json).
 */
final class ProfileView {

    /** What a profile covers, above the profiles of report.html and summary.md. */
    static final String INTRO = "One extra repeat per cell and mode, profiled in its measured window only (each process "
            + "from the injector's first measured second to its last) and kept out of the figures above. Top frames by "
            + "self time, from the collapsed stacks.";

    static final List<String> FRAME_HEADER = List.of("#", "frame (self time)", "share", "samples");
    static final List<Boolean> FRAME_RIGHT = List.of(true, false, true, true);

    private ProfileView() {
    }

    /** The cells of {@code model} that carry profiles, in order. */
    static List<CellView> profiled(ReportModel model) {
        return model.cells().stream()
                .filter(c -> c.cell().profiles() != null && !c.cell().profiles().isEmpty()).toList();
    }

    /**
     * {@code profiled 41,230 req/s vs 43,100 unprofiled (median): overhead 4.3 %}, or why there is no figure.
     */
    static String overhead(CellProfile p) {
        if (p.throughputRps() == null) {
            return "no profiled figure";
        }
        String s = String.format(Locale.ROOT, "profiled %,.0f req/s", p.throughputRps());
        if (p.repeat() != null && !p.repeat().valid()) {
            return s + " in an INVALID repeat, so no overhead figure" + (p.repeat().reasons() == null
                    || p.repeat().reasons().isEmpty() ? "" : ": " + p.repeat().reasons().get(0));
        }
        if (p.overhead() == null) {
            return s + " (no unprofiled figure to compare with)";
        }
        return s + String.format(Locale.ROOT, " vs %,.0f unprofiled (median): overhead %.1f %%", p.unprofiledRps(),
                p.overhead() * 100);
    }

    /**
     * {@code frontend (target), ctimer, 1234 samples in 2.9 s of the 4.0 s window}: the process, what the profiler
     * sampled and for how long, against the profiled repeat's measured window ({@code windowS}, null when unknown).
     */
    static String process(ProcessProfile pp, Double windowS) {
        String span = pp.sampledS() == null ? "" : String.format(Locale.ROOT, " in %.1f s", pp.sampledS())
                + (windowS == null ? "" : String.format(Locale.ROOT, " of the %.1f s window", windowS));
        return pp.process() + " (" + pp.role() + ")" + (pp.event() == null ? "" : ", " + pp.event())
                + (pp.samples() == null ? "" : ", " + pp.samples() + " samples" + span);
    }

    /** The profiled repeat's measured window in seconds, or null. */
    static Double window(CellProfile p) {
        return p.repeat() == null ? null : p.repeat().measuredS();
    }

    static List<List<String>> frameRows(List<FrameShare> top) {
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < top.size(); i++) {
            FrameShare f = top.get(i);
            rows.add(List.of(Integer.toString(i + 1), f.frame(), percent(f.share()), Long.toString(f.samples())));
        }
        return rows;
    }

    static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f %%", share * 100);
    }

    /** The files of a process's profile as (label, path relative to the results folder). */
    static List<String[]> files(ProcessProfile pp) {
        List<String[]> out = new ArrayList<>();
        if (pp.flameGraph() != null) {
            out.add(new String[]{"flame graph", pp.flameGraph()});
        }
        if (pp.collapsed() != null) {
            out.add(new String[]{"collapsed stacks", pp.collapsed()});
        }
        if (pp.jfr() != null) {
            out.add(new String[]{"JFR recording", pp.jfr()});
        }
        return out;
    }

    /**
     * Whether a file name from results.json may become a link: a path relative to the results folder made of the
     * characters the runner's file names have ({@code cells/001-reactor-netty-h2c-c=16/injector-cpu.html}). Anything
     * else in a copied document (a {@code javascript:} or {@code https:} scheme, a host, blanks a browser would strip)
     * could run a script or leave the offline page on a click, so it is shown without a link; so is a path leaving the
     * folder ({@code ../}), by compare's own check ({@link ProfileDiffs#staysInside}).
     */
    static boolean isRelativePath(String name) {
        return name.matches("[A-Za-z0-9._=+-][A-Za-z0-9._=+/-]*") && !name.contains("//")
                && ProfileDiffs.staysInside(name);
    }

    /** The report.html section; empty when no cell was profiled. */
    static String html(ReportModel model) {
        List<CellView> cells = profiled(model);
        if (cells.isEmpty()) {
            return "";
        }
        StringBuilder h = new StringBuilder("<section id=\"profiles\">\n<h2>Profiles</h2>\n<p class=\"hint\">"
                + HtmlReport.esc(INTRO) + "</p>\n");
        for (CellView c : cells) {
            for (CellProfile p : c.cell().profiles()) {
                h.append("<div class=\"profile\"><h3>").append(HtmlReport.esc(c.label())).append(" · ")
                        .append(HtmlReport.esc(p.mode())).append("</h3>\n<p>").append(HtmlReport.esc(overhead(p)))
                        .append("</p>\n");
                p.notes().forEach(n -> h.append("<p class=\"hint\">").append(HtmlReport.esc(n)).append("</p>\n"));
                for (ProcessProfile pp : p.processes()) {
                    h.append("<h4>").append(HtmlReport.esc(process(pp, window(p)))).append("</h4>\n<p>");
                    for (String[] f : files(pp)) {
                        if (isRelativePath(f[1])) {
                            h.append("<a href=\"").append(HtmlReport.esc(f[1])).append("\">").append(HtmlReport.esc(f[0]))
                                    .append("</a> ");
                        } else {
                            h.append(HtmlReport.esc(f[0] + " (" + f[1] + ")")).append(' ');
                        }
                    }
                    h.append("</p>\n");
                    if (pp.problem() != null) {
                        h.append("<p class=\"hint\">").append(HtmlReport.esc(pp.problem())).append("</p>\n");
                    }
                    if (!pp.top().isEmpty()) {
                        h.append(htmlTable(FRAME_HEADER, FRAME_RIGHT, frameRows(pp.top())));
                    }
                }
                h.append("</div>\n");
            }
        }
        return h.append("</section>\n").toString();
    }

    /** A plain table with numeric columns right-aligned. */
    static String htmlTable(List<String> header, List<Boolean> right, List<List<String>> rows) {
        StringBuilder h = new StringBuilder("<div class=\"scroll\"><table class=\"detail\">\n<thead><tr>");
        for (int i = 0; i < header.size(); i++) {
            h.append("<th").append(right.get(i) ? " class=\"num\"" : "").append('>').append(HtmlReport.esc(header.get(i)))
                    .append("</th>");
        }
        h.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : rows) {
            h.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                h.append("<td class=\"").append(right.get(i) ? "num" : "text mono").append("\">")
                        .append(HtmlReport.esc(row.get(i))).append("</td>");
            }
            h.append("</tr>\n");
        }
        return h.append("</tbody></table></div>\n").toString();
    }

    /** The summary.md section; nothing when no cell was profiled. */
    static void markdown(StringBuilder md, ReportModel model) {
        List<CellView> cells = profiled(model);
        if (cells.isEmpty()) {
            return;
        }
        md.append("\n## Profiles\n\n").append(MarkdownReport.text(INTRO)).append('\n');
        for (CellView c : cells) {
            for (CellProfile p : c.cell().profiles()) {
                md.append("\n### ").append(MarkdownReport.text(c.label())).append(" · ").append(MarkdownReport.text(p.mode()))
                        .append("\n\n").append(MarkdownReport.text(overhead(p))).append('\n');
                p.notes().forEach(n -> md.append("\n_").append(MarkdownReport.text(n)).append("_\n"));
                for (ProcessProfile pp : p.processes()) {
                    md.append("\n**").append(MarkdownReport.text(process(pp, window(p)))).append("**");
                    for (String[] f : files(pp)) {
                        md.append(" · ").append(isRelativePath(f[1]) ? "[" + f[0] + "](" + f[1] + ")"
                                : MarkdownReport.text(f[0] + " (" + f[1] + ")"));
                    }
                    md.append('\n');
                    if (pp.problem() != null) {
                        md.append("\n_").append(MarkdownReport.text(pp.problem())).append("_\n");
                    }
                    if (!pp.top().isEmpty()) {
                        md.append('\n');
                        MarkdownReport.pipeTable(md, FRAME_HEADER, FRAME_RIGHT, frameRows(pp.top()));
                    }
                }
            }
        }
    }

    /** The terminal lines: per profiled cell and mode its overhead and each process's hottest frame and flame graph. */
    static List<String> lines(ReportModel model) {
        List<String> out = new ArrayList<>();
        for (CellView c : profiled(model)) {
            for (CellProfile p : c.cell().profiles()) {
                out.add("profile " + p.mode() + " · " + c.label() + ": " + overhead(p));
                p.notes().forEach(n -> out.add("  " + n));
                for (ProcessProfile pp : p.processes()) {
                    String top = pp.top().isEmpty() ? "" : "; top " + pp.top().getFirst().frame() + " "
                            + percent(pp.top().getFirst().share());
                    out.add("  " + process(pp, window(p)) + top + (pp.flameGraph() == null ? "" : "; " + pp.flameGraph())
                            + (pp.problem() == null ? "" : "; " + pp.problem()));
                }
            }
        }
        if (!out.isEmpty()) {
            out.addFirst("Profiles (one extra repeat per cell and mode, measured window only; not in the figures above)");
        }
        return out;
    }
}
