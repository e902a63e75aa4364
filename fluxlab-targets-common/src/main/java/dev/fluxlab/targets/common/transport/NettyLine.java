package dev.fluxlab.targets.common.transport;

import dev.fluxlab.model.transport.Transport;
import io.netty.channel.EventLoopGroup;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;

/**
 * What differs between the Netty lines the lab's targets run on, and nothing else: how an event-loop group of one
 * concrete transport is built, and which native transports the line has. The target code is compiled once, against
 * Netty 4.2; the runtime classpath picks the line ({@link #current}), so the same jar serves on Netty 4.2 (Reactor
 * Netty 1.3, Spring Boot 4.0) and on Netty 4.1 (Reactor Netty 1.2, Spring Boot 3.5).
 *
 * <p>Each line is one named class in this package. {@link Netty42Line} uses what only Netty 4.2 has
 * ({@code MultiThreadIoEventLoopGroup}, {@code IoHandler} factories, io_uring) and is loaded only when the classpath
 * carries it. {@link Netty41Line} uses only API both lines have (the per-transport {@code EpollEventLoopGroup} and
 * {@code NioEventLoopGroup}, which Netty 4.2 keeps, deprecated), so it compiles against 4.2 and links against 4.1.
 */
public sealed interface NettyLine permits Netty41Line, Netty42Line {

    /**
     * A group of {@code threads} event loops of a concrete {@code transport} (never {@code NATIVE}).
     *
     * @throws IllegalArgumentException for a transport this line has no event loops for
     */
    EventLoopGroup group(Transport transport, int threads, ThreadFactory threadFactory);

    /** Netty's reason why the native {@code transport} cannot run here, empty when it can (NIO and native always can). */
    Optional<Throwable> unavailabilityCause(Transport transport);

    /** Whether this line builds its groups from {@code IoHandler} factories (Netty 4.2), which Reactor Netty 1.3 takes. */
    boolean ioHandlerGroups();

    /** The line this classpath carries: Netty 4.2 when its {@code MultiThreadIoEventLoopGroup} is there, else 4.1. */
    static NettyLine current() {
        return Lines.CURRENT;
    }

    /** Holds the line once decided (a nested class: decided on first use, not when the interface is loaded). */
    final class Lines {
        private static final NettyLine CURRENT = pick();

        private Lines() {
        }

        private static NettyLine pick() {
            try {
                Class.forName("io.netty.channel.MultiThreadIoEventLoopGroup", false, NettyLine.class.getClassLoader());
                return new Netty42Line();
            } catch (ClassNotFoundException e) {
                return new Netty41Line();
            }
        }
    }
}
