package dev.fluxlab.targets.common.transport;

import dev.fluxlab.model.transport.Transport;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.uring.IoUring;
import java.util.Optional;

/**
 * The native transports of the Netty line this classpath carries (Netty 4.2: epoll and io_uring, both part of Netty),
 * and Netty's own reason when one cannot load here. Its source differs per Netty line: the Netty 4.1 modules compile
 * {@code src/netty4.1/java}'s version, where io_uring is not part of Netty.
 */
public final class NettyNatives {

    private NettyNatives() {
    }

    /** Netty's reason why the native {@code transport} cannot run here, empty when it can (NIO and native always can). */
    public static Optional<Throwable> unavailabilityCause(Transport transport) {
        return switch (transport) {
            case IO_URING -> IoUring.isAvailable() ? Optional.empty() : Optional.of(IoUring.unavailabilityCause());
            case EPOLL -> Epoll.isAvailable() ? Optional.empty() : Optional.of(Epoll.unavailabilityCause());
            case NIO, NATIVE -> Optional.empty();
        };
    }
}
