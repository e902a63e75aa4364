package dev.fluxlab.model.placement;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where one role (a target process or an injector) runs: a host and its CPU list there.
 *
 * @param role the process name ({@code backend}, {@code injector}, {@code injector-2})
 * @param host the host as the suite names it, or null for the runner's own machine ({@link #LOCAL} in records)
 * @param cpus the CPUs the role's JVM is pinned to, or null for "any CPU of that host"
 */
public record RolePlacement(String role, String host, CpuList cpus) {

    /** How the runner's own machine is named in records and messages. */
    public static final String LOCAL = "local";

    /** The host's name for records and messages: {@link #LOCAL} for the runner's machine. */
    public String hostName() {
        return host == null ? LOCAL : host;
    }

    /** Whether both roles run on the same host. */
    public boolean sameHost(RolePlacement other) {
        return Objects.equals(hostName(), other.hostName());
    }

    /** Why this role's CPU list does not fit a host whose online CPUs are {@code online}; empty when it does. */
    public Optional<String> offline(CpuList online) {
        if (cpus == null || online.containsAll(cpus)) {
            return Optional.empty();
        }
        return Optional.of("role '" + role + "' on host '" + hostName() + "': CPU " + online.missing(cpus)
                + " does not exist there (online: " + online + "); use CPUs of " + online);
    }

    /**
     * For exclusive placement: every pair of roles on the same host that share a CPU, and every role without a CPU
     * list on a host where others have one (it could run on any of their CPUs). Empty when the placement is exclusive.
     */
    public static List<String> overlaps(List<RolePlacement> placements) {
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < placements.size(); i++) {
            RolePlacement a = placements.get(i);
            for (int j = i + 1; j < placements.size(); j++) {
                RolePlacement b = placements.get(j);
                if (!a.sameHost(b)) {
                    continue;
                }
                if (a.cpus() == null || b.cpus() == null) {
                    RolePlacement open = a.cpus() == null ? a : b;
                    RolePlacement other = open == a ? b : a;
                    problems.add("roles '" + a.role() + "' and '" + b.role() + "' on host '" + a.hostName() + "': '"
                            + open.role() + "' has no CPU list, so it may run on the CPUs of '" + other.role()
                            + "'; give every role on that host its own CPUs");
                } else if (!a.cpus().intersection(b.cpus()).isEmpty()) {
                    problems.add("roles '" + a.role() + "' and '" + b.role() + "' on host '" + a.hostName()
                            + "' share CPU " + a.cpus().intersection(b.cpus()) + " (" + a.cpus() + " and " + b.cpus()
                            + "); exclusive placement needs disjoint CPU lists");
                }
            }
        }
        return problems;
    }
}
