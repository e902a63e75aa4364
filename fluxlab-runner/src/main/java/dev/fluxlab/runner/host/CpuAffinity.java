package dev.fluxlab.runner.host;

import dev.fluxlab.model.placement.CpuList;
import dev.fluxlab.model.placement.RolePlacement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * CPU placement of a role's JVM with CPU affinity: {@code taskset -c LIST java ...}. Affinity is set before the JVM
 * starts and inherited by every thread it creates, so the whole JVM stays on those CPUs.
 *
 * <p>Why taskset and not a cpuset cgroup: taskset (util-linux) needs no privileges and no delegated cgroup, so it
 * works the same on the runner's machine and on any SSH host as any user. A cpuset cgroup would also hold against a
 * process that widens its own affinity, which no fluxlab process does.
 *
 * <p>{@code availableProcessors}: HotSpot on Linux counts the CPUs of the process's affinity mask
 * ({@code sched_getaffinity}), so under taskset the JVM already sees the placed CPUs and default event-loop counts
 * follow. Measured on the 2-CPU development machine: Temurin 25.0.3 and OpenJDK 17 report 1 under {@code taskset -c 0}
 * and under {@code taskset -c 1}, 2 under {@code taskset -c 0-1} and without taskset.
 * {@code -XX:ActiveProcessorCount} is therefore added only when the JVM is seen to report another count
 * ({@link #activeProcessorCount}), never by default: it would also override a lower container CPU limit.
 */
public final class CpuAffinity {

    /** The kernel's list of online CPUs. */
    public static final String ONLINE = "/sys/devices/system/cpu/online";

    private CpuAffinity() {
    }

    /** The online CPUs of the runner's machine. */
    public static CpuList localOnline() throws IOException {
        return CpuList.parse(Files.readString(Path.of(ONLINE)));
    }

    /**
     * The CPUs of a remote host that fluxlab's processes there may use: its online CPUs, within the CPU affinity its
     * ssh sessions get ({@code Cpus_allowed_list}; all CPUs on most machines, the host's own list on a namespace host
     * of {@code scripts/lab-hosts.sh up --cpus}).
     */
    public static CpuList remoteOnline(SshHost host) {
        String out = host.run(Duration.ofSeconds(20), "cat " + ONLINE
                + " && sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status")
                .requireOk(host, "read " + ONLINE).stdout();
        String[] lines = out.strip().split("\\s*\n\\s*");
        CpuList online = CpuList.parse(lines[0]);
        return lines.length > 1 && !lines[1].isBlank() ? online.intersection(CpuList.parse(lines[1])) : online;
    }

    /**
     * Refuses a CPU list naming CPUs the host does not have online.
     *
     * @throws IllegalArgumentException naming the role, the host, the missing CPUs and the host's online CPUs
     */
    public static void requireOnline(RolePlacement p, CpuList online) {
        p.offline(online).ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
    }

    /** The command prefix that runs a process on {@code cpus}: {@code taskset -c LIST}; empty for no placement. */
    public static List<String> prefix(CpuList cpus) {
        return cpus == null ? List.of() : List.of("taskset", "-c", cpus.toString());
    }

    /**
     * The JVM option to add when a JVM placed on {@code cpus} reported {@code seenByJvm} available processors: empty
     * when the count already matches (the normal case under taskset, see the class comment).
     */
    public static Optional<String> activeProcessorCount(CpuList cpus, int seenByJvm) {
        return cpus == null || seenByJvm == cpus.size() ? Optional.empty()
                : Optional.of("-XX:ActiveProcessorCount=" + cpus.size());
    }
}
