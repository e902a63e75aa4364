package dev.fluxlab.report;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RepeatResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The per-event-loop distribution a target reported on its stats path ({@code RepeatResult.targetStats}, e.g. the
 * proxy frontend's {@code loops: {thread: {frontend_requests, backend_connections, backend_responses, ...}}}), drawn
 * as plain HTML bars, one block per cell and process: with colocation the backend connections and responses pile up
 * on one loop, which a glance at the bars shows. Needs no JavaScript; cells without such stats add nothing.
 */
final class LoopDistribution {

    private static final List<String> COUNTERS = List.of("frontend_requests", "backend_connections",
            "backend_responses", "backend_errors");
    /** Work stealing's counters: columns only for a process that reports them. */
    private static final List<String> STEAL_COUNTERS = List.of("stolen_by", "stolen_from");

    private LoopDistribution() {
    }

    /** The section, or an empty string when no cell has per-loop stats; cells named by their ids. */
    static String html(List<CellResult> cells) {
        return html(cells, CellResult::id);
    }

    /** Each cell's report label ({@link CellView#label}, the knobs that vary), by cell index; the id where none. */
    static Function<CellResult, String> labels(List<CellView> views) {
        Map<Integer, String> byIndex = new LinkedHashMap<>();
        views.forEach(v -> byIndex.put(v.cell().index(), v.label()));
        return c -> byIndex.getOrDefault(c.index(), c.id());
    }

    /** The section, or an empty string when no cell has per-loop stats; {@code label} names a cell in its table. */
    static String html(List<CellResult> cells, Function<CellResult, String> label) {
        StringBuilder h = new StringBuilder();
        for (CellResult cell : cells) {
            RepeatResult r = lastWithStats(cell);
            if (r == null) {
                continue;
            }
            r.targetStats().forEach((process, doc) -> {
                Map<String, Map<String, Number>> loops = loops(doc);
                if (loops.isEmpty()) {
                    return;
                }
                List<String> columns = new ArrayList<>(COUNTERS);
                if (loops.values().stream().anyMatch(m -> m.containsKey(STEAL_COUNTERS.get(0)))) {
                    columns.addAll(STEAL_COUNTERS);
                }
                h.append("<figure class=\"loops\"><figcaption>#").append(cell.index()).append(' ')
                        .append(HtmlReport.esc(cell.id())).append(" · ").append(HtmlReport.esc(process))
                        .append(" (repeat ").append(r.repeat()).append(")</figcaption>\n<div class=\"scroll\"><table class=\"loops\">")
                        .append("<thead><tr><th>event loop</th>");
                for (String c : columns) {
                    h.append("<th>").append(HtmlReport.esc(c.replace('_', ' '))).append("</th>");
                }
                h.append("</tr></thead><tbody>\n");
                Map<String, Long> max = new LinkedHashMap<>();
                for (String c : columns) {
                    max.put(c, loops.values().stream().mapToLong(m -> value(m, c)).max().orElse(0));
                }
                loops.forEach((loop, counters) -> {
                    h.append("<tr><td class=\"mono\">").append(HtmlReport.esc(loop)).append("</td>");
                    for (String c : columns) {
                        long v = value(counters, c);
                        long m = max.get(c);
                        double pct = m == 0 ? 0 : 100.0 * v / m;
                        h.append("<td><div style=\"display:flex;align-items:center;gap:4px\"><div style=\"background:")
                                .append(c.equals("backend_errors") ? "#c0392b" : "#2e86c1")
                                .append(";height:10px;width:").append(String.format(Locale.ROOT, "%.1f", pct * 1.2))
                                .append("px\"></div><span class=\"num\">").append(String.format(Locale.ROOT, "%,d", v))
                                .append("</span></div></td>");
                    }
                    h.append("</tr>\n");
                });
                h.append("</tbody></table></div></figure>\n");
            });
        }
        if (h.isEmpty()) {
            return "";
        }
        List<List<String>> connections = connectionRows(cells, label);
        if (!connections.isEmpty()) {
            StringBuilder t = new StringBuilder("<h3>").append(HtmlReport.esc(CONNECTIONS_TITLE))
                    .append("</h3>\n<p class=\"hint\">").append(HtmlReport.esc(CONNECTIONS_HINT))
                    .append("</p>\n<div class=\"scroll\"><table class=\"loops\"><thead><tr>");
            CONNECTIONS_HEADER.forEach(c -> t.append("<th>").append(HtmlReport.esc(c)).append("</th>"));
            t.append("</tr></thead><tbody>\n");
            for (List<String> row : connections) {
                t.append("<tr>");
                row.forEach(c -> t.append("<td class=\"mono\">").append(HtmlReport.esc(c)).append("</td>"));
                t.append("</tr>\n");
            }
            h.insert(0, t.append("</tbody></table></div>\n"));
        }
        return "<section id=\"loops\">\n<h2>Per-event-loop distribution</h2>\n<p class=\"hint\">What each target "
                + "reported on its stats path after the measured phase (counts since start, warm-up included); bars "
                + "are scaled to the busiest loop of each column. With colocation, backend connections and responses "
                + "gather on the loop that saw the first requests. With work stealing, stolen by counts the exchanges "
                + "a loop sent through another loop's pool because its own would have made them wait, stolen from "
                + "the exchanges its pool served for other loops.</p>\n" + h + "</section>\n";
    }

    /** Heading of the summary.md table of {@link #connectionRows}. */
    static final String CONNECTIONS_TITLE = "Backend connections per event loop";

    /** The summary.md hint above {@link #connectionRows}. */
    static final String CONNECTIONS_HINT = "Where each cell's client connections were registered (the stats path's "
            + "backend connections per event-loop thread, last repeat with stats, counts since start): the seeds' "
            + "evidence for a client mode, e.g. no-colocation spreading its connections over its client loops.";

    /** Columns of {@link #connectionRows}. */
    static final List<String> CONNECTIONS_HEADER = List.of("cell", "process", "client mode", "loops holding them",
            "connections per loop");

    /**
     * One row per cell and process whose stats count backend connections: the client mode it reported, how many
     * loops hold at least one connection, and each such loop with its count ({@code thread n}, by thread name).
     */
    static List<List<String>> connectionRows(List<CellResult> cells, Function<CellResult, String> label) {
        List<List<String>> rows = new ArrayList<>();
        for (CellResult cell : cells) {
            RepeatResult r = lastWithStats(cell);
            if (r == null) {
                continue;
            }
            r.targetStats().forEach((process, doc) -> {
                Map<String, Map<String, Number>> loops = loops(doc);
                if (loops.values().stream().noneMatch(m -> m.containsKey("backend_connections"))) {
                    return;
                }
                List<String> parts = new ArrayList<>();
                loops.forEach((loop, counters) -> {
                    long n = value(counters, "backend_connections");
                    if (n > 0) {
                        parts.add(loop + " " + n);
                    }
                });
                Object mode = doc instanceof Map<?, ?> m ? m.get("client_mode") : null;
                rows.add(List.of("#" + cell.index() + " " + label.apply(cell), process, mode == null ? "-" : String.valueOf(mode),
                        String.valueOf(parts.size()), parts.isEmpty() ? "none" : String.join(" · ", parts)));
            });
        }
        return rows;
    }

    private static RepeatResult lastWithStats(CellResult cell) {
        RepeatResult found = null;
        if (cell.repeats() != null) {
            for (RepeatResult r : cell.repeats()) {
                if (r.targetStats() != null && !r.targetStats().isEmpty()) {
                    found = r;
                }
            }
        }
        return found;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Number>> loops(Object doc) {
        Map<String, Map<String, Number>> out = new LinkedHashMap<>();
        if (doc instanceof Map<?, ?> m && m.get("loops") instanceof Map<?, ?> loops) {
            List<String> names = new ArrayList<>();
            loops.keySet().forEach(k -> names.add(String.valueOf(k)));
            names.sort(null);
            for (String n : names) {
                if (loops.get(n) instanceof Map<?, ?> counters) {
                    out.put(n, (Map<String, Number>) counters);
                }
            }
        }
        return out;
    }

    private static long value(Map<String, Number> counters, String name) {
        Object v = counters.get(name);
        return v instanceof Number n ? n.longValue() : 0;
    }
}
