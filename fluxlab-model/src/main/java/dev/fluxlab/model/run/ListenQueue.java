package dev.fluxlab.model.run;

/**
 * Accept-queue evidence of a repeat's measured window, from the kernel: what seed 002's 1000 concurrent connections
 * against a backlog of 128 would overflow. The counters {@code TcpExt: ListenOverflows} (a completed handshake found
 * the accept queue full) and {@code ListenDrops} (any SYN or handshake dropped at a listening socket, overflows
 * included) come from {@code /proc/net/netstat}; they count every listening socket of the network namespace fluxlab
 * runs in (the whole machine's when that is the host's), not only the target's. The queue figures are the entry
 * target's own listening socket ({@code /proc/net/tcp} and {@code tcp6}, state LISTEN: {@code rx_queue} is its
 * current accept queue), sampled about once a second, beside the kernel's cap on any backlog
 * ({@code net.core.somaxconn}; a socket's limit is the smaller of it and the backlog the server asked for).
 *
 * @param port             the entry target's listening port
 * @param listenOverflows  increase of {@code ListenOverflows} over the window
 * @param listenDrops      increase of {@code ListenDrops} over the window
 * @param scope            what the counters cover: {@code network-namespace}
 * @param acceptQueueMax   largest accept queue seen on the listening socket in the window; null when not found
 * @param somaxconn        {@code /proc/sys/net/core/somaxconn} when the window ended; null when unreadable
 * @param samples          samples of the listening socket taken in the window
 */
public record ListenQueue(int port, long listenOverflows, long listenDrops, String scope, Long acceptQueueMax,
                          Long somaxconn, int samples) {

    /** The {@link #scope()} of the counters. */
    public static final String NAMESPACE = "network-namespace";
}
