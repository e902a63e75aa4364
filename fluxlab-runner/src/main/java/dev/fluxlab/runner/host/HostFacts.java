package dev.fluxlab.runner.host;

import dev.fluxlab.model.placement.CpuList;

/**
 * What {@link HostCheck} found on a host before any cell: the {@code java} it will run and its version, the host's
 * online CPUs and its clock offset. Recorded with the run so a reader knows what each remote process ran on.
 */
public record HostFacts(String host, String javaCommand, int javaFeature, String javaVersionLine, CpuList onlineCpus,
                        ClockOffset clock) {

    /** The same facts with the clock offset measured better (over the agent's session). */
    public HostFacts withClock(ClockOffset better) {
        return new HostFacts(host, javaCommand, javaFeature, javaVersionLine, onlineCpus, better);
    }
}
