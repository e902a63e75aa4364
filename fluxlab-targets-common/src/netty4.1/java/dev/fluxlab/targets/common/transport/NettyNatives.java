package dev.fluxlab.targets.common.transport;

import dev.fluxlab.model.transport.Transport;
import io.netty.channel.epoll.Epoll;
import io.netty.util.Version;
import java.util.Optional;

/**
 * The native transports of Netty 4.1, the line under Reactor Netty 1.2: epoll only. io_uring is not part of Netty 4.1
 * (it was the separate netty-incubator-transport-io_uring module, which this classpath does not carry), so it is
 * never available here, whatever the kernel offers. The Netty 4.2 classpath has its own version of this class.
 */
public final class NettyNatives {

    private NettyNatives() {
    }

    /** Netty's reason why the native {@code transport} cannot run here, empty when it can (NIO and native always can). */
    public static Optional<Throwable> unavailabilityCause(Transport transport) {
        return switch (transport) {
            case IO_URING -> Optional.of(new UnsupportedOperationException("Netty " + nettyRelease()
                    + " has no io_uring transport (on the 4.1 line io_uring was a separate incubator module); use epoll "
                    + "or nio, or the Netty 4.2 stack"));
            case EPOLL -> Epoll.isAvailable() ? Optional.empty() : Optional.of(Epoll.unavailabilityCause());
            case NIO, NATIVE -> Optional.empty();
        };
    }

    private static String nettyRelease() {
        Version v = Version.identify(NettyNatives.class.getClassLoader()).get("netty-common");
        return v == null ? "4.1" : v.artifactVersion();
    }
}
