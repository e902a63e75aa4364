package dev.fluxlab.model.suite;

import java.util.regex.Pattern;

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

    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3}\\.){3}\\d{1,3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9a-fA-F:]*:[0-9a-fA-F:.]*");

    /** The address: {@code address}, else the address part of {@code ssh} when it is an IP literal, else null. */
    public String bindAddress() {
        if (address != null) {
            return address;
        }
        String a = ssh == null ? "" : ssh.substring(ssh.indexOf('@') + 1).replaceAll("^\\[|]$", "");
        return literal(a) ? a : null;
    }

    /**
     * Whether literal {@code a} names one machine: each IPv4 octet at most 255, and not the any-address
     * ({@code 0.0.0.0}, {@code ::}), the broadcast address or a multicast group, which no target binds as its own.
     */
    public static boolean unicast(String a) {
        if (!literal(a)) {
            return false;
        }
        if (IPV4.matcher(a).matches()) {
            for (String octet : a.split("\\.")) {
                if (Integer.parseInt(octet) > 255) {
                    return false;
                }
            }
        }
        try {
            // a literal (checked above) is parsed, never looked up
            java.net.InetAddress ip = java.net.InetAddress.getByName(a);
            return !ip.isAnyLocalAddress() && !ip.isMulticastAddress() && !a.equals("255.255.255.255");
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    /** Whether {@code a} is an IPv4 or IPv6 literal (no name: the lab's address rule must not depend on DNS). */
    public static boolean literal(String a) {
        return a != null && (IPV4.matcher(a).matches() || IPV6.matcher(a).matches());
    }
}
