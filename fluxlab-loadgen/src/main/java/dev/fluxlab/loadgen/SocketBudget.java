package dev.fluxlab.loadgen;

import com.sun.management.UnixOperatingSystemMXBean;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/**
 * Whether this process may open the sockets a run asks for: each connection is a file descriptor, and a run past the
 * process's limit ({@code ulimit -n}) would fail mid-connect ("Unable to create Channel", seconds in) instead of
 * saying so before the first connection.
 */
final class SocketBudget {

    /** Descriptors kept free for the JVM itself, the event loops' epoll and wake-up descriptors, and output files. */
    static final long HEADROOM = 64;

    private SocketBudget() {
    }

    /**
     * Refuses {@code connections} that cannot all be open at once here.
     *
     * @throws IllegalArgumentException naming the limit and the fix
     */
    static void check(int connections) {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof UnixOperatingSystemMXBean unix) {
            check(connections, unix.getMaxFileDescriptorCount(), unix.getOpenFileDescriptorCount());
        }
    }

    static void check(int connections, long max, long open) {
        if (max <= 0 || open < 0) {
            return; // not readable here: the run finds out the usual way
        }
        long free = max - open - HEADROOM;
        if (connections > free) {
            throw new IllegalArgumentException("--connections " + connections + " needs as many open sockets, and this "
                    + "process may open " + max + " files (ulimit -n) with " + open + " open already: lower "
                    + "--connections to at most " + Math.max(0, free) + ", or raise the limit (ulimit -n) first");
        }
    }
}
