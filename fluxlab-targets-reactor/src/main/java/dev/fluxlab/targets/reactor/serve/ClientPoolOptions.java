package dev.fluxlab.targets.reactor.serve;

import dev.fluxlab.options.OptionValues;
import dev.fluxlab.targets.reactor.client.ClientMode;
import dev.fluxlab.targets.reactor.client.PoolKnobs;
import picocli.CommandLine.Option;

/**
 * The client-mode and HTTP/2 pool options of the Reactor Netty clients ({@code serve frontend}, {@code serve
 * httpclient-loader}), a picocli {@code @Mixin}: one declaration of the flags for both, turned into the targets'
 * {@link ClientMode} and {@link PoolKnobs}.
 */
public final class ClientPoolOptions {

    @Option(names = "--client-mode", defaultValue = "colocated", paramLabel = "MODE", converter = Mode.class,
            description = "colocated (client on the process's loops, colocation on), no-colocation (own loops, "
                    + "LoopResources.create(prefix, 1, workers, true, false)), per-loop-pools (one pool per loop, no "
                    + "stealing), work-stealing (per-loop pools; a request whose own pool would make it wait goes "
                    + "through the least busy other pool with free capacity) (default: ${DEFAULT-VALUE}).")
    ClientMode clientMode;

    static final class Mode extends OptionValues.Parsing<ClientMode> {
        Mode() {
            super(ClientMode::of);
        }
    }

    @Option(names = "--client-workers", paramLabel = "N",
            description = "no-colocation: the client's own loops (default: as many as the process's loops).")
    Integer clientWorkers;

    @Option(names = "--max-connections", paramLabel = "N",
            description = "Http2AllocationStrategy maxConnections (per pool).")
    Integer maxConnections;

    @Option(names = "--min-connections", paramLabel = "N",
            description = "Http2AllocationStrategy minConnections (per pool).")
    Integer minConnections;

    @Option(names = "--max-concurrent-streams", paramLabel = "N",
            description = "Http2AllocationStrategy maxConcurrentStreams per connection.")
    Long maxConcurrentStreams;

    @Option(names = "--strict-connection-reuse", arity = "0..1", fallbackValue = "true", paramLabel = "BOOL",
            description = "Http2AllocationStrategy strictConnectionReuse (Reactor Netty 1.3; default: "
                    + "Reactor Netty's, false).")
    Boolean strictConnectionReuse;

    @Option(names = "--stream-batch-size", paramLabel = "N",
            description = "Http2AllocationStrategy streamBatchSize (Reactor Netty 1.3).")
    Integer streamBatchSize;

    @Option(names = "--pending-acquire-max-count", paramLabel = "N", description = "Acquires allowed to wait.")
    Integer pendingAcquireMaxCount;

    @Option(names = "--acquire-timeout", paramLabel = "DURATION",
            description = "pendingAcquireTimeout, e.g. 5s (default: Reactor Netty's, 45s).")
    java.time.Duration acquireTimeout;

    public ClientMode mode() {
        return clientMode;
    }

    public Integer clientWorkers() {
        return clientWorkers;
    }

    /** @throws IllegalArgumentException naming the bad option */
    public PoolKnobs knobs() {
        return PoolKnobs.builder().maxConnections(maxConnections).minConnections(minConnections)
                .maxConcurrentStreams(maxConcurrentStreams).strictConnectionReuse(strictConnectionReuse)
                .streamBatchSize(streamBatchSize).pendingAcquireMaxCount(pendingAcquireMaxCount)
                .pendingAcquireTimeout(acquireTimeout).build();
    }
}
