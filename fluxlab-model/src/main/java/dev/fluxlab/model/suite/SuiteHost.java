package dev.fluxlab.model.suite;

import dev.fluxlab.model.LabAddresses;

/**
 * One entry of a suite's {@code hosts:}: a machine reached over SSH that roles can be placed on ({@code host:}).
 *
 * @param ssh       the ssh destination: {@code user@address}, {@code address} or a {@code Host} alias of the ssh
 *                  configuration
 * @param address   the address the host's targets bind and the other roles reach it at (IPv4 or IPv6 literal);
 *                  optional when {@code ssh} is itself an address
 * @param jdk       the home of a JDK 21+ there, or null for {@code java} on the remote PATH
 * @param workDir   where fluxlab's jars and this run's files go there (default {@code .fluxlab}, relative to the
 *                  login directory)
 * @param sshConfig an ssh configuration file to use instead of {@code ~/.ssh/config} ({@code ssh -F}), or null
 */
public record SuiteHost(String ssh, String address, String jdk, String workDir, String sshConfig) {

    /** The address: {@code address}, else the address part of {@code ssh} when it is an IP literal, else null. */
    public String bindAddress() {
        if (address != null) {
            return address;
        }
        String a = ssh == null ? "" : ssh.substring(ssh.indexOf('@') + 1).replaceAll("^\\[|]$", "");
        return LabAddresses.literal(a) ? a : null;
    }
}
