package dev.fluxlab.model.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Set;
import org.junit.jupiter.api.Test;

class NativeOrderTest {

    @Test
    void targetsPreferIoUringAndTheInjectorPrefersEpoll() {
        Set<Transport> both = Set.of(Transport.EPOLL, Transport.IO_URING);
        assertEquals(Transport.IO_URING, NativeOrder.TARGET.resolve(both::contains));
        assertEquals(Transport.EPOLL, NativeOrder.INJECTOR.resolve(both::contains));
    }

    @Test
    void eachOrderFallsBackToTheOtherNativeThenNio() {
        assertEquals(Transport.EPOLL, NativeOrder.TARGET.resolve(Set.of(Transport.EPOLL)::contains));
        assertEquals(Transport.IO_URING, NativeOrder.INJECTOR.resolve(Set.of(Transport.IO_URING)::contains));
        assertEquals(Transport.NIO, NativeOrder.TARGET.resolve(t -> false));
        assertEquals(Transport.NIO, NativeOrder.INJECTOR.resolve(t -> false));
    }

    @Test
    void namesParseAndAnUnknownOneListsTheAcceptedNames() {
        assertEquals(Transport.IO_URING, Transport.of("iouring"));
        assertEquals(Transport.IO_URING, Transport.of(" IOURING "));
        assertEquals(Transport.IO_URING, Transport.of("io_uring"));
        assertEquals(Transport.EPOLL, Transport.of(" EPOLL "));
        String message = assertThrows(IllegalArgumentException.class, () -> Transport.of("kqueue")).getMessage();
        assertEquals("unknown transport 'kqueue'; accepted: native, io_uring, epoll, nio", message);
    }
}
