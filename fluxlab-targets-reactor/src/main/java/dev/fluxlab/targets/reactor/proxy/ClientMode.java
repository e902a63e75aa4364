package dev.fluxlab.targets.reactor.proxy;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How the frontend's {@code HttpClient} chooses the event loops of its backend connections: the variable of the
 * seeds' HTTP/2 proxy experiment.
 */
public enum ClientMode {
    /**
     * The client shares the frontend server's event loops with colocation on, as Reactor Netty's default
     * {@code HttpResources} do: a backend connection is registered on the loop of the thread that asked for it. While
     * the pool is empty the first requests all arrive on one loop, so every backend connection ends up there.
     */
    COLOCATED("colocated"),
    /**
     * The client runs on its own loops made with {@code LoopResources.create(prefix, 1, workers, true, false)}:
     * backend connections are registered on those loops, never on the frontend loop that asked, so backend I/O moves
     * off the frontend's loops. They are not necessarily spread: with Reactor Netty 1.3.8 on this lab's 2-core machine
     * the 16 connections of the default HTTP/2 pool all landed on one of the two client loops (see /stats).
     */
    NO_COLOCATION("no-colocation"),
    /**
     * One connection pool (one {@code ConnectionProvider} and {@code HttpClient}) per frontend event loop; a request
     * uses the pool of the loop its inbound connection runs on, and colocation keeps that pool's connections on the
     * same loop. Streams are spread over every loop and never hop threads. Unlike the seeds' (never released)
     * work-stealing pool, a loop cannot borrow another loop's connections: an idle pool never serves a busy loop, and
     * the pool limits apply per loop.
     */
    PER_LOOP_POOLS("per-loop-pools");

    private final String label;

    ClientMode(String label) {
        this.label = label;
    }

    /** The command-line and readiness name. */
    public String label() {
        return label;
    }

    /**
     * Parses a command-line name.
     *
     * @throws IllegalArgumentException listing the accepted names
     */
    public static ClientMode of(String label) {
        String l = label == null ? "" : label.trim().toLowerCase(Locale.ROOT);
        for (ClientMode m : values()) {
            if (m.label.equals(l)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown client mode '" + label + "'; expected one of "
                + Arrays.stream(values()).map(ClientMode::label).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return label;
    }
}
