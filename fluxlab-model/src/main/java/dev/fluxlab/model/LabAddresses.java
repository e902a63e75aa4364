package dev.fluxlab.model;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which addresses a fluxlab process may bind or load: loopback always, and the addresses of the suite's own hosts
 * when the runner places roles on other machines. The runner passes those as the system property {@value #PROPERTY}
 * (comma-separated) on the command line of every JVM of such a run; a process started by hand has none, so it stays
 * on loopback. No environment variable is read: one left in a user's shell had lifted {@code fluxlab load}'s loopback
 * guard. One rule for targets' {@code --host} and backend URLs and for the injector (where {@code --allow-remote}
 * still permits anything else).
 * What counts as an address is this class's too: an IP literal, never a name ({@link #literal}), and for a suite
 * host's own address one machine ({@link #unicast}).
 */
public final class LabAddresses {

    /** System property with the suite hosts' addresses, e.g. {@code -Dfluxlab.lab.addresses=10.213.71.11,10.213.71.12}. */
    public static final String PROPERTY = "fluxlab.lab.addresses";

    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3}\\.){3}\\d{1,3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9a-fA-F:]*:[0-9a-fA-F:.]*");

    private LabAddresses() {
    }

    /** Whether {@code address} is loopback or one of the suite hosts' addresses in {@value #PROPERTY}. */
    public static boolean permits(InetAddress address) {
        return permits(address, suiteHosts(System.getProperty(PROPERTY)));
    }

    /**
     * Whether {@code host}, as a URL gives it (an IPv6 literal may stand in brackets), is {@code localhost}, a loopback
     * literal, or the address of one of {@code suiteHosts} (IP literals; other entries are ignored): the rule of
     * {@link #permits(InetAddress)} for a caller that holds the suite's hosts itself, decided on literals only, so no
     * name is looked up.
     */
    public static boolean permits(String host, Collection<String> suiteHosts) {
        String h = host == null ? "" : host.replaceAll("^\\[|]$", "");
        return h.equals("localhost") || address(h).map(a -> permits(a, addresses(suiteHosts))).orElse(false);
    }

    private static boolean permits(InetAddress address, Set<InetAddress> suiteHosts) {
        return address.isLoopbackAddress() || suiteHosts.contains(address);
    }

    /** The addresses of a {@value #PROPERTY} value; entries that are not IP addresses are ignored. */
    static Set<InetAddress> suiteHosts(String value) {
        return value == null ? Set.of() : addresses(Arrays.stream(value.split(",")).map(String::strip).toList());
    }

    /** The addresses among {@code literals}; entries that are not IP literals are ignored. */
    private static Set<InetAddress> addresses(Collection<String> literals) {
        Set<InetAddress> out = new LinkedHashSet<>();
        literals.forEach(a -> address(a).ifPresent(out::add));
        return out;
    }

    /** {@code a} as an address when it is an IP literal (parsed, never looked up); empty otherwise. */
    public static Optional<InetAddress> address(String a) {
        if (!literal(a)) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(a));
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
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
            InetAddress ip = InetAddress.getByName(a);
            return !ip.isAnyLocalAddress() && !ip.isMulticastAddress() && !a.equals("255.255.255.255");
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** Whether {@code a} is an IPv4 or IPv6 literal (no name: the lab's address rule must not depend on DNS). */
    public static boolean literal(String a) {
        return a != null && (IPV4.matcher(a).matches() || IPV6.matcher(a).matches());
    }
}
