package dev.fluxlab.model.run;

/**
 * The whole machine's CPU during a repeat's measured window ({@code /proc/stat}), so a figure can be read against
 * what else was running: on a small shared machine a lower throughput may mean the injector drove less load, or
 * only that other jobs took the cores.
 *
 * @param cores       CPUs the kernel schedules on
 * @param busyCores   average cores busy (user, nice, system, irq, softirq, steal), every process on the machine
 * @param idleCores   average cores idle (idle + iowait): CPU the run could have used and did not
 * @param othersCores busy cores not accounted for by the processes of this repeat (other jobs, the runner itself)
 * @param stealCores  average cores the hypervisor gave to other guests (the {@code steal} column, inside
 *                    {@code busyCores}); null when /proc/stat has no steal column or was unreadable (added in
 *                    fluxlab.run/1)
 */
public record MachineCpu(int cores, double busyCores, double idleCores, double othersCores, Double stealCores) {
}
