package dev.fluxlab.targets.reactor.http;

import dev.fluxlab.targets.common.http.ServerProtocol;
import reactor.netty.http.HttpProtocol;

/** The lab's {@link ServerProtocol} as Reactor Netty's {@link HttpProtocol}s (each wire has the same name there). */
public final class ReactorProtocols {

    private ReactorProtocols() {
    }

    /** The Reactor Netty protocols to enable for {@code protocol}. */
    public static HttpProtocol[] of(ServerProtocol protocol) {
        return protocol.wires().stream().map(w -> HttpProtocol.valueOf(w.name())).toArray(HttpProtocol[]::new);
    }
}
