package dev.fluxlab.targets.reactor.client;

import dev.fluxlab.targets.reactor.transport.TransportLoops;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.SingleThreadEventExecutor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.netty.http.Http2SslContextSpec;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * The HTTP/2 clients of one process arranged as a {@link ClientMode} says, the one place both the proxy frontend and
 * the HttpClient loader get their pools from. {@link #exchange} runs one backend exchange through the pool the mode
 * picks for a request that arrived on (or belongs to) a given event loop:
 * <ul>
 *   <li>{@code colocated}, {@code no-colocation}: the one shared client;</li>
 *   <li>{@code per-loop-pools}: that loop's own client (its connections live on that loop through colocation);</li>
 *   <li>{@code work-stealing}: that loop's client unless its pool would make the request wait
 *       ({@link PoolWatch#wouldWait}); then the pool of another loop with free capacity ({@link PoolWatch#hasFreeCapacity}).
 *       <b>Victim choice</b>: among the other loops' pools with free capacity, the one with the fewest active streams,
 *       scanning from the loop after the thief's so ties rotate; one pass over the loops, a few volatile reads per
 *       pool. When no pool has free capacity the request stays (and queues) in its own pool. The stolen exchange is
 *       started on the victim's loop (so a connection it might open is colocated there, and the victim pool is only
 *       driven from its loop), and the caller relays the reply on its own connection's loop as for any reply. Each
 *       steal counts {@code stolen_by} on the thief loop and {@code stolen_from} on the victim loop.</li>
 * </ul>
 * Every pool reports to a {@link PoolWatch} (Reactor Netty's pool metrics), shown by {@link #poolStats()}.
 */
public final class LoopClients implements AutoCloseable {

    /** The knobs of pool {@code index} of {@code count} (per-loop modes have one pool per loop). */
    @FunctionalInterface
    public interface PerPool {
        PoolKnobs knobs(int index, int count);
    }

    /** One pool: its client, its watch, and in the per-loop modes its loop and steal counters. */
    private record Slot(int index, EventExecutor loop, String loopName, HttpClient client, PoolWatch watch,
                        Scheduler scheduler, LongAdder stolenBy, LongAdder stolenFrom) {
    }

    private final ClientMode mode;
    private final List<ConnectionProvider> providers = new ArrayList<>();
    private final List<Slot> slots = new ArrayList<>();
    private final Map<EventExecutor, Slot> byLoop = new IdentityHashMap<>();
    private final Map<EventExecutor, String> loopNames = new IdentityHashMap<>();
    private final HttpClient shared;
    private final TransportLoops ownLoops;

    /**
     * @param mode       the arrangement
     * @param loops      the process's event loops (colocation on): the client runs on them except in
     *                   {@code no-colocation}; the per-loop modes make one pool per loop of this group
     * @param ownWorkers {@code no-colocation}: the client's own loops, {@code null} = as many as {@code loops}
     * @param knobs      the pool knobs, per pool
     * @param poolPrefix pool names: the prefix, then {@code -<index>} in the per-loop modes
     * @param client     the client over a pool (base URL, protocol, TLS, hooks); this class adds {@code runOn}
     */
    public LoopClients(ClientMode mode, TransportLoops loops, Integer ownWorkers, PerPool knobs, String poolPrefix,
                       Function<ConnectionProvider, HttpClient> client) {
        this.mode = mode;
        List<EventExecutor> executors = new ArrayList<>();
        loops.loops().onServer(loops.preferNative()).forEach(executors::add);
        executors.forEach(this::name);
        switch (mode) {
            case COLOCATED -> {
                ownLoops = null;
                shared = pool(poolPrefix, knobs.knobs(0, 1), client, null, 0).client()
                        .runOn(loops.loops(), loops.preferNative());
            }
            case NO_COLOCATION -> {
                int workers = ownWorkers != null ? ownWorkers : executors.size();
                ownLoops = TransportLoops.create(loops.requested(), "fluxlab-client", 1, workers, false);
                ownLoops.loops().onClient(ownLoops.preferNative()).forEach(this::name);
                shared = pool(poolPrefix, knobs.knobs(0, 1), client, null, 0).client()
                        .runOn(ownLoops.loops(), ownLoops.preferNative());
            }
            case PER_LOOP_POOLS, WORK_STEALING -> {
                ownLoops = null;
                shared = null;
                for (int i = 0; i < executors.size(); i++) {
                    EventExecutor loop = executors.get(i);
                    Slot s = pool(poolPrefix + "-" + i, knobs.knobs(i, executors.size()),
                            c -> client.apply(c).runOn(loops.loops(), loops.preferNative()), loop, i);
                    byLoop.put(loop, s);
                }
            }
            default -> throw new IllegalStateException(mode.label());
        }
    }

    private Slot pool(String name, PoolKnobs knobs, Function<ConnectionProvider, HttpClient> client,
                      EventExecutor loop, int index) {
        PoolWatch watch = new PoolWatch(name, knobs);
        ConnectionProvider provider = knobs.provider(name).metrics(true, () -> watch).build();
        providers.add(provider);
        Slot s = new Slot(index, loop, loop == null ? null : loopNames.get(loop), client.apply(provider), watch,
                loop == null ? null : Schedulers.fromExecutor(loop), new LongAdder(), new LongAdder());
        slots.add(s);
        return s;
    }

    /** Reads the thread name of a loop once, at start-up (never from a loop: it waits for the loop to answer). */
    private void name(EventExecutor loop) {
        try {
            loopNames.put(loop, loop.submit(() -> Thread.currentThread().getName()).get(10, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the event loops", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("an event loop did not start: " + e, e);
        }
    }

    /** Requests HTTP/2 on {@code c}: over TLS trusting any certificate (the lab's self-signed one), else h2c. */
    public static HttpClient http2(HttpClient c, boolean secure) {
        if (secure) {
            // the backend is a lab process with a self-signed certificate made at start-up; loopback only
            Http2SslContextSpec tls = Http2SslContextSpec.forClient()
                    .configure(b -> b.trustManager(InsecureTrustManagerFactory.INSTANCE));
            return c.protocol(HttpProtocol.H2).secure(spec -> spec.sslContext(tls));
        }
        return c.protocol(HttpProtocol.H2C);
    }

    /**
     * Runs one exchange ({@code call} given the client to use) for a request that belongs to event loop
     * {@code origin}, through the pool the mode picks (see the class comment). {@code origin} is ignored by the shared
     * modes (and may be {@code null} there).
     */
    public <T> Mono<T> exchange(EventExecutor origin, Function<HttpClient, Mono<T>> call) {
        if (shared != null) {
            return call.apply(shared);
        }
        Slot own = byLoop.get(origin);
        if (own == null) {
            own = slots.get(0); // a loop this process does not own cannot happen for requests; any pool serves
        }
        if (mode == ClientMode.PER_LOOP_POOLS) {
            return call.apply(own.client());
        }
        Slot chosen = own;
        if (own.watch().wouldWait()) {
            Slot victim = victim(own);
            if (victim != null) {
                chosen = victim;
                own.stolenBy().increment();
                victim.stolenFrom().increment();
            }
        }
        Slot c = chosen;
        if (c.loop().inEventLoop()) {
            return call.apply(c.client());
        }
        return Mono.defer(() -> call.apply(c.client())).subscribeOn(c.scheduler());
    }

    private Slot victim(Slot thief) {
        Slot best = null;
        int bestActive = Integer.MAX_VALUE;
        int n = slots.size();
        for (int k = 1; k < n; k++) {
            Slot s = slots.get((thief.index() + k) % n);
            if (s.watch().hasFreeCapacity()) {
                int active = s.watch().activeStreams();
                if (active < bestActive) {
                    best = s;
                    bestActive = active;
                }
            }
        }
        return best;
    }

    /** The event loops that own a pool (per-loop modes), in pool order; empty in the shared modes. */
    public List<EventExecutor> poolLoops() {
        return slots.stream().map(Slot::loop).filter(l -> l != null).toList();
    }

    /** Every client, for warming them up. */
    public void warmup() {
        List<HttpClient> all = shared != null ? List.of(shared) : slots.stream().map(Slot::client).toList();
        for (HttpClient c : all) {
            c.warmup().block(Duration.ofSeconds(30));
        }
    }

    /** Number of connection pools (1, or one per loop). */
    public int pools() {
        return providers.size();
    }

    /**
     * Per event-loop thread: {@code pending_tasks} (tasks queued on the loop right now) for every loop of this
     * process's groups, and in the per-loop modes {@code stolen_by} (exchanges this loop sent through another loop's
     * pool) and {@code stolen_from} (exchanges this loop's pool served for other loops).
     */
    public Map<String, Map<String, Long>> loopStats() {
        Map<String, Map<String, Long>> out = new TreeMap<>();
        loopNames.forEach((loop, name) -> {
            Map<String, Long> m = new LinkedHashMap<>();
            m.put("pending_tasks", loop instanceof SingleThreadEventExecutor s ? (long) s.pendingTasks() : -1L);
            out.put(name, m);
        });
        if (mode.perLoop()) {
            for (Slot s : slots) {
                Map<String, Long> m = out.computeIfAbsent(s.loopName(), k -> new LinkedHashMap<>());
                m.put("stolen_by", s.stolenBy().sum());
                m.put("stolen_from", s.stolenFrom().sum());
            }
        }
        return out;
    }

    /** Per pool: {@code pool}, {@code loop} (per-loop modes) and its {@link PoolWatch#snapshot()}. */
    public List<Map<String, Object>> poolStats() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Slot s : slots) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("pool", s.watch().name());
            if (s.loopName() != null) {
                m.put("loop", s.loopName());
            }
            m.putAll(s.watch().snapshot());
            out.add(m);
        }
        return out;
    }

    @Override
    public void close() {
        for (ConnectionProvider p : providers) {
            p.disposeLater().block(Duration.ofSeconds(10));
        }
        if (ownLoops != null) {
            ownLoops.close();
        }
    }
}
