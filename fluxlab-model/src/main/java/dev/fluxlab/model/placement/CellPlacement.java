package dev.fluxlab.model.placement;

import java.util.ArrayList;
import java.util.List;

/**
 * Where every process of one cell runs: its target processes in start order, then its injectors.
 *
 * @param mode      the suite's placement mode
 * @param targets   one placement per target process, named as the process
 * @param injectors one placement per injector process, named by {@link #injectorRole(int, int)}
 */
public record CellPlacement(PlacementMode mode, List<RolePlacement> targets, List<RolePlacement> injectors) {

    public CellPlacement {
        targets = List.copyOf(targets);
        injectors = List.copyOf(injectors);
    }

    /**
     * The role name of injector {@code i} (0-based) of {@code n}: {@code injector} when there is one (its files keep
     * their names), {@code injector-1} ... {@code injector-n} otherwise.
     */
    public static String injectorRole(int i, int n) {
        return n == 1 ? "injector" : "injector-" + (i + 1);
    }

    /** The placement of the target process {@code name}; an unplaced one when the cell has no such process. */
    public RolePlacement target(String name) {
        return targets.stream().filter(r -> r.role().equals(name)).findFirst()
                .orElse(new RolePlacement(name, null, null));
    }

    /** Every role, targets first. */
    public List<RolePlacement> all() {
        List<RolePlacement> out = new ArrayList<>(targets);
        out.addAll(injectors);
        return out;
    }

    /** Whether any role is pinned to CPUs. */
    public boolean pinned() {
        return all().stream().anyMatch(r -> r.cpus() != null);
    }
}
