package dev.fluxlab.model.suite;

import dev.fluxlab.model.Labelled;
import dev.fluxlab.model.inject.Capability;
import dev.fluxlab.model.placement.AutoPlacement;
import dev.fluxlab.model.placement.CellPlacement;
import dev.fluxlab.model.placement.CpuList;
import dev.fluxlab.model.placement.PlacementMode;
import dev.fluxlab.model.placement.RolePlacement;
import dev.fluxlab.model.placement.Shares;
import dev.fluxlab.model.suite.SuiteSpec.LoadSection;
import dev.fluxlab.model.suite.SuiteSpec.TargetSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A suite's placement: the {@code placement} mode, the {@code cpus} of target processes and load profiles, and
 * {@code injectors}. {@link #check(List)} refuses what the file alone shows to be wrong (a list that is no CPU list,
 * an unknown mode, {@code cpus} beside {@code placement: auto}, several injectors of a peer tool or with fewer
 * connections than injectors, a load's host named twice, more injector hosts than injectors, CPU lists that do not
 * match the hosts); {@link #place(Cell, CpuList)} gives a cell's placement on a machine with the given
 * online CPUs, refusing CPUs it does not have and, under {@code exclusive}, roles that share CPUs. Every error names
 * the key's line.
 *
 * <p>A role's {@link RolePlacement#host()} is the suite host its {@code host:} names, null for the runner's machine
 * ({@link SuiteHosts} checks the names).
 */
final class SuitePlacement {

    private final SuiteSource source;
    private final SuiteSpec spec;

    SuitePlacement(SuiteSource source) {
        this.source = source;
        this.spec = source.spec();
    }

    /** The suite's mode, {@link PlacementMode#FREE} when it names none. */
    PlacementMode mode() {
        return spec.placement() == null ? PlacementMode.FREE : PlacementMode.of(spec.placement());
    }

    /** The checks that need only the file and the expanded cells. */
    void check(List<Cell> cells) {
        if (spec.placement() != null && PlacementMode.of(spec.placement()) == null) {
            throw source.error("/placement", Labelled.refusal("placement", spec.placement(),
                    List.of(PlacementMode.values()), "free: roles with 'cpus' are pinned there; exclusive: every role has CPUs of its own; auto: "
                    + "fluxlab splits this machine's CPUs between the roles"));
        }
        spec.targets().forEach((name, t) -> {
            if (t == null) {
                return;
            }
            cpus(Locations.pointer("targets", name, "cpus"), t.cpus());
            if (t.processes() != null) {
                if (t.cpus() != null) {
                    throw source.error(Locations.pointer("targets", name, "cpus"), "target '" + name + "' has several "
                            + "processes: give each process its own 'cpus' instead");
                }
                t.processes().forEach((p, ps) -> {
                    if (ps != null) {
                        cpus(Locations.pointer("targets", name, "processes", p, "cpus"), ps.cpus());
                    }
                });
            }
        });
        List<LoadSection> loads = spec.load() == null ? List.of() : spec.load();
        for (int i = 0; i < loads.size(); i++) {
            LoadSection l = loads.get(i);
            String at = loadPointer(i);
            List<String> lists = l.cpus() == null ? List.of() : l.cpus();
            for (int j = 0; j < lists.size(); j++) {
                cpus(lists.size() == 1 ? at + "/cpus" : at + "/cpus/" + j, lists.get(j) == null ? "" : lists.get(j));
            }
            injectorHosts(at, l);
        }
        for (Cell cell : cells) {
            int n = cell.load().injectors();
            String at = loadPointer(cell) + "/injectors";
            if (n > 1 && !cell.load().traits().can(Capability.SEVERAL_INJECTORS)) {
                throw source.error(at, "cell " + cell.id() + ": several injectors are fluxlab's own only (their "
                        + "histograms are merged exactly); " + cell.load().injectorName() + " reports no histogram to "
                        + "merge: use 'injectors: 1' for it, or leave such cells out with an 'exclude' rule");
            }
            int hosts = cell.load().hosts().size();
            if (hosts > n) {
                throw source.error(loadPointer(cell) + "/host", "cell " + cell.id() + ": " + n + " injector"
                        + (n == 1 ? "" : "s") + " cannot be spread over " + hosts + " hosts (at least one each): "
                        + "raise 'injectors' to " + hosts + " or more, or name fewer hosts");
            }
            if (n > cell.load().connections()) {
                throw source.error(at, "cell " + cell.id() + ": " + n + " injectors need at least " + n
                        + " connections (one each), it has " + cell.load().connections()
                        + ": raise connections or use fewer injectors");
            }
        }
        if (mode() == PlacementMode.AUTO) {
            String explicit = explicitCpus();
            if (explicit != null) {
                throw source.error(explicit, "'placement: auto' chooses every role's CPUs itself: remove this 'cpus', "
                        + "or write 'placement: free' (or exclusive) to give the CPUs yourself");
            }
        }
    }

    /**
     * The placement of {@code cell} on a machine whose online CPUs are {@code online}.
     *
     * @throws SuiteException at the offending key: a CPU the machine does not have, roles sharing CPUs (or without
     *                        CPUs) under {@code exclusive}, more roles than CPUs under {@code auto}
     */
    CellPlacement place(Cell cell, CpuList online) {
        return place(cell, host -> host == null ? online : null);
    }

    /**
     * The placement of {@code cell} when each host's online CPUs are {@code onlineOf(host)} (host null: the runner's
     * machine); a host whose CPUs are not known yet (null) is not checked.
     */
    CellPlacement place(Cell cell, Function<String, CpuList> onlineOf) {
        CpuList online = onlineOf.apply(null);
        int n = cell.load().injectors();
        List<String> names = cell.processes().stream().map(Cell.CellProcess::name).toList();
        if (mode() == PlacementMode.AUTO) {
            try {
                return AutoPlacement.place(names, n, online);
            } catch (IllegalArgumentException e) {
                throw source.error("/placement", "cell " + cell.id() + ": " + e.getMessage());
            }
        }
        List<RolePlacement> targets = new ArrayList<>();
        for (Cell.CellProcess p : cell.processes()) {
            targets.add(new RolePlacement(p.name(), p.host(), p.cpus() == null ? null : CpuList.parse(p.cpus())));
        }
        List<RolePlacement> injectors = injectors(cell.load());
        CellPlacement placement = new CellPlacement(mode(), targets, injectors);
        for (RolePlacement r : placement.all()) {
            CpuList there = onlineOf.apply(r.host());
            Optional<String> problem = there == null ? Optional.empty() : r.offline(there);
            if (problem.isPresent()) {
                throw source.error(pointer(cell, r), problem.get());
            }
        }
        if (mode() == PlacementMode.EXCLUSIVE) {
            List<RolePlacement> all = placement.all();
            for (int i = 0; i < all.size(); i++) {
                for (int j = i + 1; j < all.size(); j++) {
                    List<String> problems = RolePlacement.overlaps(List.of(all.get(i), all.get(j)));
                    if (!problems.isEmpty()) {
                        RolePlacement at = all.get(j).cpus() == null ? all.get(j) : all.get(i).cpus() == null
                                ? all.get(i) : all.get(j);
                        throw source.error(at.cpus() == null ? "/placement" : pointer(cell, at), "cell " + cell.id()
                                + ", 'placement: exclusive': " + problems.getFirst());
                    }
                }
            }
        }
        return placement;
    }

    /**
     * The injectors of a load: spread over its hosts in blocks ({@link Shares}: the first hosts one more when the
     * count does not divide), injector 1 first; on each host, that host's CPU list split between its injectors when
     * it has a CPU for each, else shared.
     */
    private static List<RolePlacement> injectors(Cell.CellLoad load) {
        int n = load.injectors();
        List<String> hosts = load.hosts().isEmpty() ? java.util.Collections.singletonList(null) : load.hosts();
        List<Integer> perHost = Shares.of(n, hosts.size());
        List<RolePlacement> out = new ArrayList<>();
        for (int h = 0; h < hosts.size(); h++) {
            int k = perHost.get(h);
            CpuList cpus = load.cpus().isEmpty() ? null
                    : CpuList.parse(load.cpus().size() == 1 ? load.cpus().getFirst() : load.cpus().get(h));
            List<CpuList> parts = cpus != null && k > 1 && cpus.size() >= k ? cpus.split(k) : null;
            for (int j = 0; j < k; j++) {
                out.add(new RolePlacement(CellPlacement.injectorRole(out.size(), n), hosts.get(h),
                        parts != null ? parts.get(j) : cpus));
            }
        }
        return out;
    }

    /**
     * A load profile's {@code host} list names each host once, and its {@code cpus} give one list for every host or
     * one per host.
     */
    private void injectorHosts(String at, LoadSection l) {
        List<String> hosts = l.host() == null ? List.of() : l.host();
        for (int j = 0; j < hosts.size(); j++) {
            if (hosts.get(j) == null || hosts.get(j).isBlank()) {
                throw source.error(at + "/host", "'host' entries must be host names declared under 'hosts:'");
            }
            if (hosts.indexOf(hosts.get(j)) != j) {
                throw source.error(at + "/host/" + j, "host '" + hosts.get(j) + "' is named twice in 'host': name "
                        + "each injector host once ('injectors' says how many injectors share them)");
            }
        }
        int lists = l.cpus() == null ? 0 : l.cpus().size();
        if (lists > 1 && lists != hosts.size()) {
            throw source.error(at + "/cpus", "'cpus' gives " + lists + " CPU lists for " + hosts.size() + " injector "
                    + "host" + (hosts.size() == 1 ? "" : "s") + ": give one list for every host, or one per host in "
                    + "'host' order");
        }
    }

    /**
     * One line for the run's environment: {@code none} when no cell pins a process, else the mode and every distinct
     * placement of the cells' processes, e.g. {@code free: reactor-netty=0 injector=1}.
     */
    String summary(List<Cell> cells, CpuList online) {
        java.util.Set<String> distinct = new java.util.LinkedHashSet<>();
        for (Cell cell : cells) {
            CellPlacement p = place(cell, online);
            if (p.pinned()) {
                distinct.add(String.join(" ", p.all().stream()
                        .map(r -> r.role() + "=" + (r.cpus() == null ? "any" : r.cpus())).toList()));
            }
        }
        return distinct.isEmpty() ? "none" : mode().label() + ": " + String.join("; ", distinct);
    }

    private void cpus(String at, String text) {
        if (text == null) {
            return;
        }
        try {
            CpuList list = CpuList.parse(text);
            if (list.isEmpty()) {
                throw new IllegalArgumentException("'" + text + "' names no CPU");
            }
        } catch (IllegalArgumentException e) {
            throw source.error(at, "'cpus': " + e.getMessage());
        }
    }

    /** The first {@code cpus} key written in the suite, or null. */
    private String explicitCpus() {
        for (var e : spec.targets().entrySet()) {
            TargetSpec t = e.getValue();
            if (t == null) {
                continue;
            }
            if (t.cpus() != null) {
                return Locations.pointer("targets", e.getKey(), "cpus");
            }
            if (t.processes() != null) {
                for (var p : t.processes().entrySet()) {
                    if (p.getValue() != null && p.getValue().cpus() != null) {
                        return Locations.pointer("targets", e.getKey(), "processes", p.getKey(), "cpus");
                    }
                }
            }
        }
        List<LoadSection> loads = spec.load() == null ? List.of() : spec.load();
        for (int i = 0; i < loads.size(); i++) {
            if (loads.get(i).cpus() != null && !loads.get(i).cpus().isEmpty()) {
                return loadPointer(i) + "/cpus";
            }
        }
        return null;
    }

    /** Where role {@code r} of {@code cell} got its CPU list. */
    private String pointer(Cell cell, RolePlacement r) {
        for (Cell.CellProcess p : cell.processes()) {
            if (p.name().equals(r.role())) {
                return cell.processes().size() == 1 && spec.targets().get(cell.target()).processes() == null
                        ? Locations.pointer("targets", cell.target(), "cpus")
                        : Locations.pointer("targets", cell.target(), "processes", p.name(), "cpus");
            }
        }
        List<String> lists = cell.load().cpus();
        return loadPointer(cell) + "/cpus" + (lists.size() > 1 ? "/" + cell.load().hosts().indexOf(r.host()) : "");
    }

    /** The load profile a cell came from (the first whose CPU list and injectors match). */
    private String loadPointer(Cell cell) {
        List<LoadSection> loads = spec.load() == null ? List.of() : spec.load();
        for (int i = 0; i < loads.size(); i++) {
            LoadSection l = loads.get(i);
            if (Objects.equals(orEmpty(l.cpus()), cell.load().cpus()) && Objects.equals(orEmpty(l.host()),
                    cell.load().hosts()) && (l.injectors() == null
                    ? cell.load().injectors() == 1 : l.injectors().contains(cell.load().injectors()))) {
                return loadPointer(i);
            }
        }
        return "/load";
    }

    private static List<String> orEmpty(List<String> list) {
        return list == null ? List.of() : list;
    }

    private String loadPointer(int i) {
        return source.loadPointer(i);
    }
}
