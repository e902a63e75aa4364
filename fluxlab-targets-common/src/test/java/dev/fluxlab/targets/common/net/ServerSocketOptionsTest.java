package dev.fluxlab.targets.common.net;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.fluxlab.model.transport.Transport;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each socket knob lands on the socket it belongs to, an unset one on none, and TCP fast open is refused on NIO. */
class ServerSocketOptionsTest {

    /** One option set on a {@link Server}: where ({@code listening} or {@code accepted}), which, to what. */
    record Applied(String where, ChannelOption<?> option, Object value) {
    }

    /** An immutable server as Reactor Netty's: each setter returns a new one carrying what was set so far. */
    record Server(List<Applied> sets) {
        <T> Server option(ChannelOption<T> option, T value) {
            return with("listening", option, value);
        }

        <T> Server childOption(ChannelOption<T> option, T value) {
            return with("accepted", option, value);
        }

        private Server with(String where, ChannelOption<?> option, Object value) {
            List<Applied> next = new ArrayList<>(sets);
            next.add(new Applied(where, option, value));
            return new Server(List.copyOf(next));
        }
    }

    private static List<Applied> applied(ServerSocketOptions o) {
        return o.applyTo(new Server(List.of()), Server::option, Server::childOption).sets();
    }

    @Test
    void unsetKnobsSetNothingButTcpNoDelay() {
        assertEquals(List.of(new Applied("accepted", ChannelOption.TCP_NODELAY, true)),
                applied(new ServerSocketOptions(null, true, null, null, null, null, null)));
        assertEquals(List.of(new Applied("accepted", ChannelOption.TCP_NODELAY, false)),
                applied(new ServerSocketOptions(null, false, null, null, null, null, null)));
    }

    @Test
    void eachKnobGoesToItsSocket() {
        List<Applied> sets = applied(new ServerSocketOptions(512, true, 262_144, 131_072, 64, true,
                ServerAllocator.POOLED_DIRECT));
        assertEquals(List.of(
                new Applied("accepted", ChannelOption.TCP_NODELAY, true),
                new Applied("listening", ChannelOption.SO_BACKLOG, 512),
                new Applied("listening", ChannelOption.SO_RCVBUF, 262_144),
                new Applied("accepted", ChannelOption.SO_RCVBUF, 262_144),
                new Applied("accepted", ChannelOption.SO_SNDBUF, 131_072),
                new Applied("listening", ChannelOption.TCP_FASTOPEN, 64),
                new Applied("accepted", ChannelOption.SO_KEEPALIVE, true)), sets.subList(0, 7));
        assertEquals(9, sets.size(), sets.toString());
        Applied listening = sets.get(7);
        Applied accepted = sets.get(8);
        assertEquals(List.of("listening", ChannelOption.ALLOCATOR, "accepted", ChannelOption.ALLOCATOR),
                List.of(listening.where(), listening.option(), accepted.where(), accepted.option()));
        assertInstanceOf(PooledByteBufAllocator.class, listening.value());
        assertSame(listening.value(), accepted.value(), "one allocator for the listening and the accepted channels");
    }

    @Test
    void tcpFastOpenNeedsANativeTransport() {
        ServerSocketOptions tfo = new ServerSocketOptions(null, true, null, null, 16, null, null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> tfo.requireSupportedBy(Transport.NIO));
        assertEquals("--tcp-fastopen needs the epoll or io_uring transport: Java's NIO sockets have no TCP_FASTOPEN "
                + "option (transport here: nio)", e.getMessage());
        assertDoesNotThrow(() -> tfo.requireSupportedBy(Transport.EPOLL));
        assertDoesNotThrow(() -> tfo.requireSupportedBy(Transport.IO_URING));
        assertDoesNotThrow(() -> new ServerSocketOptions(null, true, null, null, null, null, null)
                .requireSupportedBy(Transport.NIO));
    }
}
