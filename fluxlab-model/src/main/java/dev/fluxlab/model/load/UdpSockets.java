package dev.fluxlab.model.load;

/**
 * The UDP side of an HTTP/3 run: the socket buffers its QUIC connections had and the kernel's UDP drop counters at
 * the measured window's two ends. QUIC rides on datagrams, and a receive buffer the kernel's defaults keep small
 * ({@code net.core.rmem_default}, at most {@code net.core.rmem_max}) overflows under load: the kernel drops the
 * datagram, QUIC retransmits it after a loss timer, and the throughput is the buffer's, not the server's. These figures
 * say whether that happened in the window; the drop counters are the network namespace's (every UDP socket in it,
 * the target's as well as the injector's), which on loopback is both ends of the load.
 *
 * @param soRcvbuf the receive buffer one connection's UDP channel reports ({@code SO_RCVBUF}, bytes: Linux reports
 *                 twice what was asked, for its bookkeeping); the smallest over the connections; null when unknown
 * @param soSndbuf the send buffer, the same way ({@code SO_SNDBUF})
 * @param rmemMax  {@code net.core.rmem_max}, the largest receive buffer a socket may ask for; null when unreadable
 * @param wmemMax  {@code net.core.wmem_max}
 * @param atStart  the kernel's counters as the window opened; null when {@code /proc/net/snmp} is unreadable
 * @param atEnd    the kernel's counters as the window closed
 * @param dropped  datagrams the kernel dropped in the window: the growth of {@code InErrors} (which counts the
 *                 receive-buffer drops, {@code RcvbufErrors}, among others) plus that of {@code SndbufErrors}; null
 *                 when the counters were unreadable
 */
public record UdpSockets(Integer soRcvbuf, Integer soSndbuf, Long rmemMax, Long wmemMax, Counters atStart,
                         Counters atEnd, Long dropped) {

    /**
     * The kernel's UDP counters ({@code /proc/net/snmp} {@code Udp:} plus {@code /proc/net/snmp6}'s {@code Udp6}),
     * since boot.
     *
     * @param rcvbufErrors datagrams dropped because a socket's receive buffer was full
     * @param sndbufErrors datagrams dropped because a socket's send buffer was full
     * @param inErrors     datagrams received and not delivered (receive-buffer drops, checksum errors, ...)
     */
    public record Counters(long rcvbufErrors, long sndbufErrors, long inErrors) {
    }

    /** The figures with {@code dropped} computed from the two readings (null when either is missing). */
    public static UdpSockets of(Integer soRcvbuf, Integer soSndbuf, Long rmemMax, Long wmemMax, Counters atStart,
                                Counters atEnd) {
        Long dropped = atStart == null || atEnd == null ? null
                : Math.max(0, atEnd.inErrors() - atStart.inErrors()) + Math.max(0, atEnd.sndbufErrors() - atStart.sndbufErrors());
        return new UdpSockets(soRcvbuf, soSndbuf, rmemMax, wmemMax, atStart, atEnd, dropped);
    }
}
