package dev.fluxlab.targets.common.transport;

import dev.fluxlab.model.transport.NativeOrder;
import dev.fluxlab.model.transport.Transport;
import io.netty.channel.Channel;
import java.util.Optional;

/**
 * What this machine supports, asked of Netty itself ({@link NettyNatives}: the native transports of the Netty line on
 * the classpath), and which transport a live channel really uses (by its class, never by what was asked for).
 */
public final class TransportSupport {

    /**
     * Most event-loop threads a server here starts, twice the 8192 of seed 002's largest setting: each is a platform
     * thread with its own stack and selector, and {@code --workers 100000} grew a JVM to 11 GB before it ever printed
     * its readiness line.
     */
    public static final int MAX_LOOPS = 16_384;

    private TransportSupport() {
    }

    /**
     * Checks a count of event loops ({@code what}: the flag, e.g. {@code workers}).
     *
     * @throws IllegalArgumentException when it is below 1 or above {@link #MAX_LOOPS}
     */
    public static void checkLoops(String what, int count) {
        if (count < 1 || count > MAX_LOOPS) {
            throw new IllegalArgumentException(what + " must be from 1 to " + MAX_LOOPS + " (event-loop threads), was "
                    + count);
        }
    }

    /** Whether {@code transport} can run here; {@link Transport#NATIVE} and {@link Transport#NIO} always can. */
    public static boolean isAvailable(Transport transport) {
        return unavailabilityCause(transport).isEmpty();
    }

    /** Netty's reason why {@code transport} cannot run here, empty when it can. */
    public static Optional<Throwable> unavailabilityCause(Transport transport) {
        return NettyNatives.unavailabilityCause(transport);
    }

    /**
     * The concrete transport {@code requested} resolves to: itself when explicit (failing when unavailable),
     * otherwise the best available in the targets' order ({@link NativeOrder#TARGET}: io_uring, epoll, NIO).
     *
     * @throws TransportUnavailableException when an explicit transport cannot run here
     */
    public static Transport resolve(Transport requested) {
        if (requested.isConcrete()) {
            unavailabilityCause(requested).ifPresent(cause -> {
                throw new TransportUnavailableException(requested, cause);
            });
            return requested;
        }
        return NativeOrder.TARGET.resolve(TransportSupport::isAvailable);
    }

    /** The transport {@code channel} actually runs on, from its class ({@code IoUringServerSocketChannel}...). */
    public static String actual(Channel channel) {
        String name = channel.getClass().getSimpleName();
        if (name.startsWith("IoUring")) {
            return Transport.IO_URING.label();
        }
        if (name.startsWith("Epoll")) {
            return Transport.EPOLL.label();
        }
        if (name.startsWith("Nio")) {
            return Transport.NIO.label();
        }
        if (name.startsWith("KQueue")) {
            return "kqueue";
        }
        return name;
    }
}
