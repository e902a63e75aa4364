package dev.fluxlab.model.suite;

import dev.fluxlab.model.LabAddresses;
import dev.fluxlab.model.Refusal;
import dev.fluxlab.model.placement.PlacementMode;
import dev.fluxlab.model.suite.SuiteSpec.LoadSection;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A suite's {@code hosts:} and the {@code host:} keys that place roles on them, checked from the file alone: each
 * entry has an ssh destination, an address that is an IP literal, an ssh configuration file that exists; every
 * {@code host:} names an entry, and every entry is named by some {@code host:} (a host no role runs on is checked by
 * no one and would be a role left off silently). Every error names the key's line. Whether a host answers, has Java
 * 21+ and the CPUs asked for is the runner's check before any cell.
 */
final class SuiteHosts {

    /** The ssh config that {@code scripts/lab-hosts.sh} writes (in its default folder), as suites name it. */
    static final String LAB_SSH_CONFIG = "fluxlab-lab/ssh_config";


    private final SuiteSource source;
    private final Map<String, SuiteHost> hosts;

    SuiteHosts(SuiteSource source) {
        this.source = source;
        Map<String, SuiteHost> h = source.spec().hosts();
        this.hosts = h == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(h));
    }

    Map<String, SuiteHost> hosts() {
        return hosts;
    }

    /** Whether {@code path} names a regular file; false for text that is no path at all (a NUL character). */
    private static boolean isFile(String path) {
        try {
            return Files.isRegularFile(Path.of(path));
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    /**
     * What is wrong with {@code path} as an ssh config file that is not a regular file: an empty path read as the
     * working folder ('ssh config file  is a folder'), and a device such as /dev/null was said not to exist.
     */
    private static String notAFile(String path) {
        if (path.isEmpty()) {
            return "is empty";
        }
        try {
            Path p = Path.of(path);
            return Files.isDirectory(p) ? "is a folder" : Files.exists(p)
                    ? "is not a regular file (a device, a pipe or a socket)" : "does not exist";
        } catch (java.nio.file.InvalidPathException e) {
            return "does not exist";
        }
    }

    /**
     * Whether {@code c} in a host's {@code work_dir} would break a command line fluxlab runs there: it starts every entry of a
     * classpath ({@code :}), of lists ({@code ,}), and goes into the remote shell's quoted words.
     */
    private static boolean breaksCommandLine(int c) {
        return "\":,\\$`".indexOf(c) >= 0 || Character.isISOControl(c);
    }

    /** Whether literal {@code a} is a loopback address (127.0.0.0/8, ::1); false for a name or no address. */
    private static boolean loopback(String a) {
        if (!LabAddresses.literal(a)) {
            return false;
        }
        try {
            return java.net.InetAddress.getByName(a).isLoopbackAddress(); // a literal: parsed, never looked up
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    void check(PlacementMode mode) {
        hosts.forEach((name, h) -> {
            String at = Locations.pointer("hosts", name);
            if (h == null || h.ssh() == null || h.ssh().isBlank()) {
                throw source.error(at, "host '" + name + "' needs 'ssh': user@address or a Host alias of your ssh "
                        + "config, e.g. 'ssh: perf@10.1.0.12'");
            }
            if (h.ssh().startsWith("-") || h.ssh().chars().anyMatch(Character::isWhitespace)) {
                throw source.error(at + "/ssh", "host '" + name + "': '" + h.ssh() + "' is not an ssh destination; "
                        + "give user@address, an address or a Host alias (no spaces, not starting with '-')");
            }
            if (h.address() != null && !LabAddresses.literal(h.address())) {
                throw source.error(at + "/address", "host '" + name + "': address '" + h.address() + "' is not an "
                        + "IP address; give the address its targets bind, e.g. 10.1.0.12");
            }
            if (h.bindAddress() == null) {
                throw source.error(at, "host '" + name + "': '" + h.ssh() + "' is not an address, so give the "
                        + "address its targets bind and the others reach it at: 'address: 10.1.0.12'");
            }
            if (!LabAddresses.unicast(h.bindAddress())) {
                throw source.error(h.address() != null ? at + "/address" : at, "host '" + name + "': "
                        + h.bindAddress() + " is not the address of one machine (an octet above 255, any-address, "
                        + "broadcast or multicast): give the address its targets bind, e.g. 10.1.0.12");
            }
            String destination = h.ssh().substring(h.ssh().indexOf('@') + 1).replaceAll("^\\[|]$", "");
            if (loopback(h.bindAddress()) && !loopback(destination) && !destination.equals("localhost")) {
                // the runner loads and probes this address itself: a loopback one is this machine, not the host
                throw source.error(h.address() != null ? at + "/address" : at, "host '" + name + "': address "
                        + h.bindAddress() + " is loopback, which from this machine reaches this machine, not '"
                        + h.ssh() + "': the load and the readiness checks would go to whatever listens here; give "
                        + "the host's own address, e.g. 10.1.0.12");
            }
            String[][] paths = {{"jdk", h.jdk()}, {"work_dir", h.workDir()}, {"ssh_config", h.sshConfig()}};
            for (String[] path : paths) {
                if (Refusal.hasNul(path[1])) {
                    throw source.error(at + "/" + path[0],
                            Refusal.nulInPath("'" + path[0] + "' of host '" + name + "'"));
                }
            }
            if (h.workDir() != null && (h.workDir().isBlank() || h.workDir().chars().anyMatch(SuiteHosts::breaksCommandLine))) {
                throw source.error(at + "/work_dir", "host '" + name + "': work_dir '" + h.workDir() + "' "
                        + (h.workDir().isBlank() ? "is empty" : "has a character the remote command line cannot carry"
                        + " (\" : , \\ $ ` or a control character)") + "; give a plain path such as .fluxlab or "
                        + "/srv/fluxlab");
            }
            if (h.sshConfig() != null && (h.sshConfig().isEmpty() || !isFile(h.sshConfig()))) {
                throw source.error(at + "/ssh_config", "host '" + name + "': ssh config file " + (h.sshConfig()
                        .isEmpty() ? "" : h.sshConfig() + " ") + notAFile(h.sshConfig())
                        + "; give an existing file or leave 'ssh_config' out (~/.ssh/config is used)"
                        + (h.sshConfig().endsWith(LAB_SSH_CONFIG) ? "; the namespace test hosts write this one: "
                        + "sudo scripts/lab-hosts.sh up 3 --cpus \"0;1;0\" (docs/hosts.md)" : ""));
            }
        });
        SuiteSpec spec = source.spec();
        spec.targets().forEach((t, ts) -> {
            if (ts == null) {
                return;
            }
            known(Locations.pointer("targets", t, "host"), ts.host());
            if (ts.processes() != null) {
                if (ts.host() != null) {
                    throw source.error(Locations.pointer("targets", t, "host"), "target '" + t + "' has several "
                            + "processes: give each process its own 'host' instead");
                }
                ts.processes().forEach((p, ps) -> {
                    if (ps != null) {
                        known(Locations.pointer("targets", t, "processes", p, "host"), ps.host());
                    }
                });
            }
        });
        List<LoadSection> loads = spec.load() == null ? List.of() : spec.load();
        for (int i = 0; i < loads.size(); i++) {
            List<String> names = loads.get(i).host() == null ? List.of() : loads.get(i).host();
            for (int j = 0; j < names.size(); j++) {
                known(source.loadPointer(i) + "/host" + (names.size() == 1 ? "" : "/" + j), names.get(j));
            }
        }
        if (mode == PlacementMode.AUTO && !hosts.isEmpty()) {
            throw source.error("/placement", "'placement: auto' splits this machine's CPUs; with 'hosts' give each "
                    + "role its 'cpus' on its host (placement: free or exclusive)");
        }
        java.util.Set<String> used = usedHosts(spec);
        for (String name : hosts.keySet()) {
            if (!used.contains(name)) {
                // no cell would place anything there, so no cell checks it: the entry is a role left off by mistake
                throw source.error(Locations.pointer("hosts", name), "host '" + name + "' is declared under 'hosts:' "
                        + "but no role runs on it; place one there with 'host: " + name + "' (a target's, a chain "
                        + "process's or the load's, for its injectors), or remove the entry");
            }
        }
    }

    /** The hosts some {@code host:} of {@code spec} names: a target's, a chain process's, a load profile's. */
    private static java.util.Set<String> usedHosts(SuiteSpec spec) {
        java.util.Set<String> used = new java.util.HashSet<>();
        spec.targets().values().forEach(ts -> {
            if (ts != null) {
                used.add(ts.host());
                if (ts.processes() != null) {
                    ts.processes().values().forEach(ps -> used.add(ps == null ? null : ps.host()));
                }
            }
        });
        if (spec.load() != null) {
            spec.load().forEach(l -> {
                if (l != null && l.host() != null) {
                    used.addAll(l.host());
                }
            });
        }
        return used;
    }

    private void known(String at, String host) {
        if (host != null && !hosts.containsKey(host)) {
            throw source.error(at, "host '" + host + "' is not declared under 'hosts:'" + (hosts.isEmpty()
                    ? "; add it there (ssh destination and address), or remove 'host' to run on this machine"
                    : " (declared: " + String.join(", ", hosts.keySet()) + ")"));
        }
    }
}
