package dev.fluxlab.loadgen;

import dev.fluxlab.model.LabAddresses;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Refuses targets outside this machine before any connection is attempted: fluxlab is a lab tool and must
 * never become a load generator against someone else's server by accident.
 */
public final class TargetGuard {

    private TargetGuard() {
    }

    /**
     * Resolves {@code host} and returns the address to connect to.
     *
     * @throws IllegalArgumentException when the host does not resolve, or resolves to a non-loopback address
     *                                  and {@code allowRemote} is false
     */
    public static InetAddress resolve(String host, boolean allowRemote) {
        InetAddress[] all;
        try {
            all = InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("cannot resolve host '" + host
                    + "': check the name (the lab's targets listen on 127.0.0.1, ::1 or localhost)");
        }
        for (InetAddress a : all) {
            if (LabAddresses.permits(a)) {
                return a;
            }
        }
        if (!allowRemote) {
            throw new IllegalArgumentException("refusing to load non-loopback target '" + host + "' ("
                    + all[0].getHostAddress() + "): fluxlab only loads 127.0.0.0/8, ::1 and the addresses of the suite's hosts unless --allow-remote is given");
        }
        return all[0];
    }
}
