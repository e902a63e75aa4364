package dev.fluxlab.targets.reactor.client;

import dev.fluxlab.targets.common.quic.QuicUnavailableException;
import dev.fluxlab.targets.reactor.http.ReactorHttp3;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Optional;
import reactor.netty.http.client.HttpClient;

/**
 * Makes a lab client speak a {@link BackendProtocol} to its backend: HTTP/2 ({@link LoopClients#http2}) or HTTP/3
 * ({@link ReactorHttp3#client}, its UDP sockets bound by {@link #udpBind}). The one place the proxy frontend and the
 * HttpClient loader build their backend wire from, so that {@code --backend-protocol} means the same to both, and
 * the one refusal of h3 where QUIC does not load ({@link #requireQuic}).
 */
public final class BackendWire {

    private BackendWire() {
    }

    /** {@code client} (base URL, timeouts and hooks set) speaking {@code protocol} to the backend at {@code url}. */
    public static HttpClient apply(HttpClient client, BackendProtocol protocol, URI url) {
        if (protocol.quic()) {
            return ReactorHttp3.client(client).bindAddress(() -> udpBind(url.getHost()));
        }
        return LoopClients.http2(client, protocol.secure());
    }

    /**
     * Where an h3 client's UDP sockets bind: the loopback address of the backend's family for a loopback backend (a
     * socket bound there receives nothing from off the machine), otherwise any address (Reactor Netty's own choice).
     * Always an ephemeral port.
     */
    public static InetSocketAddress udpBind(String backendHost) {
        String h = backendHost.startsWith("[") ? backendHost.substring(1, backendHost.length() - 1) : backendHost;
        try {
            InetAddress backend = InetAddress.getByName(h);
            if (backend.isLoopbackAddress()) {
                return new InetSocketAddress(backend instanceof Inet6Address ? InetAddress.getByName("::1")
                        : InetAddress.getByName("127.0.0.1"), 0);
            }
        } catch (UnknownHostException e) {
            // the config resolved it already; an answer that changed since falls back to Reactor Netty's choice
        }
        return new InetSocketAddress(0);
    }

    /**
     * Refuses {@code --backend-protocol h3} when QUIC cannot run here ({@code problem}, from
     * {@code QuicSupport.problem()}), before any loop starts: one line instead of a failure at the first request.
     *
     * @throws QuicUnavailableException naming the cause and the fix
     */
    public static void requireQuic(Optional<String> problem) {
        problem.ifPresent(p -> {
            throw new QuicUnavailableException("--backend-protocol h3 (HTTP/3 to the backend) cannot be used here", p,
                    "reach the backend over h2 (--backend-protocol h2, the backend serving --protocol h2) on this "
                            + "machine");
        });
    }
}
