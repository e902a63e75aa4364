package dev.fluxlab.model.contract;

import com.sun.management.UnixOperatingSystemMXBean;

import java.lang.management.ManagementFactory;

/**
 * Whether a process may open the sockets a load asks for: each connection is a file descriptor, and a load past the
 * process's limit ({@code ulimit -n}) would fail mid-connect ("Unable to create Channel", seconds in) instead of
 * saying so before the first connection. The injector checks its own budget ({@link #check(int)}) before it connects;
 * {@code fluxlab run} checks a suite's injectors on this machine against its own before it starts anything (an
 * injector is a child JVM of the runner, with the limit it inherits, and a JVM of the same classpath at start).
 *
 * @param max  the most files the process may open ({@code ulimit -n}); 0 or less when not readable
 * @param open the files it has open already; negative when not readable
 */
public record SocketBudget(long max, long open) {

    /** Descriptors kept free for the JVM itself, the event loops' epoll and wake-up descriptors, and output files. */
    public static final long HEADROOM = 64;

    /** This process's budget; not {@link #known()} where the JVM cannot say. */
    public static SocketBudget here() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix) {
            return new SocketBudget(unix.getMaxFileDescriptorCount(), unix.getOpenFileDescriptorCount());
        }
        return new SocketBudget(-1, -1);
    }

    /** Whether the limit could be read; an unknown one refuses nothing (a load then finds out the usual way). */
    public boolean known() {
        return max > 0 && open >= 0;
    }

    /** The most connections that fit: the limit less the files open and {@link #HEADROOM}; unbounded when unknown. */
    public long fitting() {
        return known() ? Math.max(0, max - open - HEADROOM) : Long.MAX_VALUE;
    }

    public boolean fits(long connections) {
        return connections <= fitting();
    }

    /** The limit in words, for a refusal: {@code may open 1024 files (ulimit -n) with 40 open already}. */
    public String limit() {
        return "may open " + max + " files (ulimit -n) with " + open + " open already";
    }

    /**
     * The injector's check of its {@code --connections}.
     *
     * @throws IllegalArgumentException naming the limit and the fix
     */
    public void check(int connections) {
        if (!fits(connections)) {
            throw new IllegalArgumentException("--connections " + connections + " needs as many open sockets, and this "
                    + "process " + limit() + ": " + fix("lower --connections to at most " + fitting(), connections));
        }
    }

    /**
     * What to do about {@code connections} sockets that do not fit: {@code lower} (how to ask for fewer, e.g. "lower
     * --connections to at most 920"), or raise the limit to what they need; only the latter when nothing fits at all
     * ("at most 0" is no advice).
     */
    public String fix(String lower, long connections) {
        String raise = "raise the limit first (ulimit -n " + (open + HEADROOM + connections) + " or more)";
        return fitting() == 0 ? raise : lower + ", or " + raise;
    }
}
