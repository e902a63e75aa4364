package dev.fluxlab.targets.reactor.client;

import java.time.Duration;
import reactor.netty.http.client.Http2AllocationStrategy;
import reactor.netty.resources.ConnectionProvider;

/**
 * The HTTP/2 connection-pool knobs of a Reactor Netty client, immutable, applied to every pool a {@link LoopClients}
 * builds (so they are per pool: per loop in the per-loop modes). A {@code null} knob leaves the choice to Reactor
 * Netty, so a default can be told from an explicit setting. Shared by the proxy frontend and the HttpClient loader.
 *
 * @param maxConnections         {@code Http2AllocationStrategy} maxConnections
 * @param minConnections         {@code Http2AllocationStrategy} minConnections
 * @param maxConcurrentStreams   {@code Http2AllocationStrategy} maxConcurrentStreams per connection
 * @param strictConnectionReuse  {@code Http2AllocationStrategy} strictConnectionReuse (Reactor Netty 1.3)
 * @param streamBatchSize        {@code Http2AllocationStrategy} streamBatchSize (Reactor Netty 1.3)
 * @param pendingAcquireMaxCount acquires allowed to wait for a stream; -1 = unbounded
 * @param pendingAcquireTimeout  how long an acquire may wait
 */
public record PoolKnobs(
        Integer maxConnections,
        Integer minConnections,
        Long maxConcurrentStreams,
        Boolean strictConnectionReuse,
        Integer streamBatchSize,
        Integer pendingAcquireMaxCount,
        Duration pendingAcquireTimeout) {

    /** Every knob left to Reactor Netty. */
    public static final PoolKnobs DEFAULTS = new PoolKnobs(null, null, null, null, null, null, null);

    /**
     * @throws IllegalArgumentException naming the bad knob by its command-line name
     */
    public PoolKnobs {
        positive("max-connections", maxConnections);
        positive("max-concurrent-streams", maxConcurrentStreams);
        positive("stream-batch-size", streamBatchSize);
        if (pendingAcquireMaxCount != null && pendingAcquireMaxCount != -1) {
            positive("pending-acquire-max-count", pendingAcquireMaxCount);
        }
        if (minConnections != null && minConnections < 0) {
            throw new IllegalArgumentException("min-connections must be at least 0, was " + minConnections);
        }
        if (minConnections != null && maxConnections != null && minConnections > maxConnections) {
            throw new IllegalArgumentException("min-connections (" + minConnections
                    + ") must not exceed max-connections (" + maxConnections + ")");
        }
        if (pendingAcquireTimeout != null && pendingAcquireTimeout.isNegative()) {
            throw new IllegalArgumentException("acquire-timeout must not be negative, was " + pendingAcquireTimeout);
        }
    }

    /** Whether any {@code Http2AllocationStrategy} knob is set. */
    public boolean hasAllocationStrategy() {
        return maxConnections != null || minConnections != null || maxConcurrentStreams != null
                || strictConnectionReuse != null || streamBatchSize != null;
    }

    /** These knobs, each unset one taken from {@code fallback}. */
    public PoolKnobs orElse(PoolKnobs fallback) {
        return new PoolKnobs(
                maxConnections != null ? maxConnections : fallback.maxConnections,
                minConnections != null ? minConnections : fallback.minConnections,
                maxConcurrentStreams != null ? maxConcurrentStreams : fallback.maxConcurrentStreams,
                strictConnectionReuse != null ? strictConnectionReuse : fallback.strictConnectionReuse,
                streamBatchSize != null ? streamBatchSize : fallback.streamBatchSize,
                pendingAcquireMaxCount != null ? pendingAcquireMaxCount : fallback.pendingAcquireMaxCount,
                pendingAcquireTimeout != null ? pendingAcquireTimeout : fallback.pendingAcquireTimeout);
    }

    /** A pool builder named {@code name} with these knobs set (the unset ones stay Reactor Netty's). */
    public ConnectionProvider.Builder provider(String name) {
        ConnectionProvider.Builder pool = ConnectionProvider.builder(name);
        if (hasAllocationStrategy()) {
            Http2AllocationStrategy.Builder s = Http2AllocationStrategy.builder();
            if (maxConnections != null) {
                s.maxConnections(maxConnections);
            }
            if (minConnections != null) {
                s.minConnections(minConnections);
            }
            if (maxConcurrentStreams != null) {
                s.maxConcurrentStreams(maxConcurrentStreams);
            }
            if (strictConnectionReuse != null) {
                s.strictConnectionReuse(strictConnectionReuse);
            }
            if (streamBatchSize != null) {
                s.streamBatchSize(streamBatchSize);
            }
            pool.allocationStrategy(s.build());
        }
        if (pendingAcquireMaxCount != null) {
            pool.pendingAcquireMaxCount(pendingAcquireMaxCount);
        }
        if (pendingAcquireTimeout != null) {
            pool.pendingAcquireTimeout(pendingAcquireTimeout);
        }
        return pool;
    }

    private static void positive(String name, Number value) {
        if (value != null && value.longValue() < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, was " + value);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link PoolKnobs}; every setter returns the builder. */
    public static final class Builder {
        private Integer maxConnections;
        private Integer minConnections;
        private Long maxConcurrentStreams;
        private Boolean strictConnectionReuse;
        private Integer streamBatchSize;
        private Integer pendingAcquireMaxCount;
        private Duration pendingAcquireTimeout;

        private Builder() {
        }

        public Builder maxConnections(Integer v) { maxConnections = v; return this; }
        public Builder minConnections(Integer v) { minConnections = v; return this; }
        public Builder maxConcurrentStreams(Long v) { maxConcurrentStreams = v; return this; }
        public Builder strictConnectionReuse(Boolean v) { strictConnectionReuse = v; return this; }
        public Builder streamBatchSize(Integer v) { streamBatchSize = v; return this; }
        public Builder pendingAcquireMaxCount(Integer v) { pendingAcquireMaxCount = v; return this; }
        public Builder pendingAcquireTimeout(Duration v) { pendingAcquireTimeout = v; return this; }

        /** @throws IllegalArgumentException naming the bad knob */
        public PoolKnobs build() {
            return new PoolKnobs(maxConnections, minConnections, maxConcurrentStreams, strictConnectionReuse,
                    streamBatchSize, pendingAcquireMaxCount, pendingAcquireTimeout);
        }
    }
}
