package dev.fluxlab.targets.reactor.proxy;

import dev.fluxlab.targets.reactor.client.LoopClients;
import dev.fluxlab.targets.reactor.transport.TransportLoops;
import reactor.netty.http.client.HttpClient;

/**
 * The frontend's HTTP/2 clients to the backend: the {@link LoopClients} of its {@link FrontendConfig#clientMode()}
 * over its server loops, each client aimed at the backend and counting, per event loop, the backend connections it
 * opens ({@link EventLoopCounters#backendConnection}, read on the loop the connection is registered on).
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
                                if (channel.parent() == null) { // the TCP connection, not an HTTP/2 stream
                                    if (channel.eventLoop().inEventLoop()) {
                                        stats.backendConnection();
                                    } else {
                                        channel.eventLoop().execute(stats::backendConnection);
                                    }
                                }
                            });
                    return LoopClients.http2(c, config.backendSecure());
                });
    }
}
