package dev.fluxlab.targets.common.transport;

import dev.fluxlab.model.transport.Transport;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.Version;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;

/**
 * Netty 4.1, the line under Reactor Netty 1.2 and Spring Boot 3.5: per-transport groups ({@code EpollEventLoopGroup},
 * {@code NioEventLoopGroup}) and epoll only. io_uring is not part of Netty 4.1 (it was the separate
 * netty-incubator-transport-io_uring module, which the lab's classpaths do not carry), so it is never available here,
 * whatever the kernel offers.
 *
 * <p>Compiled against Netty 4.2 with the rest of the target code, it calls only API that both lines have (Netty 4.2
 * keeps these groups, deprecated) and names no 4.2-only type even in its stack map frames (see {@link #group}), so its
 * bytecode links against Netty 4.1; {@code ReactorNetty12Test} in
 * fluxlab-targets-reactor-1.2 runs it there.
 */
@SuppressWarnings("deprecation") // the 4.1 groups are deprecated on the 4.2 line this is compiled against
final class Netty41Line implements NettyLine {

    @Override
    public EventLoopGroup group(Transport transport, int threads, ThreadFactory threadFactory) {
        // one return per group, never a switch expression: javac types such an expression as the groups' common
        // superclass, on Netty 4.2 MultiThreadIoEventLoopGroup, and the verifier then loads that class, which Netty
        // 4.1 does not have (NoClassDefFoundError before any line of this class ran)
        switch (transport) {
            case EPOLL:
                return new EpollEventLoopGroup(threads, threadFactory);
            case NIO:
                return new NioEventLoopGroup(threads, threadFactory);
            default:
                throw new IllegalArgumentException("no Netty 4.1 event loops for " + transport);
        }
    }

    @Override
    public Optional<Throwable> unavailabilityCause(Transport transport) {
        return switch (transport) {
            case IO_URING -> Optional.of(new UnsupportedOperationException("Netty " + nettyRelease()
                    + " has no io_uring transport (on the 4.1 line io_uring was a separate incubator module); use epoll "
                    + "or nio, or the Netty 4.2 stack"));
            case EPOLL -> Epoll.isAvailable() ? Optional.empty() : Optional.of(Epoll.unavailabilityCause());
            case NIO, NATIVE -> Optional.empty();
        };
    }

    @Override
    public boolean ioHandlerGroups() {
        return false;
    }

    private static String nettyRelease() {
        Version v = Version.identify(Netty41Line.class.getClassLoader()).get("netty-common");
        return v == null ? "4.1" : v.artifactVersion();
    }
}
