package dev.fluxlab.targets.reactor.fanout;

import dev.fluxlab.targets.common.net.PortInUseException;
import java.time.Duration;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/** Binding with the lab's busy-port error ({@link PortInUseException}). */
final class Servers {

    private Servers() {
    }

    static DisposableServer bind(HttpServer server, int port) {
        try {
            return server.bindNow(Duration.ofSeconds(30));
        } catch (RuntimeException e) {
            if (PortInUseException.isBindConflict(e)) {
                throw new PortInUseException(port, e);
            }
            throw e;
        }
    }
}
