package dev.fluxlab.model;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Which addresses a fluxlab process may bind or load: loopback always, and the addresses of the suite's own hosts
 * when the runner places roles on other machines. The runner passes those as the system property {@value #PROPERTY}
 * (comma-separated) on the command line of every JVM of such a run; a process started by hand has none, so it stays
 * on loopback. No environment variable is read: one left in a user's shell had lifted {@code fluxlab load}'s loopback
 * guard. One rule for targets' {@code --host} and backend URLs and for the injector (where {@code --allow-remote}
 * still permits anything else).
 */
public final class LabAddresses {

    /** System property with the suite hosts' addresses, e.g. {@code -Dfluxlab.lab.addresses=10.213.71.11,10.213.71.12}. */
    public static final String PROPERTY = "fluxlab.lab.addresses";

    private LabAddresses() {
    }

    /** Whether {@code address} is loopback or one of the suite hosts' addresses in {@value #PROPERTY}. */
    public static boolean permits(InetAddress address) {
        return address.isLoopbackAddress() || suiteHosts(System.getProperty(PROPERTY)).contains(address);
    }

    /** The addresses of a {@value #PROPERTY} value; entries that are not IP addresses are ignored. */
    static Set<InetAddress> suiteHosts(String value) {
        Set<InetAddress> out = new LinkedHashSet<>();
        if (value == null) {
            return out;
        }
        for (String s : value.split(",")) {
            String a = s.strip();
            if (dev.fluxlab.model.suite.SuiteHost.literal(a)) {
                try {
                    out.add(InetAddress.getByName(a));
                } catch (UnknownHostException e) {
                    // not an address
                }
            }
        }
        return out;
    }
}
