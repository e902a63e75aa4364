package dev.fluxlab.model.suite;

import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.suite.SuiteSpec.JvmSpec;
import dev.fluxlab.model.suite.SuiteSpec.LoadSection;
import dev.fluxlab.model.suite.SuiteSpec.TargetSpec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A suite's matrix: every list-valued knob, JVM option ({@code heap}, {@code gc}, {@code aot}) and load field is a dimension; the
 * cells are their product per target, scenario and load profile, in a stable order, minus the excluded ones. A
 * non-entry process's knobs are prefixed with its name ({@code backend.transport}).
 */
final class CellMatrix {

    static final int DEFAULT_CONNECTIONS = LoadArgs.DEFAULT_CONNECTIONS;
    /** The knob of a process's {@code jvm.aot}: trained ({@code true}) or cold ({@code false}). */
    static final String AOT = "aot";
    /**
     * The knobs the matrix itself gives every cell, beside the targets' own: the target, the scenario and the load
     * profile's dimensions. A target's knob of one of these names would overwrite the cell's (a command target's
     * knob {@code target: [a]} made its cells read {@code target=a}), so {@link CommandChecks} refuses them.
     */
    static final List<String> CELL_KNOBS = List.of("target", "scenario", "connections", "in_flight", "rate", "injector",
            "injectors", "keep_alive");
    /**
     * The most cells a suite may expand to, before exclusions: far beyond any real experiment (every cell starts its
     * targets and measures for seconds at least, so 10,000 cells take days), and what keeps a few long value lists
     * from multiplying into millions of cells that exhaust memory before anything could be refused.
     */
    static final int MAX_CELLS = Suite.MAX_CELLS;

    private final SuiteSpec spec;

    CellMatrix(SuiteSpec spec) {
        this.spec = spec;
    }

    /**
     * One dimension of the matrix; {@code jvmOption}: a process's {@code jvm.heap}, {@code jvm.gc} or {@code jvm.aot},
     * which the runner turns into JVM options. A knob of the same name (a command target's {@code gc}, substituted as
     * {@code ${gc}} into its command) stays a knob.
     */
    private record Dim(String name, String process, String knob, List<String> values, boolean jvmOption) {

        Dim(String name, String process, String knob, List<String> values) {
            this(name, process, knob, values, false);
        }
    }

    private record Proc(String name, String registryTarget, String prefix, JvmSpec jvm, String cpus, String host) {
    }

    /** Every knob name of the suite, in expansion order. */
    List<String> dimensionNames() {
        Set<String> names = new LinkedHashSet<>();
        names.add("target");
        spec.targets().forEach((t, ts) -> {
            for (Dim d : targetDims(t, ts)) {
                names.add(d.name());
            }
        });
        names.add("scenario");
        for (LoadSection l : loads()) {
            for (Dim d : loadDims(l)) {
                names.add(d.name());
            }
        }
        return new ArrayList<>(names);
    }

    private List<LoadSection> loads() {
        return spec.load() == null || spec.load().isEmpty()
                ? List.of(new LoadSection(null, null, null, null, null, null, null, null, null, null)) : spec.load();
    }

    /** Knob names are written as the target's CLI flags ({@code select-count}); {@code select_count} is accepted too. */
    static String knobName(String raw) {
        return raw.replace('_', '-');
    }

    private static List<Proc> processes(String t, TargetSpec ts) {
        List<Proc> out = new ArrayList<>();
        if (ts.processes() == null) {
            out.add(new Proc(t, ts.target() == null ? t : ts.target(), "", ts.jvm(), ts.cpus(), ts.host()));
        } else {
            ts.processes().forEach((p, ps) -> out.add(new Proc(p, ps.target() == null ? p : ps.target(),
                    p.equals(ts.entry()) ? "" : p + ".", ps.jvm(), ps.cpus(), ps.host())));
        }
        return out;
    }

    private static Map<String, List<String>> knobsOf(TargetSpec ts, String process) {
        Map<String, List<String>> k = ts.processes() == null ? ts.knobs() : ts.processes().get(process).knobs();
        return k == null ? Map.of() : k;
    }

    private static List<Dim> targetDims(String t, TargetSpec ts) {
        List<Dim> dims = new ArrayList<>();
        for (Proc p : processes(t, ts)) {
            knobsOf(ts, p.name()).forEach((k, v) ->
                    dims.add(new Dim(p.prefix() + knobName(k), p.name(), knobName(k), v)));
            if (p.jvm() != null && p.jvm().heap() != null) {
                dims.add(new Dim(p.prefix() + "heap", p.name(), "heap", p.jvm().heap(), true));
            }
            if (p.jvm() != null && p.jvm().gc() != null) {
                dims.add(new Dim(p.prefix() + "gc", p.name(), "gc", p.jvm().gc(), true));
            }
            if (p.jvm() != null && p.jvm().aot() != null) {
                dims.add(new Dim(p.prefix() + AOT, p.name(), AOT, p.jvm().aot().stream().map(String::valueOf).toList(),
                        true));
            }
        }
        return dims;
    }

    private static List<Dim> loadDims(LoadSection l) {
        List<Dim> dims = new ArrayList<>();
        dims.add(new Dim("connections", null, null, strings(l.connections() == null
                ? List.of(DEFAULT_CONNECTIONS) : l.connections())));
        if (l.inFlight() != null) {
            dims.add(new Dim("in_flight", null, null, strings(l.inFlight())));
        }
        if (l.rate() != null) {
            dims.add(new Dim("rate", null, null, strings(l.rate())));
        }
        if (l.injector() != null) {
            dims.add(new Dim("injector", null, null, l.injector()));
        }
        if (l.injectors() != null) {
            dims.add(new Dim("injectors", null, null, strings(l.injectors())));
        }
        if (l.keepAlive() != null) {
            dims.add(new Dim("keep_alive", null, null, l.keepAlive().stream().map(String::valueOf).toList()));
        }
        return dims;
    }

    private static List<String> strings(List<Integer> values) {
        return values.stream().map(String::valueOf).toList();
    }

    /**
     * The matrix in a stable order, excluded cells removed; refused when it would exceed {@link #MAX_CELLS}, when two
     * cells would be the same (a value given twice, load profiles that overlap) or when the exclude rules leave none.
     */
    List<Cell> expand(SuiteSource source) {
        long size = size();
        if (size > MAX_CELLS) {
            throw source.error("", "the matrix expands to " + (size == Long.MAX_VALUE ? "more than 2^63" : size)
                    + " cells (every target's knob values x scenarios x load values), more than the " + MAX_CELLS
                    + " a suite may have; give fewer values or split the suite");
        }
        List<Cell> out = new ArrayList<>();
        int index = 0;
        for (var te : spec.targets().entrySet()) {
            String t = te.getKey();
            TargetSpec ts = te.getValue();
            List<Proc> procs = processes(t, ts);
            List<Dim> dims = targetDims(t, ts);
            for (List<String> combo : product(dims)) {
                for (var se : spec.scenarios().entrySet()) {
                    for (LoadSection l : loads()) {
                        List<Dim> ld = loadDims(l);
                        for (List<String> lc : product(ld)) {
                            Map<String, String> knobs = new LinkedHashMap<>();
                            knobs.put("target", t);
                            for (int i = 0; i < dims.size(); i++) {
                                knobs.put(dims.get(i).name(), combo.get(i));
                            }
                            knobs.put("scenario", se.getKey());
                            for (int i = 0; i < ld.size(); i++) {
                                knobs.put(ld.get(i).name(), lc.get(i));
                            }
                            if (excluded(knobs)) {
                                continue;
                            }
                            List<Cell.CellProcess> cps = new ArrayList<>();
                            for (Proc p : procs) {
                                Map<String, String> pk = new LinkedHashMap<>();
                                String heap = null;
                                String gc = null;
                                Boolean aot = null;
                                for (int i = 0; i < dims.size(); i++) {
                                    Dim d = dims.get(i);
                                    if (!d.process().equals(p.name())) {
                                        continue;
                                    }
                                    if (!d.jvmOption()) {
                                        pk.put(d.knob(), combo.get(i));
                                        continue;
                                    }
                                    switch (d.knob()) {
                                        case "heap" -> heap = combo.get(i);
                                        case "gc" -> gc = combo.get(i);
                                        default -> aot = Boolean.valueOf(combo.get(i));
                                    }
                                }
                                List<String> flags = p.jvm() == null || p.jvm().flags() == null ? List.of() : p.jvm().flags();
                                cps.add(new Cell.CellProcess(p.name(), p.registryTarget(), pk, heap, gc, flags, p.cpus(), p.host(),
                                        aot));
                            }
                            String entry = ts.processes() == null ? t : ts.entry();
                            Cell.CellLoad load = new Cell.CellLoad(
                                    Integer.parseInt(knobs.get("connections")),
                                    knobs.containsKey("in_flight") ? Integer.valueOf(knobs.get("in_flight")) : null,
                                    knobs.containsKey("rate") ? Integer.valueOf(knobs.get("rate")) : null,
                                    l.protocol(), l.threads(), l.timeout(), knobs.get("injector"),
                                    knobs.containsKey("injectors") ? Integer.parseInt(knobs.get("injectors")) : 1,
                                    l.cpus(),
                                    knobs.containsKey("keep_alive") ? Boolean.valueOf(knobs.get("keep_alive")) : null,
                                    l.requests(), l.prime(), l.host());
                            out.add(new Cell(++index, id(knobs), knobs, t, List.copyOf(cps), entry, se.getKey(),
                                    se.getValue(), load, null));
                        }
                    }
                }
            }
        }
        if (out.isEmpty()) {
            boolean excludes = spec.exclude() != null && !spec.exclude().isEmpty();
            throw source.error(excludes ? "/exclude" : "", excludes ? "the exclude rules leave no cell to run"
                    : "the suite has no cell to run: a knob or load value is an empty list; give it at least one value");
        }
        Set<String> ids = new HashSet<>();
        for (Cell c : out) {
            if (!ids.add(c.id())) {
                throw source.error(loads().size() > 1 ? "/load" : "", "cell " + c.id() + " appears twice in the matrix (a value given twice in a "
                        + "list, or load profiles whose values overlap); give each value once, since results, "
                        + "'compare' and '--resume' find a cell by its id");
            }
        }
        // labels show the target and what varies; a knob with one value across the suite is noise there
        Set<String> names = new LinkedHashSet<>();
        out.forEach(c -> names.addAll(c.knobs().keySet()));
        List<String> shown = new ArrayList<>();
        for (String n : names) {
            if (n.equals("target") || out.stream().map(c -> c.knobs().get(n)).distinct().count() > 1) {
                shown.add(n);
            }
        }
        List<String> labelKnobs = shown.size() > 1 ? List.copyOf(shown) : null; // nothing varies: show every knob
        return out.stream().map(c -> new Cell(c.index(), c.id(), c.knobs(), c.target(), c.processes(), c.entry(),
                c.scenarioName(), c.scenario(), c.load(), labelKnobs)).toList();
    }

    /** The number of cells before exclusions; {@link Long#MAX_VALUE} when it does not fit in a long. */
    long size() {
        long loadCells = 0;
        for (LoadSection l : loads()) {
            loadCells = saturatedAdd(loadCells, combinations(loadDims(l)));
        }
        long total = 0;
        for (var te : spec.targets().entrySet()) {
            long target = saturatedMultiply(combinations(targetDims(te.getKey(), te.getValue())), spec.scenarios().size());
            total = saturatedAdd(total, saturatedMultiply(target, loadCells));
        }
        return total;
    }

    private static long combinations(List<Dim> dims) {
        long n = 1;
        for (Dim d : dims) {
            n = saturatedMultiply(n, d.values().size());
        }
        return n;
    }

    private static long saturatedMultiply(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    private static long saturatedAdd(long a, long b) {
        try {
            return Math.addExact(a, b);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    /** The stable id of a knob map: {@code key=value} pairs joined by commas in knob order. */
    static String id(Map<String, String> knobs) {
        StringBuilder sb = new StringBuilder();
        knobs.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : ",").append(k).append('=').append(v));
        return sb.toString();
    }

    private boolean excluded(Map<String, String> knobs) {
        if (spec.exclude() == null) {
            return false;
        }
        for (Map<String, List<String>> rule : spec.exclude()) {
            boolean all = true;
            for (var e : rule.entrySet()) {
                String v = knobs.get(e.getKey());
                if (v == null || e.getValue() == null || !e.getValue().contains(v)) {
                    all = false;
                    break;
                }
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    private static List<List<String>> product(List<Dim> dims) {
        List<List<String>> out = new ArrayList<>();
        out.add(List.of());
        for (Dim d : dims) {
            List<List<String>> next = new ArrayList<>();
            for (List<String> prefix : out) {
                for (String v : d.values()) {
                    List<String> l = new ArrayList<>(prefix);
                    l.add(v);
                    next.add(l);
                }
            }
            out = next;
        }
        return out;
    }
}
