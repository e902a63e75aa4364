package dev.fluxlab.targets.reactor.client;

import java.net.SocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import reactor.netty.http.client.HttpConnectionPoolMetrics;
import reactor.netty.resources.ConnectionPoolMetrics;
import reactor.netty.resources.ConnectionProvider;

/**
 * One connection pool seen through Reactor Netty's own pool metrics, with no Micrometer: registered as the pool's
 * {@link ConnectionProvider.MeterRegistrar}, it keeps the live {@link ConnectionPoolMetrics} Reactor Netty hands over
 * when the pool to the backend is created (for HTTP/2 an {@link HttpConnectionPoolMetrics}: connections, active
 * streams, pending acquires) and the pending-acquire latencies Reactor Netty reports (only acquires that had to wait
 * are timed: the HTTP/2 pool starts the clock when an acquire exceeds its free streams and allocation permits).
 *
 * <p>The work-stealing decision reads it: {@link #wouldWait} and {@link #hasFreeCapacity}. Where the knobs fix the
 * pool's limits (max connections and max concurrent streams), "no connection with a free stream and at the connection
 * limit" is read from the counts; otherwise pending acquires are the evidence, as the pool does not publish the
 * backend's SETTINGS stream limit. Reads are a few volatile loads, cheap enough for every request.
 *
 * <p>One backend address per pool (the proxy and the loader talk to one backend).
 */
public final class PoolWatch implements ConnectionProvider.MeterRegistrar {

    private final String name;
    private final Integer maxConnections;
    private final Long maxStreams;
    private volatile ConnectionPoolMetrics metrics;
    private volatile String metricsPool = "";
    private final LongAdder waits = new LongAdder();
    private final LongAdder waitMsTotal = new LongAdder();
    private final AtomicLong waitMsMax = new AtomicLong();
    private final LongAdder waitFailures = new LongAdder();

    /**
     * @param name  the pool's name
     * @param knobs the pool's knobs: max connections and max concurrent streams, when set, are its known limits
     */
    public PoolWatch(String name, PoolKnobs knobs) {
        this.name = name;
        this.maxConnections = knobs.maxConnections();
        this.maxStreams = knobs.maxConcurrentStreams();
    }

    public String name() {
        return name;
    }

    /**
     * An HTTP/2 client registers two pools under this registrar: the HTTP/2 stream pool ({@code http2.<name>}, an
     * {@link HttpConnectionPoolMetrics}) and the TCP connection pool under it. The stream pool is the one a request
     * waits in, so it wins; the other is kept only for a client without HTTP/2.
     */
    @Override
    public void registerMetrics(String poolName, String id, SocketAddress remoteAddress, ConnectionPoolMetrics m) {
        if (m instanceof HttpConnectionPoolMetrics || !(metrics instanceof HttpConnectionPoolMetrics)) {
            metrics = m;
            metricsPool = poolName;
        }
    }

    @Override
    public void deRegisterMetrics(String poolName, String id, SocketAddress remoteAddress) {
        if (poolName.equals(metricsPool)) {
            metrics = null;
        }
    }

    @Override
    public void recordPendingAcquireSuccess(String poolName, String id, SocketAddress remoteAddress, long latencyMs) {
        if (!poolName.equals(metricsPool)) {
            return; // a wait for a TCP connection under the HTTP/2 pool: the stream acquire that caused it is timed
        }
        waits.increment();
        waitMsTotal.add(latencyMs);
        waitMsMax.accumulateAndGet(latencyMs, Math::max);
    }

    @Override
    public void recordPendingAcquireFailure(String poolName, String id, SocketAddress remoteAddress, long latencyMs) {
        if (poolName.equals(metricsPool)) {
            waitFailures.increment();
        }
        recordPendingAcquireSuccess(poolName, id, remoteAddress, latencyMs);
    }

    /**
     * Whether an acquire now would have to wait: acquires are already pending, or the pool is at its connection
     * limit with every stream of every connection taken (both limits known from the knobs). A pool not created yet
     * (no request so far) does not count as waiting: the first acquire creates it.
     */
    public boolean wouldWait() {
        ConnectionPoolMetrics m = metrics;
        if (m == null) {
            return false;
        }
        if (m.pendingAcquireSize() > 0) {
            return true;
        }
        return maxConnections != null && m.allocatedSize() >= maxConnections && streamsFull(m);
    }

    /**
     * Whether this pool can take another stream without waiting: no pending acquire, at least one connection, and,
     * when the stream limit is known, a free stream on the connections it has (a victim never has to open a
     * connection for a stolen request).
     */
    public boolean hasFreeCapacity() {
        ConnectionPoolMetrics m = metrics;
        return m != null && m.pendingAcquireSize() == 0 && m.allocatedSize() > 0 && !streamsFull(m);
    }

    /** Streams in use (HTTP/2 active streams), or the pool's acquired count for a non-HTTP/2 pool; 0 before use. */
    public int activeStreams() {
        ConnectionPoolMetrics m = metrics;
        if (m == null) {
            return 0;
        }
        return m instanceof HttpConnectionPoolMetrics h ? h.activeStreamSize() : m.acquiredSize();
    }

    private boolean streamsFull(ConnectionPoolMetrics m) {
        return maxStreams != null && m instanceof HttpConnectionPoolMetrics h
                && h.activeStreamSize() >= (long) m.allocatedSize() * maxStreams;
    }

    /**
     * The pool's figures: {@code connections}, {@code active_streams}, {@code pending_acquires} (now), and since
     * start {@code acquire_waits} (acquires that had to wait), {@code acquire_wait_ms_mean}, {@code acquire_wait_ms_max},
     * {@code acquire_wait_failures} (timed out or refused while waiting).
     */
    public Map<String, Object> snapshot() {
        ConnectionPoolMetrics m = metrics;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("connections", m == null ? 0 : m.allocatedSize());
        out.put("active_streams", activeStreams());
        out.put("pending_acquires", m == null ? 0 : m.pendingAcquireSize());
        long n = waits.sum();
        out.put("acquire_waits", n);
        out.put("acquire_wait_ms_mean", n == 0 ? 0.0 : Math.round(10.0 * waitMsTotal.sum() / n) / 10.0);
        out.put("acquire_wait_ms_max", waitMsMax.get());
        out.put("acquire_wait_failures", waitFailures.sum());
        return out;
    }
}
