package dev.fluxlab.model.placement;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code placement: auto}: splits a machine's online CPUs between a cell's roles, each role on CPUs of its own.
 *
 * <p>The rule: with {@code C} online CPUs, {@code P} target processes and {@code N} injectors, the injectors together
 * get {@code max(N, C / (P + 1))} CPUs (at most {@code C - P}), the highest-numbered ones, split between them as
 * connections are; the targets share the rest from CPU 0 up, in start order, the first ones one more when it does
 * not divide. The injector is weighted like one more target process because it costs about as much CPU per request
 * as one (docs/injector.md: on loopback most of either side's CPU is the kernel's TCP work). Every role needs at least
 * one CPU, so a cell with more roles than CPUs is refused. The rule knows nothing of hyper-thread siblings or NUMA
 * nodes; give such machines explicit lists (docs/hosts.md).
 */
public final class AutoPlacement {

    private AutoPlacement() {
    }

    /**
     * @throws IllegalArgumentException when the machine has fewer online CPUs than the cell has roles
     */
    public static CellPlacement place(List<String> targets, int injectors, CpuList online) {
        int c = online.size();
        int p = targets.size();
        if (c < p + injectors) {
            throw new IllegalArgumentException("'placement: auto' gives every role CPUs of its own, but this cell has "
                    + p + " target process" + (p == 1 ? "" : "es") + " and " + injectors + " injector"
                    + (injectors == 1 ? "" : "s") + " for " + c + " online CPUs (" + online + "); use fewer injectors, "
                    + "or give the roles 'cpus' with 'placement: free'");
        }
        int forInjectors = Math.min(Math.max(injectors, c / (p + 1)), c - p);
        CpuList injectorCpus = online.highest(forInjectors);
        List<CpuList> targetParts = online.minus(injectorCpus).split(p);
        List<CpuList> injectorParts = injectorCpus.split(injectors);
        List<RolePlacement> t = new ArrayList<>();
        for (int i = 0; i < p; i++) {
            t.add(new RolePlacement(targets.get(i), null, targetParts.get(i)));
        }
        List<RolePlacement> inj = new ArrayList<>();
        for (int i = 0; i < injectors; i++) {
            inj.add(new RolePlacement(CellPlacement.injectorRole(i, injectors), null, injectorParts.get(i)));
        }
        return new CellPlacement(PlacementMode.AUTO, t, inj);
    }
}
