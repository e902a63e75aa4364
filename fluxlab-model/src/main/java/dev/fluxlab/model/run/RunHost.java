package dev.fluxlab.model.run;

/**
 * One suite host of a run, as results.json records it (docs/hosts.md): how it was reached, what it ran on, its clock
 * against the runner's, what was shipped there, and what observing it cost.
 *
 * @param name               the host as the suite names it
 * @param ssh                the ssh destination
 * @param address            the address its targets bound and the others reached it at
 * @param java               the {@code java -version} line of the JDK that ran fluxlab there
 * @param onlineCpus         its online CPUs that its ssh sessions may use (their CPU affinity), in kernel list syntax
 * @param clockOffsetUs      its clock minus the runner's, in microseconds, measured before the first cell
 * @param clockUncertaintyUs the offset's bound (half the best probe's round trip), in microseconds
 * @param shippedFiles       files copied there for this run (0: everything was up to date)
 * @param upToDateFiles      files already there with the same content hash
 * @param agentCpuCores      the observation agent's own CPU there, in cores (CPU seconds per second) over the run;
 *                           null when it reported fewer than two rounds
 */
public record RunHost(String name, String ssh, String address, String java, String onlineCpus, long clockOffsetUs,
                      long clockUncertaintyUs, int shippedFiles, int upToDateFiles, Double agentCpuCores) {
}
