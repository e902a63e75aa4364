package dev.fluxlab.targets.reactor.client;

import dev.fluxlab.model.Labelled;

/**
 * How a Reactor Netty {@code HttpClient} places its HTTP/2 connections on event loops and which pool a request uses:
 * the variable of the seeds' HTTP/2 proxy experiment, shared by the proxy frontend and the HttpClient loader
 * ({@link LoopClients} arranges the pools).
 */
public enum ClientMode implements Labelled {
    /**
     * The client shares the frontend server's event loops with colocation on, as Reactor Netty's default
     * {@code HttpResources} do: a backend connection is registered on the loop of the thread that asked for it. While
     * the pool is empty the first requests all arrive on one loop, so every backend connection ends up there.
     */
    COLOCATED("colocated"),
    /**
     * The client runs on its own loops made with {@code LoopResources.create(prefix, 1, workers, true, false)}:
     * backend connections are registered on those loops, never on the frontend loop that asked, so backend I/O moves
     * off the frontend's loops, and each new connection takes the client group's next loop in turn, so they spread
     * over the client loops as the seeds describe. (Reactor Netty 1.3.8 on Netty 4.2.18 put every connection of a
     * 2-loop group on one loop: choosing the channel class advanced the round-robin between two connections;
     * {@link dev.fluxlab.targets.reactor.transport.ChooserSafeLoopResources} keeps it from doing so.)
     */
    NO_COLOCATION("no-colocation"),
    /**
     * One connection pool (one {@code ConnectionProvider} and {@code HttpClient}) per frontend event loop; a request
     * uses the pool of the loop its inbound connection runs on, and colocation keeps that pool's connections on the
     * same loop. Streams are spread over every loop and never hop threads. Unlike the seeds' (never released)
     * work-stealing pool, a loop cannot borrow another loop's connections: an idle pool never serves a busy loop, and
     * the pool limits apply per loop.
     */
    PER_LOOP_POOLS("per-loop-pools"),
    /**
     * {@link #PER_LOOP_POOLS}, plus stealing built on released APIs: a request first asks its own loop's pool; when
     * that pool's own metrics say it would make the request wait ({@link PoolWatch#wouldWait}), the exchange is
     * handed to the loop of another pool with free capacity ({@link PoolWatch#hasFreeCapacity}; the victim is the one
     * with the fewest active streams) and runs there; the reply is relayed on the inbound connection's loop.
     */
    WORK_STEALING("work-stealing");

    private final String label;

    ClientMode(String label) {
        this.label = label;
    }

    /** The command-line and readiness name. */
    @Override
    public String label() {
        return label;
    }

    /** Whether every event loop gets its own pool ({@code per-loop-pools}, {@code work-stealing}). */
    public boolean perLoop() {
        return this == PER_LOOP_POOLS || this == WORK_STEALING;
    }

    /**
     * Parses a command-line name.
     *
     * @throws IllegalArgumentException listing the accepted names
     */
    public static ClientMode of(String label) {
        return Labelled.parse(ClientMode.class, label, "client mode");
    }

    @Override
    public String toString() {
        return label;
    }
}
