package dev.fluxlab.targets.common.transport;

import dev.fluxlab.model.transport.Transport;
import java.util.Optional;

/**
 * The native transports of the Netty line this classpath carries (Netty 4.2: epoll and io_uring, both part of Netty;
 * Netty 4.1: epoll only, io_uring was a separate incubator module there), and Netty's own reason when one cannot load
 * here. The line answers ({@link NettyLine#current}).
 */
public final class NettyNatives {

    private NettyNatives() {
    }

    /** Netty's reason why the native {@code transport} cannot run here, empty when it can (NIO and native always can). */
    public static Optional<Throwable> unavailabilityCause(Transport transport) {
        return NettyLine.current().unavailabilityCause(transport);
    }
}
