package dev.fluxlab.report;

import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.placement.RolePlacement;
import dev.fluxlab.model.run.MachineCpu;
import dev.fluxlab.model.run.ProcessPlacement;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunHost;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * Where each process ran and what several injectors measured each, as strings for the Markdown and HTML reports.
 * {@link #placement} lists every process of every cell (first repeat that recorded it): host, CPU list (its own, or
 * its host's when it had none), the
 * {@code availableProcessors} it reported, and {@code -XX:ActiveProcessorCount} when it was given; shown when any
 * process was pinned or ran on a suite host. {@link #injectors} lists, for cells loaded by several injectors, every
 * repeat's merged figure and each injector's own row (its connections, req/s, latency, errors, cores and when its
 * measured phase started after the first one's, on the runner's clock: each host's measured clock offset taken out).
 * {@link #hosts} and {@link #hostCpu} list the suite hosts and their whole machine's CPU per cell.
 *
 * @param header     column titles
 * @param rightAlign per column: numbers are right-aligned
 * @param rows       the rows; empty when there is nothing to show
 */
public record PlacementTables(List<String> header, List<Boolean> rightAlign, List<List<String>> rows) {

    /** Every process's placement, when any process of the run was pinned to CPUs or ran on a suite host. */
    public static PlacementTables placement(ReportModel model) {
        List<List<String>> rows = new ArrayList<>();
        boolean pinned = false;
        for (CellView c : model.cells()) {
            RepeatResult r = c.cell().repeats() == null ? null : c.cell().repeats().stream()
                    .filter(x -> x.placement() != null).findFirst().orElse(null);
            if (r == null) {
                continue;
            }
            for (ProcessPlacement p : r.placement()) {
                pinned |= p.cpus() != null || !RolePlacement.LOCAL.equals(p.host());
                rows.add(List.of(String.valueOf(c.cell().index()), c.label(), p.process(), p.host(),
                        cpus(model, p), text(p.availableProcessors()),
                        p.activeProcessorCount() == null ? "-" : "-XX:ActiveProcessorCount=" + p.activeProcessorCount()));
            }
        }
        return new PlacementTables(List.of("#", "cell", "process", "host", "CPUs", "availableProcessors", "JVM option"),
                List.of(true, false, false, false, false, true, false), pinned ? rows : List.of());
    }

    /**
     * A process's CPU list: its own, else its suite host's (the CPUs that host's ssh sessions may use, which a process
     * started there inherits), else "any".
     */
    private static String cpus(ReportModel model, ProcessPlacement p) {
        if (p.cpus() != null) {
            return p.cpus();
        }
        List<RunHost> hosts = model.run().hosts() == null ? List.of() : model.run().hosts();
        return hosts.stream().filter(h -> h.name().equals(p.host()) && h.onlineCpus() != null).findFirst()
                .map(h -> h.onlineCpus() + " (the host's)").orElse("any");
    }

    /** Merged and per-injector figures of every repeat of a cell loaded by several injectors. */
    public static PlacementTables injectors(ReportModel model) {
        List<List<String>> rows = new ArrayList<>();
        for (CellView c : model.cells()) {
            for (RepeatResult r : c.cell().repeats() == null ? List.<RepeatResult>of() : c.cell().repeats()) {
                if (r.injectors() == null || r.injectors().isEmpty() || r.load() == null) {
                    continue;
                }
                String cell = c.cell().index() + " " + c.label();
                // the merged row: how far apart the measured phases started, and how well that is known
                rows.add(row(cell, r.repeat(), "merged", r.load(), r.injectorStartSpreadMs() == null ? "-"
                        : "spread " + r.injectorStartSpreadMs() + (r.injectorStartAlignment() == null ? ""
                        : String.format(Locale.ROOT, " ± %.1f", r.injectorStartAlignment().spreadErrorMs()))));
                List<Long> starts = new ArrayList<>();
                for (int i = 0; i < r.injectors().size(); i++) {
                    Long ms = r.injectors().get(i).measureStartMs();
                    starts.add(ms == null ? null : ms - offsetMs(model, r, "injector-" + (i + 1)));
                }
                long first = starts.stream().filter(Objects::nonNull).mapToLong(Long::longValue).min().orElse(0);
                for (int i = 0; i < r.injectors().size(); i++) {
                    rows.add(row(cell, r.repeat(), "injector-" + (i + 1), r.injectors().get(i),
                            starts.get(i) == null ? "-" : "+" + (starts.get(i) - first)));
                }
            }
        }
        return new PlacementTables(List.of("cell", "repeat", "injector", "connections", "req/s", "p50 ms", "p99 ms",
                "errors", "injector cores", "measure start ms"),
                List.of(false, true, false, true, true, true, true, true, true, true), rows);
    }

    /**
     * The suite hosts of the run: how each was reached, its CPUs and Java, its clock against the runner's, what was
     * shipped there and what its agent cost; empty without hosts.
     */
    public static PlacementTables hosts(ReportModel model) {
        List<List<String>> rows = new ArrayList<>();
        for (RunHost h : model.run().hosts() == null ? List.<RunHost>of() : model.run().hosts()) {
            rows.add(List.of(h.name(), h.ssh(), h.address(), h.onlineCpus(), h.java() == null ? "-" : h.java(),
                    String.format(Locale.ROOT, "%+.3f ± %.3f", h.clockOffsetUs() / 1e3, h.clockUncertaintyUs() / 1e3),
                    h.shippedFiles() + " / " + h.upToDateFiles(),
                    h.agentCpuCores() == null ? "-" : String.format(Locale.ROOT, "%.4f", h.agentCpuCores())));
        }
        return new PlacementTables(List.of("host", "ssh", "address", "CPUs", "Java", "clock offset ms",
                "shipped / up to date", "agent cores"), List.of(false, false, false, false, false, true, true, true),
                rows);
    }

    /**
     * Each suite host's whole machine in the measured windows of every cell that ran a process there: mean busy, idle
     * and others' cores (busy cores no process of the repeat accounts for) over the repeats its agent covered.
     */
    public static PlacementTables hostCpu(ReportModel model) {
        List<List<String>> rows = new ArrayList<>();
        for (CellView c : model.cells()) {
            Map<String, List<MachineCpu>> byHost = new TreeMap<>();
            for (RepeatResult r : c.cell().repeats() == null ? List.<RepeatResult>of() : c.cell().repeats()) {
                if (r.hostMachines() != null) {
                    r.hostMachines().forEach((h, m) -> byHost.computeIfAbsent(h, k -> new ArrayList<>()).add(m));
                }
            }
            byHost.forEach((h, ms) -> rows.add(List.of(String.valueOf(c.cell().index()), c.label(), h,
                    String.valueOf(ms.size()), String.valueOf(ms.getFirst().cores()),
                    Numbers.decimal(mean(ms, MachineCpu::busyCores)), Numbers.decimal(mean(ms, MachineCpu::idleCores)),
                    Numbers.decimal(mean(ms, MachineCpu::othersCores)))));
        }
        return new PlacementTables(List.of("#", "cell", "host", "repeats", "CPUs", "busy cores", "idle cores",
                "others' cores"), List.of(true, false, false, true, true, true, true, true), rows);
    }

    private static double mean(List<MachineCpu> ms, ToDoubleFunction<MachineCpu> f) {
        return ms.stream().mapToDouble(f).average().orElse(Double.NaN);
    }

    /**
     * The clock offset in ms of the host {@code process} ran on in repeat {@code r} (0: the runner's machine): the one
     * measured for the repeat when it has one, else the one measured before the first cell.
     */
    private static long offsetMs(ReportModel model, RepeatResult r, String process) {
        if (r.placement() == null) {
            return 0;
        }
        String host = r.placement().stream().filter(p -> p.process().equals(process)).map(ProcessPlacement::host)
                .findFirst().orElse(RolePlacement.LOCAL);
        if (r.injectorStartAlignment() != null && r.injectorStartAlignment().hostClocks().containsKey(host)) {
            return Math.round(r.injectorStartAlignment().hostClocks().get(host).offsetUs() / 1e3);
        }
        if (model.run().hosts() == null) {
            return 0;
        }
        return model.run().hosts().stream().filter(h -> h.name().equals(host))
                .mapToLong(h -> Math.round(h.clockOffsetUs() / 1e3)).findFirst().orElse(0);
    }

    private static List<String> row(String cell, int repeat, String who, LoadResult l, String start) {
        return List.of(cell, String.valueOf(repeat), who, String.valueOf(l.connections()),
                Numbers.integer(l.throughputRps()), Numbers.decimal(l.latencyMs().corrected().p50()),
                Numbers.decimal(l.latencyMs().corrected().p99()), String.valueOf(l.errorCount()),
                Numbers.decimal(l.injectorCpuCores()), start);
    }

    private static String text(Integer n) {
        return n == null ? "-" : String.valueOf(n);
    }
}
