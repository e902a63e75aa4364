package dev.fluxlab.model.run;

import java.util.Map;

/**
 * Where a run happened: enough to tell two results folders apart and to reproduce one (the fingerprint {@code compare}
 * holds two runs against). The fields after {@code versions} were added in fluxlab.run/1 and may be null in older
 * documents.
 *
 * @param cpuModel      {@code model name} from /proc/cpuinfo
 * @param governor      the CPU frequency governor of cpu0 where readable (null on VMs that expose none)
 * @param fluxlabCommit the git commit fluxlab was built from
 * @param treeDirty     whether that tree had uncommitted changes
 * @param loadAverage1m the machine's 1-minute load average just before the run
 * @param speedBefore   the reference workload's speed just before the run
 * @param placement     the suite's CPU placement: {@code none} when no process was pinned, else its mode and each
 *                      distinct placement of the cells' processes ({@code free: reactor-netty=0 injector=1})
 */
public record Environment(
        String host,
        String os,
        String kernel,
        String arch,
        int cpus,
        double memoryGb,
        String jdk,
        String jdkVendor,
        String javaHome,
        String fluxlabVersion,
        Map<String, String> versions,
        String cpuModel,
        String governor,
        String fluxlabCommit,
        Boolean treeDirty,
        Double loadAverage1m,
        MachineSpeed speedBefore,
        String placement) {

    /**
     * The {@code versions} entry present when the run's local injectors started from the JDK AOT cache (it moves how
     * much they compile while measured): written by the runner, compared by {@code compare}.
     */
    public static final String INJECTOR_AOT_CACHE = "injector-aot-cache";

    /** An environment without a placement record. */
    public Environment(String host, String os, String kernel, String arch, int cpus, double memoryGb, String jdk,
                       String jdkVendor, String javaHome, String fluxlabVersion, Map<String, String> versions,
                       String cpuModel, String governor, String fluxlabCommit, Boolean treeDirty, Double loadAverage1m,
                       MachineSpeed speedBefore) {
        this(host, os, kernel, arch, cpus, memoryGb, jdk, jdkVendor, javaHome, fluxlabVersion, versions, cpuModel,
                governor, fluxlabCommit, treeDirty, loadAverage1m, speedBefore, null);
    }

    /** This environment with the run's placement ({@code none}, or the suite's mode and its processes' CPUs). */
    public Environment withPlacement(String text) {
        return new Environment(host, os, kernel, arch, cpus, memoryGb, jdk, jdkVendor, javaHome, fluxlabVersion,
                versions, cpuModel, governor, fluxlabCommit, treeDirty, loadAverage1m, speedBefore, text);
    }
}
