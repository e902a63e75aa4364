package dev.fluxlab.targets.reactor.proxy;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Per event-loop counters that show why a client mode wins: for every thread (named by Netty after its loop) how
 * many inbound requests it handled, how many backend connections were registered on it, and how many backend
 * responses it received. One {@link LongAdder} per loop and counter; the hot path is a map lookup and an add.
 */
public final class EventLoopCounters {

    /** The counters of one event-loop thread. */
    public static final class Loop {
        final LongAdder frontendRequests = new LongAdder();
        final LongAdder backendConnections = new LongAdder();
        final LongAdder backendResponses = new LongAdder();
        final LongAdder backendErrors = new LongAdder();
        final LongAdder abandoned = new LongAdder();
    }

    private final ConcurrentHashMap<String, Loop> loops = new ConcurrentHashMap<>();

    private Loop current() {
        String name = Thread.currentThread().getName();
        Loop l = loops.get(name);
        return l != null ? l : loops.computeIfAbsent(name, n -> new Loop());
    }

    /** An inbound request arrived on the current thread. */
    public void frontendRequest() {
        current().frontendRequests.increment();
    }

    /** A backend connection was registered on the current thread's loop. */
    public void backendConnection() {
        current().backendConnections.increment();
    }

    /** A backend response arrived on the current thread's loop. */
    public void backendResponse() {
        current().backendResponses.increment();
    }

    /** A backend exchange failed; counted on the current thread. */
    public void backendError() {
        current().backendErrors.increment();
    }

    /** A backend exchange was abandoned because the inbound connection had gone; counted on the current thread. */
    public void abandoned() {
        current().abandoned.increment();
    }

    /**
     * A snapshot: thread name -> {@code frontend_requests}, {@code backend_connections}, {@code backend_responses},
     * {@code backend_errors}, {@code abandoned} (inbound connection gone before the backend answered), sorted by thread
     * name.
     */
    public Map<String, Map<String, Long>> snapshot() {
        Map<String, Map<String, Long>> out = new TreeMap<>();
        loops.forEach((name, l) -> out.put(name, Map.of(
                "frontend_requests", l.frontendRequests.sum(),
                "backend_connections", l.backendConnections.sum(),
                "backend_responses", l.backendResponses.sum(),
                "backend_errors", l.backendErrors.sum(),
                "abandoned", l.abandoned.sum())));
        return out;
    }

    /** Total of one counter over every loop. */
    public long total(String counter) {
        return snapshot().values().stream().mapToLong(m -> m.getOrDefault(counter, 0L)).sum();
    }
}
