package dev.fluxlab.targets.reactor.proxy;

import dev.fluxlab.targets.reactor.client.LoopClients;
import dev.fluxlab.targets.reactor.http.ReactorHttp3;
import dev.fluxlab.targets.reactor.transport.TransportLoops;
import io.netty.channel.socket.DatagramChannel;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import reactor.netty.http.client.HttpClient;

/**
 * The frontend's clients to the backend: the {@link LoopClients} of its {@link FrontendConfig#clientMode()} over its
 * server loops, each client aimed at the backend over its {@link FrontendConfig#backendProtocol()} (h2, h2c, or h3
 * with {@link ReactorHttp3#client}) and counting, per event loop, the backend connections it opens
 * ({@link EventLoopCounters#backendConnection}, read on the loop the connection is registered on: a TCP connection,
 * or for h3 a QUIC connection, each on a UDP socket of its own).
 */
final class BackendClients {

    private BackendClients() {
    }

    static LoopClients create(FrontendConfig config, TransportLoops serverLoops, EventLoopCounters stats) {
        return new LoopClients(config.clientMode(), serverLoops, config.clientWorkers(), (i, n) -> config.pool(),
                "fluxlab-backend", provider -> {
                    HttpClient c = HttpClient.create(provider)
                            .baseUrl(config.backendUrl().toString())
                            .responseTimeout(config.backendTimeout())
                            .doOnChannelInit((observer, channel, address) -> {
                                // a TCP connection, or a QUIC connection (on its own UDP socket); not a stream
                                if (channel.parent() == null || channel.parent() instanceof DatagramChannel) {
                                    if (channel.eventLoop().inEventLoop()) {
                                        stats.backendConnection();
                                    } else {
                                        channel.eventLoop().execute(stats::backendConnection);
                                    }
                                }
                            });
                    if (config.backendProtocol().quic()) {
                        return ReactorHttp3.client(c).bindAddress(() -> udpBind(config.backendUrl().getHost()));
                    }
                    return LoopClients.http2(c, config.backendSecure());
                });
    }

    /**
     * Where an h3 client's UDP sockets bind: the loopback address of the backend's family for a loopback backend (a
     * socket bound there receives nothing from off the machine), otherwise any address (Reactor Netty's own choice).
     * Always an ephemeral port.
     */
    static InetSocketAddress udpBind(String backendHost) {
        String h = backendHost.startsWith("[") ? backendHost.substring(1, backendHost.length() - 1) : backendHost;
        try {
            InetAddress backend = InetAddress.getByName(h);
            if (backend.isLoopbackAddress()) {
                return new InetSocketAddress(backend instanceof Inet6Address ? InetAddress.getByName("::1")
                        : InetAddress.getByName("127.0.0.1"), 0);
            }
        } catch (UnknownHostException e) {
            // FrontendConfig resolved it already; an answer that changed since falls back to Reactor Netty's choice
        }
        return new InetSocketAddress(0);
    }
}
