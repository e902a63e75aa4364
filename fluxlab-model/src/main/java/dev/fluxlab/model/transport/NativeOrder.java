package dev.fluxlab.model.transport;

import java.util.List;
import java.util.function.Predicate;

/**
 * Which concrete transport {@link Transport#NATIVE} resolves to: the first available one in this order, NIO last.
 * There are two orders, on purpose, each written only here:
 * <ul>
 *   <li>{@link #TARGET}: io_uring, epoll, NIO. Reactor Netty 1.3 prefers io_uring whenever its native library is on
 *       the classpath ({@code runOn(loops, true)}), so every target (raw Netty, Undertow's neighbours, Spring on
 *       Reactor Netty) follows it and a {@code native} row means the same transport for every stack;</li>
 *   <li>{@link #INJECTOR}: epoll, io_uring, NIO. The injector is the measuring instrument: epoll is the most proven
 *       native client transport, and keeping it first keeps the injector's own cost comparable across runs and
 *       machines whatever the systems under test use.</li>
 * </ul>
 */
public enum NativeOrder {
    TARGET(List.of(Transport.IO_URING, Transport.EPOLL, Transport.NIO)),
    INJECTOR(List.of(Transport.EPOLL, Transport.IO_URING, Transport.NIO));

    private final List<Transport> order;

    NativeOrder(List<Transport> order) {
        this.order = order;
    }

    /** The concrete transports, most preferred first; NIO (always available) last. */
    public List<Transport> order() {
        return order;
    }

    /**
     * The first transport of this order that {@code available} accepts; NIO when none does.
     *
     * @param available whether a concrete transport can run here (asked of Netty by the caller)
     */
    public Transport resolve(Predicate<Transport> available) {
        return order.stream().filter(t -> t == Transport.NIO || available.test(t)).findFirst()
                .orElse(Transport.NIO);
    }
}
