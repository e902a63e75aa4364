package dev.fluxlab.targets.reactor.proxy;

import dev.fluxlab.targets.reactor.transport.TransportLoops;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.util.concurrent.EventExecutor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import reactor.netty.http.Http2SslContextSpec;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.Http2AllocationStrategy;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.resources.LoopResources;

/**
 * The frontend's HTTP/2 clients to the backend, arranged as its {@link ClientMode} says. {@link #forLoop} returns the
 * client a request should use given the event loop its inbound connection runs on: the one shared client in the
 * {@code colocated} and {@code no-colocation} modes, that loop's own client in {@code per-loop-pools}.
 *
 * <p>Every client counts, per event loop, the backend connections it opens ({@link EventLoopCounters#backendConnection}),
 * read on the loop the connection is registered on.
 */
public final class BackendClients implements AutoCloseable {

    private final List<ConnectionProvider> providers = new ArrayList<>();
    private final Map<EventExecutor, HttpClient> perLoop = new IdentityHashMap<>();
    private final HttpClient shared;
    private final LoopResources ownLoops;

    /**
     * @param config      the frontend's knobs
     * @param serverLoops the frontend server's loops (colocation on): shared with the client in the colocated modes
     * @param stats       where connections are counted
     */
    public BackendClients(FrontendConfig config, TransportLoops serverLoops, EventLoopCounters stats) {
        switch (config.clientMode()) {
            case COLOCATED -> {
                ownLoops = null;
                shared = client(config, "fluxlab-backend", stats)
                        .runOn(serverLoops.loops(), serverLoops.preferNative());
            }
            case NO_COLOCATION -> {
                int workers = config.clientWorkers() != null ? config.clientWorkers() : serverLoops.workerCount();
                ownLoops = LoopResources.create("fluxlab-client", 1, workers, true, false);
                shared = client(config, "fluxlab-backend", stats).runOn(ownLoops, serverLoops.preferNative());
            }
            case PER_LOOP_POOLS -> {
                ownLoops = null;
                shared = null;
                EventLoopGroup group = serverLoops.loops().onServer(serverLoops.preferNative());
                int i = 0;
                for (EventExecutor loop : group) {
                    perLoop.put(loop, client(config, "fluxlab-backend-" + i++, stats)
                            .runOn(serverLoops.loops(), serverLoops.preferNative()));
                }
            }
            default -> throw new IllegalStateException(config.clientMode().label());
        }
    }

    /**
     * Reactor Netty's {@code HttpClient.warmup()} for every client: loads the event loops, the resolver and the TLS
     * context before the readiness line, so the first measured requests do not pay for class loading. No connection
     * is opened.
     */
    public void warmup() {
        List<HttpClient> all = shared != null ? List.of(shared) : List.copyOf(perLoop.values());
        for (HttpClient c : all) {
            c.warmup().block(Duration.ofSeconds(30));
        }
    }

    private HttpClient client(FrontendConfig config, String name, EventLoopCounters stats) {
        ConnectionProvider.Builder pool = ConnectionProvider.builder(name);
        if (config.hasAllocationStrategy()) {
            Http2AllocationStrategy.Builder s = Http2AllocationStrategy.builder();
            if (config.maxConnections() != null) {
                s.maxConnections(config.maxConnections());
            }
            if (config.minConnections() != null) {
                s.minConnections(config.minConnections());
            }
            if (config.maxConcurrentStreams() != null) {
                s.maxConcurrentStreams(config.maxConcurrentStreams());
            }
            if (config.strictConnectionReuse() != null) {
                s.strictConnectionReuse(config.strictConnectionReuse());
            }
            if (config.streamBatchSize() != null) {
                s.streamBatchSize(config.streamBatchSize());
            }
            pool.allocationStrategy(s.build());
        }
        if (config.pendingAcquireMaxCount() != null) {
            pool.pendingAcquireMaxCount(config.pendingAcquireMaxCount());
        }
        if (config.pendingAcquireTimeout() != null) {
            pool.pendingAcquireTimeout(config.pendingAcquireTimeout());
        }
        ConnectionProvider provider = pool.build();
        providers.add(provider);
        HttpClient c = HttpClient.create(provider)
                .baseUrl(config.backendUrl().toString())
                .responseTimeout(config.backendTimeout())
                .doOnChannelInit((observer, channel, address) -> {
                    if (channel.parent() == null) { // the TCP connection, not an HTTP/2 stream
                        if (channel.eventLoop().inEventLoop()) {
                            stats.backendConnection();
                        } else {
                            channel.eventLoop().execute(stats::backendConnection);
                        }
                    }
                });
        if (config.backendSecure()) {
            // the backend is a lab process with a self-signed certificate made at start-up; loopback only
            Http2SslContextSpec tls = Http2SslContextSpec.forClient()
                    .configure(b -> b.trustManager(InsecureTrustManagerFactory.INSTANCE));
            return c.protocol(HttpProtocol.H2).secure(spec -> spec.sslContext(tls));
        }
        return c.protocol(HttpProtocol.H2C);
    }

    /** The client for a request whose inbound connection runs on {@code loop}. */
    public HttpClient forLoop(EventExecutor loop) {
        if (shared != null) {
            return shared;
        }
        HttpClient c = perLoop.get(loop);
        // a loop the frontend does not own cannot happen for requests; fall back to any pool rather than fail
        return c != null ? c : perLoop.values().iterator().next();
    }

    /** Number of connection pools (1, or one per frontend loop). */
    public int pools() {
        return providers.size();
    }

    @Override
    public void close() {
        for (ConnectionProvider p : providers) {
            p.disposeLater().block(Duration.ofSeconds(10));
        }
        if (ownLoops != null) {
            ownLoops.disposeLater(Duration.ZERO, Duration.ofSeconds(5)).block(Duration.ofSeconds(10));
        }
    }
}
