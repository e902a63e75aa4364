package dev.fluxlab.report;

import dev.fluxlab.model.load.ConnectTimes;
import dev.fluxlab.model.run.ListenQueue;
import dev.fluxlab.model.run.MachineCpu;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.Stat;
import dev.fluxlab.model.run.Summaries;

import java.util.ArrayList;
import java.util.List;

/**
 * The compact per-cell table below the end tables, as strings: cell, req/s with spread, p50/p99/p99.9 latency,
 * errors, CPU microseconds per request of every process, injector cores, the machine's idle cores and the cores
 * other processes took in the measured window (when recorded), the kernel's listen-queue evidence and, without
 * keep-alive, the connect time and its share of the latency (when recorded), warm-up and verdict. Shared by the
 * terminal, Markdown and HTML renderers so that they always agree.
 *
 * @param header     column titles with units
 * @param rightAlign per column: numbers are right-aligned
 * @param rows       one per cell
 */
public record DetailTable(List<String> header, List<Boolean> rightAlign, List<List<String>> rows) {

    public static DetailTable of(ReportModel model) {
        List<String> processes = model.processNames();
        List<String> header = new ArrayList<>(List.of("#", "cell", "req/s", "p50 ms", "p99 ms", "p99.9 ms", "errors"));
        List<Boolean> right = new ArrayList<>(List.of(true, false, true, true, true, true, true));
        for (String p : processes) {
            header.add("CPU µs/req " + p);
            right.add(true);
        }
        boolean theory = model.cells().stream().anyMatch(c -> c.cell().theory() != null);
        if (theory) {
            header.add("theory req/s");
            right.add(true);
        }
        header.add("injector cores");
        right.add(true);
        boolean machine = model.cells().stream().anyMatch(c -> c.cell().repeats() != null
                && c.cell().repeats().stream().anyMatch(r -> r.machine() != null));
        if (machine) {
            header.add("idle / others cores");
            right.add(true);
        }
        boolean listen = anyRepeat(model, r -> r.listen() != null);
        if (listen) {
            header.add("listen overflows / drops / max queue");
            right.add(true);
        }
        boolean connect = anyRepeat(model, r -> r.load() != null && r.load().connect() != null);
        if (connect) {
            header.add("connect ms mean / share");
            right.add(true);
        }
        header.addAll(List.of("warm-up s", "n", "verdict"));
        right.addAll(List.of(true, true, false));
        List<List<String>> rows = new ArrayList<>();
        for (CellView c : model.cells()) {
            List<String> row = new ArrayList<>();
            row.add(String.valueOf(c.cell().index()));
            row.add(c.label() + (c.valid() ? "" : " " + TableView.INVALID) + (c.flagged() ? " " + TableView.FLAGGED : ""));
            row.add(withSpread(Numbers.integer(c.throughput().median()), c.throughput()));
            row.add(Numbers.decimal(c.latency("p50").median()));
            row.add(Numbers.decimal(c.latency("p99").median()));
            row.add(Numbers.decimal(c.latency("p999").median()));
            row.add(errors(c.errors()));
            for (String p : processes) {
                Stat s = c.cpuPerRequestUs().get(p);
                row.add(s == null ? "-" : Numbers.decimal(s.median()));
            }
            if (theory) {
                row.add(c.cell().theory() == null ? "-" : TheoryText.predicted(c.cell().theory()));
            }
            row.add(Numbers.decimal(c.injectorCores().median()));
            if (machine) {
                row.add(machine(c));
            }
            if (listen) {
                row.add(listen(c));
            }
            if (connect) {
                row.add(connect(c));
            }
            row.add(Numbers.decimal(c.warmupS().median()));
            row.add(repeatCount(c));
            row.add(c.verdict());
            rows.add(row);
        }
        return new DetailTable(header, right, rows);
    }

    /**
     * How many repeats the row's figures are made of ({@link Summaries#used}), and of how many when some were left
     * out as invalid, e.g. {@code 2 of 3}.
     */
    private static String repeatCount(CellView c) {
        int all = repeats(c).size();
        int used = Summaries.used(repeats(c)).size();
        return used == all ? String.valueOf(all) : used + " of " + all;
    }

    /**
     * Median idle cores and cores taken by other processes over the repeats the figures are made of
     * ({@link Summaries#used}), e.g. {@code 0.04 / 0.71}.
     */
    private static String machine(CellView c) {
        List<MachineCpu> m = Summaries.used(repeats(c)).stream().map(RepeatResult::machine)
                .filter(java.util.Objects::nonNull).toList();
        if (m.isEmpty()) {
            return "-";
        }
        Stat idle = Stat.of(m.stream().map(MachineCpu::idleCores).toList());
        Stat others = Stat.of(m.stream().map(MachineCpu::othersCores).toList());
        return Numbers.decimal(idle.median()) + " / " + Numbers.decimal(others.median());
    }

    private static boolean anyRepeat(ReportModel model, java.util.function.Predicate<RepeatResult> p) {
        return model.cells().stream().anyMatch(c -> c.cell().repeats() != null && c.cell().repeats().stream().anyMatch(p));
    }

    private static List<RepeatResult> repeats(CellView c) {
        return c.cell().repeats() == null ? List.of() : c.cell().repeats();
    }

    /**
     * The worst repeat's accept-queue evidence: listen overflows and drops in the measured window (counters of the
     * whole network namespace) and the entry's largest accept queue, e.g. {@code 0 / 0 / 3}.
     */
    private static String listen(CellView c) {
        List<ListenQueue> l = repeats(c).stream().map(RepeatResult::listen).filter(java.util.Objects::nonNull).toList();
        if (l.isEmpty()) {
            return "-";
        }
        long overflows = l.stream().mapToLong(ListenQueue::listenOverflows).max().orElse(0);
        long drops = l.stream().mapToLong(ListenQueue::listenDrops).max().orElse(0);
        var queue = l.stream().map(ListenQueue::acceptQueueMax).filter(java.util.Objects::nonNull)
                .mapToLong(Long::longValue).max();
        return overflows + " / " + drops + " / " + (queue.isPresent() ? String.valueOf(queue.getAsLong()) : "-");
    }

    /**
     * Without keep-alive: the median connect time and its share of the latency over the used repeats, e.g.
     * {@code 0.21 / 38%}.
     */
    private static String connect(CellView c) {
        List<ConnectTimes> t = Summaries.used(repeats(c)).stream()
                .filter(r -> r.load() != null && r.load().connect() != null).map(r -> r.load().connect()).toList();
        if (t.isEmpty()) {
            return "-";
        }
        Stat mean = Stat.of(t.stream().map(ConnectTimes::meanMs).toList());
        Stat share = Stat.of(t.stream().map(ConnectTimes::latencyShare).toList());
        return Numbers.decimal(mean.median()) + " / " + Math.round(share.median() * 100) + "%";
    }

    private static String withSpread(String value, Stat s) {
        String spread = Numbers.spread(s);
        return spread.isEmpty() ? value : value + " " + spread;
    }

    private static String errors(Stat s) {
        if (s.n() == 0) {
            return "-";
        }
        // the worst repeat matters for errors: show it when the repeats disagree
        return s.max() == s.median() ? Numbers.integer(s.median()) : Numbers.integer(s.median()) + " (max " + Numbers.integer(s.max()) + ")";
    }
}
