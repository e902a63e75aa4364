package dev.fluxlab.report;

import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.Environment;
import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.model.run.RunResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code summary.md}: the end tables in Markdown, the verdicts with their reasons, the log findings with the first
 * lines of each quoted, and the environment. Plain GitHub-flavoured Markdown, readable as text too.
 */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    public static String render(RunResult run) {
        return render(ReportModel.of(run));
    }

    /** The claims as a list: verdict, claim, cells claimed and measured, evidence, theory's note, source. */
    private static void claims(StringBuilder md, List<ClaimResult> claims, List<ClaimMove> moved) {
        if (claims.isEmpty()) {
            return;
        }
        md.append("\n## Claims\n\n").append(text(ClaimsView.headline(claims)))
                .append(". Inconclusive: ").append(ClaimsView.INCONCLUSIVE).append(".\n\n");
        String note = ClaimsView.rejudgedNote(moved);
        if (note != null) {
            md.append(text(note)).append("\n\n");
        }
        for (ClaimResult c : claims) {
            md.append("- **").append(text(c.verdict())).append("**: ").append(text(c.claim())).append(" (`")
                    .append(code(ClaimsView.relation(c))).append("`)\n");
            ClaimsView.cells(c).forEach(m -> md.append("  - ").append(text(ClaimsView.cell(m))).append('\n'));
            if (ClaimsView.cellsNote(c) != null) {
                md.append("  - ").append(text(ClaimsView.cellsNote(c))).append('\n');
            }
            md.append("  - evidence: ").append(text(c.reason())).append('\n');
            if (c.theory() != null) {
                md.append("  - note: ").append(text(c.theory())).append('\n');
            }
            md.append("  - source: ").append(text(ClaimsView.source(c))).append('\n');
        }
    }

    public static String render(ReportModel model) {
        RunResult run = model.run();
        StringBuilder md = new StringBuilder();
        md.append("# fluxlab run ").append(text(run.runId())).append("\n\n");
        md.append("- suite: ").append(text(run.suite()));
        if (run.suiteFile() != null) {
            md.append(" (`").append(code(run.suiteFile())).append("`)");
        }
        md.append('\n');
        md.append("- status: ").append(text(run.status())).append('\n');
        md.append("- started: ").append(text(run.startedAt())).append(", finished: ").append(text(run.finishedAt())).append('\n');
        md.append("- cells: ").append(model.cells().size()).append('\n');
        model.overrides().forEach(o -> md.append("- override: `").append(code(o)).append("`\n"));
        if (run.description() != null && !run.description().isBlank()) {
            md.append("\n").append(text(run.description().strip())).append('\n');
        }
        claims(md, ClaimsView.of(run), model.moved());
        for (TableView t : model.tables()) {
            md.append("\n## ").append(text(t.title())).append("\n\n");
            md.append("Median ±half range over repeats, ").append(t.units()).append(". `")
                    .append(TableView.INVALID).append("` invalid, `").append(TableView.FLAGGED).append("` log findings.");
            if (t.seedSource() != null) {
                md.append(" seed: the seed's own figure, from ").append(text(t.seedSource())).append('.');
            }
            md.append("\n\n");
            t.fixed().forEach(f -> md.append("- ").append(text(f)).append('\n'));
            if (!t.fixed().isEmpty()) {
                md.append('\n');
            }
            table(md, t);
            for (TableView.Footnote f : t.footnotes()) {
                md.append("\n").append(f.number()).append(". **").append(text(f.cellLabel())).append("**");
                List<String> items = new ArrayList<>();
                f.reasons().forEach(r -> items.add((CellResult.isNote(r) ? "" : f.invalid() ? "invalid: "
                        : r.startsWith("warning") ? "" : "warning: ") + text(r)));
                f.findings().forEach(x -> items.add("log: " + text(x)));
                md.append(items.isEmpty() ? "" : ": " + String.join("; ", items));
            }
            if (!t.footnotes().isEmpty()) {
                md.append('\n');
            }
            for (String n : t.notes()) {
                md.append("\n_Note: ").append(text(n)).append("_\n");
            }
        }
        md.append("\n## Cells\n\nMedians over the repeats, ±half range on req/s; latency corrected, from the repeats' "
                + "histograms merged (an external tool's: the median of its repeats' percentiles); CPU per verified "
                + "response.\n\n");
        DetailTable d = DetailTable.of(model);
        pipeTable(md, d.header(), d.rightAlign(), d.rows());
        ProfileView.markdown(md, model);
        PlacementTables threads = ThreadsSeenTable.of(model);
        if (!threads.rows().isEmpty()) {
            md.append("\n## Threads seen\n\n").append(text(ThreadsSeenTable.HINT)).append("\n\n");
            pipeTable(md, threads.header(), threads.rightAlign(), threads.rows());
        }
        PlacementTables placement = PlacementTables.placement(model);
        if (!placement.rows().isEmpty()) {
            md.append("\n## Placement\n\n");
            pipeTable(md, placement.header(), placement.rightAlign(), placement.rows());
        }
        List<List<String>> connections = LoopDistribution.connectionRows(run.cells() == null ? List.of() : run.cells(),
                LoopDistribution.labels(model.cells()));
        if (!connections.isEmpty()) {
            md.append("\n## ").append(LoopDistribution.CONNECTIONS_TITLE).append("\n\n")
                    .append(text(LoopDistribution.CONNECTIONS_HINT)).append("\n\n");
            pipeTable(md, LoopDistribution.CONNECTIONS_HEADER,
                    List.of(false, false, false, true, false), connections);
        }
        PlacementTables steady = SteadyStateTable.of(model);
        if (!steady.rows().isEmpty()) {
            md.append("\n## Time to steady state\n\n").append(text(HtmlReport.STEADY_HINT)).append("\n\n");
            pipeTable(md, steady.header(), steady.rightAlign(), steady.rows());
        }
        PlacementTables hosts = PlacementTables.hosts(model);
        if (!hosts.rows().isEmpty()) {
            md.append("\n## Hosts\n\n");
            pipeTable(md, hosts.header(), hosts.rightAlign(), hosts.rows());
            PlacementTables hostCpu = PlacementTables.hostCpu(model);
            if (!hostCpu.rows().isEmpty()) {
                md.append("\nEach host's whole machine in the measured windows (its agent's /proc/stat; others' cores: "
                        + "busy cores no process of the repeat accounts for).\n\n");
                pipeTable(md, hostCpu.header(), hostCpu.rightAlign(), hostCpu.rows());
            }
        }
        PlacementTables injectors = PlacementTables.injectors(model);
        if (!injectors.rows().isEmpty()) {
            md.append("\n## Several injectors\n\nThe merged row is the cell's figure (histograms added, never "
                    + "percentiles averaged); each injector's own row judges it on its own.\n\n");
            pipeTable(md, injectors.header(), injectors.rightAlign(), injectors.rows());
        }
        md.append("\n## Verdicts\n\n");
        for (CellView c : model.cells()) {
            md.append("- **").append(text(c.label())).append("** (`").append(code(c.id())).append("`): ").append(c.verdict());
            for (String r : c.reasons()) {
                md.append("\n  - ").append(text(r));
            }
            md.append('\n');
        }
        md.append("\n## Log findings\n\n");
        List<Map.Entry<CellView, LogFinding>> findings = model.findings();
        if (findings.isEmpty()) {
            md.append("None.\n");
        }
        for (Map.Entry<CellView, LogFinding> e : findings) {
            LogFinding f = e.getValue();
            md.append("- **").append(text(e.getKey().label())).append("**, ").append(text(f.process())).append(": `")
                    .append(code(f.kind())).append("` x").append(f.count()).append('\n');
            if (f.firstLines() != null && !f.firstLines().isEmpty()) {
                String body = String.join("\n", f.firstLines().stream().map(MarkdownReport::plain).toList());
                String fence = fence(body);
                md.append("\n").append(indent(fence + "text\n" + body + "\n" + fence, "  ")).append("\n\n");
            }
        }
        md.append("\n## Environment\n\n");
        environment(md, run.environment());
        if (run.settings() != null && !run.settings().isEmpty()) {
            md.append("\n## Settings\n\n");
            run.settings().forEach((k, v) -> md.append("- ").append(text(k)).append(": `").append(code(String.valueOf(v))).append("`\n"));
        }
        List<CellResult> withVersions = model.cells().stream().map(CellView::cell)
                .filter(c -> c.versions() != null && !c.versions().isEmpty()).toList();
        if (!withVersions.isEmpty()) {
            md.append("\n## Library versions on the targets\n\n");
            for (CellResult c : withVersions) {
                md.append("- `").append(code(c.id())).append("`: ");
                List<String> vs = new ArrayList<>();
                c.versions().forEach((k, v) -> vs.add(text(k) + " " + text(v)));
                md.append(String.join(", ", vs));
                loaded(c).forEach((process, versions) -> md.append("; ").append(text(process)).append(" loaded ")
                        .append(text(versions)));
                md.append('\n');
            }
        }
        return md.toString();
    }

    /**
     * Per target process, the releases it reported loading in the cell's first repeat that has them
     * ({@code ProcessStats.versions}), as {@code reactor-netty 1.2.18, netty 4.1.135.Final}.
     */
    private static Map<String, String> loaded(CellResult c) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (var r : c.repeats() == null ? List.<dev.fluxlab.model.run.RepeatResult>of() : c.repeats()) {
            for (var p : r.processes() == null ? List.<dev.fluxlab.model.run.ProcessStats>of() : r.processes()) {
                if (p.versions() != null && !out.containsKey(p.name())) {
                    List<String> vs = new ArrayList<>();
                    p.versions().forEach((k, v) -> vs.add(k + " " + v));
                    out.put(p.name(), String.join(", ", vs));
                }
            }
        }
        return out;
    }

    static void environment(StringBuilder md, Environment env) {
        if (env == null) {
            md.append("Not recorded.\n");
            return;
        }
        md.append("- host: ").append(text(env.host())).append('\n');
        md.append("- os: ").append(text(env.os())).append(", kernel ").append(text(env.kernel())).append(", ").append(text(env.arch())).append('\n');
        md.append("- cpus: ").append(env.cpus()).append(", memory: ").append(Numbers.decimal(env.memoryGb())).append(" GB\n");
        md.append("- jdk: ").append(text(env.jdk())).append(" (").append(text(env.jdkVendor())).append("), `").append(code(env.javaHome())).append("`\n");
        md.append("- fluxlab: ").append(text(env.fluxlabVersion())).append('\n');
        if (env.versions() != null) {
            env.versions().forEach((k, v) -> md.append("- ").append(text(k)).append(": ").append(text(v)).append('\n'));
        }
    }

    static void table(StringBuilder md, TableView t) {
        List<String> header = t.header();
        List<Boolean> right = t.rightAligned();
        List<List<String>> rows = new ArrayList<>();
        for (int r = 0; r < t.rows().size(); r++) {
            List<String> row = new ArrayList<>(t.rows().get(r));
            for (TableView.Entry e : t.cells().get(r)) {
                row.add(e == null ? "-" : (t.valueText(e) + " " + e.markers()).strip());
            }
            rows.add(row);
        }
        pipeTable(md, header, right, rows);
    }

    static void pipeTable(StringBuilder md, List<String> header, List<Boolean> right, List<List<String>> rows) {
        if (header.isEmpty()) {
            header = List.of("value");
            right = List.of(true);
        }
        md.append('|');
        header.forEach(h -> md.append(' ').append(cell(h)).append(" |"));
        md.append("\n|");
        right.forEach(r -> md.append(r ? " ---: |" : " --- |"));
        md.append('\n');
        for (List<String> row : rows) {
            md.append('|');
            row.forEach(c -> md.append(' ').append(cell(c)).append(" |"));
            md.append('\n');
        }
    }

    private static String cell(String s) {
        return text(s);
    }

    /** Escapes the characters that would turn plain text into Markdown or HTML. */
    static String text(String s) {
        if (s == null) {
            return "-";
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '\\', '`', '*', '_', '[', ']', '<', '#', '|' -> sb.append('\\').append(ch);
                case '\n', '\r' -> sb.append(' ');
                default -> sb.append(control(ch) ? '?' : ch);
            }
        }
        return sb.toString();
    }

    /** A log line as it is, but a CR or a {@link #control(char)} character shown as {@code ?}. */
    static String plain(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (char ch : s.toCharArray()) {
            sb.append(ch == '\r' || control(ch) ? '?' : ch);
        }
        return sb.toString();
    }

    /**
     * A character that would act on a terminal that {@code cat}s the file rather than show: C0 controls but tab, DEL,
     * C1 controls, the bidirectional overrides and isolates (a profiled frame's name or a suite's text can hold any).
     */
    static boolean control(char ch) {
        return (ch < 0x20 && ch != '\t') || (ch >= 0x7f && ch <= 0x9f) || (ch >= 0x202a && ch <= 0x202e)
                || (ch >= 0x2066 && ch <= 0x2069);
    }

    /** Text inside an inline code span: backticks cannot be escaped there, so they become quotes. */
    static String code(String s) {
        if (s == null) {
            return "-";
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (char ch : s.toCharArray()) {
            sb.append(ch == '`' ? '\'' : ch == '\n' || ch == '\r' ? ' ' : control(ch) ? '?' : ch); // a lone CR ends a line
        }
        return sb.toString();
    }

    private static String fence(String body) {
        String fence = "```";
        while (body.contains(fence)) {
            fence += "`";
        }
        return fence;
    }

    private static String indent(String s, String prefix) {
        StringBuilder sb = new StringBuilder();
        for (String line : s.split("\n", -1)) {
            sb.append(prefix).append(line).append('\n');
        }
        return sb.toString().stripTrailing();
    }
}
