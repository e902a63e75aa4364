package dev.fluxlab.targets.reactor.http;

import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.targets.common.http.ServerProtocol;
import reactor.netty.http.HttpProtocol;

/** The lab's {@link ServerProtocol} as Reactor Netty's {@link HttpProtocol}s, one per wire it enables. */
public final class ReactorProtocols {

    private ReactorProtocols() {
    }

    /** The Reactor Netty protocols to enable for {@code protocol}, in its order of preference. */
    public static HttpProtocol[] of(ServerProtocol protocol) {
        return protocol.wires().stream().map(ReactorProtocols::of).toArray(HttpProtocol[]::new);
    }

    /** Reactor Netty's constant for one wire protocol. */
    private static HttpProtocol of(WireProtocol wire) {
        return switch (wire) {
            case HTTP11 -> HttpProtocol.HTTP11;
            case H2C -> HttpProtocol.H2C;
            case H2 -> HttpProtocol.H2;
            case H3 -> HttpProtocol.HTTP3;
        };
    }
}
