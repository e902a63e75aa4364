package dev.fluxlab.targets.reactor.loader;

import dev.fluxlab.model.LabAddresses;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.model.warmup.WarmupPolicy;
import dev.fluxlab.targets.reactor.client.BackendProtocol;
import dev.fluxlab.targets.reactor.client.ClientMode;
import dev.fluxlab.targets.reactor.client.PoolKnobs;
import dev.fluxlab.targets.common.transport.TransportSupport;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * What the {@link HttpClientLoader} does: which backend, which request, how many in flight, for how long.
 *
 * @param backendUrl    {@code https://...} (h2 over TLS, or h3 with {@code backendProtocol} h3; any certificate
 *                      trusted: the lab's) or {@code http://...} (h2c)
 * @param method        HTTP method
 * @param path          request path
 * @param body          request body, {@code null} for none
 * @param contentType   content type of the body
 * @param connections   HTTP/2 connections ({@code Http2AllocationStrategy} max and min connections), split over the
 *                      pools in the per-loop client modes (at least one per pool)
 * @param inFlight      streams per connection: connections x inFlight requests are kept in flight
 * @param workers       client event loops
 * @param warmup        unrecorded warm-up ({@link WarmupPolicy}, the same meaning as {@code fluxlab load --warmup})
 * @param duration      measured phase
 * @param timeout       per-request response timeout
 * @param expectStatus  every response must have this status
 * @param expectBody    every response must have this body, {@code null} for no body check
 * @param clientMode    how the client's pools are arranged over its event loops (as the proxy frontend's)
 * @param clientWorkers {@code no-colocation}: the client's own loops, {@code null} = as many as {@code workers}
 * @param pool          explicit pool knobs; each unset one follows {@code connections} and {@code inFlight}
 * @param backendProtocol the wire to the backend ({@code --backend-protocol}, as the proxy frontend's); {@code null}
 *                      = the URL's scheme's ({@code https} = h2, {@code http} = h2c); one contradicting it is refused
 */
public record LoaderConfig(
        URI backendUrl,
        String method,
        String path,
        byte[] body,
        String contentType,
        int connections,
        int inFlight,
        int workers,
        WarmupPolicy warmup,
        Duration duration,
        Duration timeout,
        int expectStatus,
        String expectBody,
        ClientMode clientMode,
        Integer clientWorkers,
        PoolKnobs pool,
        BackendProtocol backendProtocol) {

    /** The seeds' loader: one colocated pool with the pool knobs from {@code connections} and {@code inFlight}. */
    public LoaderConfig(URI backendUrl, String method, String path, byte[] body, String contentType, int connections,
                        int inFlight, int workers, WarmupPolicy warmup, Duration duration, Duration timeout,
                        int expectStatus, String expectBody) {
        this(backendUrl, method, path, body, contentType, connections, inFlight, workers, warmup, duration, timeout,
                expectStatus, expectBody, ClientMode.COLOCATED, null, PoolKnobs.DEFAULTS, null);
    }

    public LoaderConfig {
        Objects.requireNonNull(backendUrl, "backendUrl");
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(clientMode, "clientMode");
        Objects.requireNonNull(pool, "pool");
        if (clientWorkers != null) {
            TransportSupport.checkLoops("--client-workers", clientWorkers);
        }
        String scheme = String.valueOf(backendUrl.getScheme()).toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || backendUrl.getPort() < 1) {
            throw new IllegalArgumentException("--backend-url must look like https://127.0.0.1:PORT (h2, or h3 with "
                    + "--backend-protocol h3) or http://127.0.0.1:PORT (h2c), was '" + backendUrl + "'");
        }
        backendProtocol = BackendProtocol.resolve(backendProtocol, backendUrl);
        if (!"127.0.0.1".equals(backendUrl.getHost()) && !"localhost".equals(backendUrl.getHost())
                && !"[::1]".equals(backendUrl.getHost()) && !suiteHost(backendUrl.getHost())) {
            throw new IllegalArgumentException("--backend-url host '" + backendUrl.getHost()
                    + "' is not loopback; the lab stays on 127.0.0.1 or ::1");
        }
        method = method == null ? "GET" : method.toUpperCase(Locale.ROOT);
        path = path == null || path.isEmpty() ? "/" : path;
        if (connections < 1 || inFlight < 1) {
            throw new IllegalArgumentException("--connections and --in-flight must be at least 1");
        }
        TransportSupport.checkLoops("--workers", workers);
        if (duration.isZero() || duration.isNegative()) {
            throw new IllegalArgumentException("--duration must be positive, was " + duration);
        }
    }

    /** Whether the backend is reached over TLS (h2, h3). */
    public boolean secure() {
        return backendProtocol.secure();
    }

    /**
     * The transport of the loader's event loops: {@code native}, except that with h3 where native means io_uring it
     * is epoll (Reactor Netty's HTTP/3 client on Netty's io_uring transport opens its QUIC connection and never gets
     * an answer; see the proxy frontend, which refuses that combination, while the loader has no transport knob).
     */
    public Transport transport() {
        if (backendProtocol.quic() && TransportSupport.resolve(Transport.NATIVE) == Transport.IO_URING) {
            return Transport.EPOLL;
        }
        return Transport.NATIVE;
    }

    /**
     * The knobs of pool {@code index} of {@code count}: the explicit ones, else max = min connections = this pool's
     * share of {@code connections} (at least 1), {@code inFlight} streams per connection, unbounded pending acquires.
     */
    public PoolKnobs poolKnobs(int index, int count) {
        int share = Math.max(1, connections / count + (index < connections % count ? 1 : 0));
        int min = pool.maxConnections() == null ? share : Math.min(share, pool.maxConnections());
        return pool.orElse(new PoolKnobs(share, min, (long) inFlight, null, null, -1, null));
    }

    /** {@code h2}, {@code h2c} or {@code h3}: the wire to the backend, as the load document records it. */
    public String protocol() {
        return backendProtocol.label();
    }

    /** Whether {@code host} is the address of one of the suite's hosts ({@link LabAddresses}). */
    private static boolean suiteHost(String host) {
        try {
            return host != null && LabAddresses.permits(java.net.InetAddress.getByName(host));
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }
}
