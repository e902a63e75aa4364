package dev.fluxlab.targets.reactor.fanout;

import dev.fluxlab.targets.reactor.plain.PortInUseException;
import java.net.BindException;
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
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof BindException
                        || (t.getMessage() != null && t.getMessage().contains("Address already in use"))) {
                    throw new PortInUseException(port, e);
                }
            }
            throw e;
        }
    }
}
