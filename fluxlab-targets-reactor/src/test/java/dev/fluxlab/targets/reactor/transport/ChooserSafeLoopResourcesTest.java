package dev.fluxlab.targets.reactor.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.transport.TransportSupport;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Choosing the channel class of a not-colocated client group leaves the group's round-robin where it was. */
class ChooserSafeLoopResourcesTest {

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"NIO", "EPOLL", "IO_URING"})
    void detectingTheChannelTypeDoesNotTakeALoop(Transport transport) {
        assumeTrue(TransportSupport.isAvailable(transport), () -> transport + " is not available here");
        TransportLoops loops = TransportLoops.create(transport, "chooser-test", 1, 2, false);
        try {
            assertInstanceOf(ChooserSafeLoopResources.class, loops.loops());
            EventLoopGroup group = loops.loops().onClient(loops.preferNative());
            EventLoop first = group.next();
            // what Reactor Netty does between two connections' picks: ask the channel class for the group
            Class<? extends SocketChannel> type = loops.loops().onChannelClass(SocketChannel.class, group);
            EventLoop second = group.next();
            assertNotSame(first, second, "two connections in a row must get both loops of a 2-loop group");
            String expected = switch (transport) {
                case NIO -> "NioSocketChannel";
                case EPOLL -> "EpollSocketChannel";
                default -> "IoUringSocketChannel";
            };
            assertEquals(expected, type.getSimpleName(), "the detector still sees the group's transport");
        } finally {
            loops.close();
        }
    }

    @Test
    void colocatedLoopsAreReactorNettysOwn() {
        TransportLoops loops = TransportLoops.create(Transport.NIO, "chooser-test", 1, 2, true);
        try {
            assertEquals(false, loops.loops() instanceof ChooserSafeLoopResources);
            assertSame(NioSocketChannel.class, loops.loops().onChannelClass(SocketChannel.class,
                    loops.loops().onClient(false)));
        } finally {
            loops.close();
        }
    }
}
