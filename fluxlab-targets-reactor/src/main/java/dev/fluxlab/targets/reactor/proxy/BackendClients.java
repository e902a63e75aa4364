package dev.fluxlab.targets.reactor.proxy;

import dev.fluxlab.targets.reactor.client.BackendWire;
import dev.fluxlab.targets.reactor.client.LoopClients;
import dev.fluxlab.targets.reactor.transport.TransportLoops;
import io.netty.channel.socket.DatagramChannel;
import reactor.netty.http.client.HttpClient;

/**
 * The frontend's clients to the backend: the {@link LoopClients} of its {@link FrontendConfig#clientMode()} over its
 * server loops, each client aimed at the backend over its {@link FrontendConfig#backendProtocol()} (h2, h2c, or h3:
 * {@link BackendWire}) and counting, per event loop, the backend connections it opens
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
                    return BackendWire.apply(c, config.backendProtocol(), config.backendUrl());
                });
    }

}
