package dev.fluxlab.targets.reactor.plain;

import dev.fluxlab.model.LabAddresses;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.fault.Stall;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.common.net.LeakDetection;
import dev.fluxlab.targets.common.net.ServerAllocator;
import dev.fluxlab.targets.common.net.ServerSocketOptions;
import dev.fluxlab.targets.common.stress.StressConfig;
import dev.fluxlab.targets.common.transport.TransportSupport;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Objects;

/**
 * The knobs of the plain Reactor Netty target, immutable and built with {@link #builder()}. Names follow Reactor
 * Netty's vocabulary ({@code runOn}, workers, select count, HTTP/2 settings). A {@code null} knob means "leave it to
 * Reactor Netty / the OS", so the lab can tell a default from an explicit choice.
 *
 * @param host                   loopback address to bind
 * @param port                   port to bind, 0 for any free one
 * @param protocol               wire protocol(s)
 * @param transport              event-loop transport requested
 * @param workers                event-loop worker threads, {@code null} for Reactor Netty's default
 * @param selectCount            acceptor threads, {@code null} (or below 1) for the workers to accept
 * @param backlog                {@code SO_BACKLOG}, {@code null} for the default
 * @param tcpNoDelay             {@code TCP_NODELAY} on accepted connections
 * @param rcvbuf                 {@code SO_RCVBUF} in bytes, {@code null} for the OS default
 * @param sndbuf                 {@code SO_SNDBUF} in bytes, {@code null} for the OS default
 * @param tcpFastOpen            {@code TCP_FASTOPEN} queue length (epoll and io_uring only), {@code null} for off
 * @param h2MaxConcurrentStreams HTTP/2 {@code SETTINGS_MAX_CONCURRENT_STREAMS}, {@code null} for Netty's default
 * @param h2InitialWindowSize    HTTP/2 {@code SETTINGS_INITIAL_WINDOW_SIZE}, {@code null} for Netty's default
 * @param stall                  periodic stall fault, {@code null} for none
 * @param failEvery              every n-th response is a 500, {@code null} for none
 * @param work                   rounds of fixed arithmetic before each response ({@link RequestWork}), 0 for none
 * @param stress                 seed 002's stress endpoints: sleep and pool sizes (added)
 * @param soKeepAlive            {@code SO_KEEPALIVE} on accepted connections, {@code null} for the OS default (off)
 * @param allocator              {@code ChannelOption.ALLOCATOR} of the listening socket and accepted connections,
 *                               {@code null} for Netty's default
 * @param leakDetection          Netty's {@code ResourceLeakDetector} level ({@link LeakDetection}), {@code null} for
 *                               Netty's default
 */
public record ReactorNettyServerConfig(
        String host,
        int port,
        ServerProtocol protocol,
        Transport transport,
        Integer workers,
        Integer selectCount,
        Integer backlog,
        boolean tcpNoDelay,
        Integer rcvbuf,
        Integer sndbuf,
        Integer tcpFastOpen,
        Long h2MaxConcurrentStreams,
        Integer h2InitialWindowSize,
        Stall stall,
        Long failEvery,
        int work,
        StressConfig stress,
        Boolean soKeepAlive,
        ServerAllocator allocator,
        String leakDetection) {

    /** The default bind address. */
    public static final String DEFAULT_HOST = "127.0.0.1";

    public ReactorNettyServerConfig {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(stress, "stress");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(transport, "transport");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, was " + port);
        }
        if (workers != null) {
            TransportSupport.checkLoops("workers", workers);
        }
        if (selectCount != null && (selectCount < 0 || selectCount > TransportSupport.MAX_LOOPS)) {
            // a negative count started a server that said select-count=-1
            throw new IllegalArgumentException("select-count must be 0 (the workers accept) or from 1 to "
                    + TransportSupport.MAX_LOOPS + " (acceptor threads), was " + selectCount);
        }
        requirePositive("backlog", backlog);
        requirePositive("rcvbuf", rcvbuf);
        requirePositive("sndbuf", sndbuf);
        requirePositive("tcp-fastopen", tcpFastOpen);
        requirePositive("h2-max-concurrent-streams", h2MaxConcurrentStreams);
        requirePositive("fail-every", failEvery);
        if (work < 0) {
            throw new IllegalArgumentException("work must be at least 0 (0 = none), was " + work);
        }
        if (h2InitialWindowSize != null && h2InitialWindowSize < 0) {
            throw new IllegalArgumentException("h2-initial-window-size must be between 0 and 2147483647, was "
                    + h2InitialWindowSize);
        }
        if (protocol.quic()) {
            requireUnsetForH3("backlog", backlog);
            requireUnsetForH3("tcp-fastopen", tcpFastOpen);
            requireUnsetForH3("so-keepalive", soKeepAlive);
            requireUnsetForH3("select-count", selectCount);
        }
        requireLoopback(host);
        leakDetection = LeakDetection.check(leakDetection);
    }

    /** The socket options among these knobs. */
    public ServerSocketOptions socketOptions() {
        return new ServerSocketOptions(backlog, tcpNoDelay, rcvbuf, sndbuf, tcpFastOpen, soKeepAlive, allocator);
    }

    /** A TCP knob given with h3, which serves one UDP socket: refused rather than silently ignored. */
    private static void requireUnsetForH3(String name, Object value) {
        if (value != null) {
            throw new IllegalArgumentException(name + " is a TCP setting; protocol h3 serves QUIC on one UDP socket, "
                    + "where it has nothing to apply to: leave it out (rcvbuf and sndbuf do apply)");
        }
    }

    private static void requirePositive(String name, Number value) {
        if (value != null && value.longValue() < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, was " + value);
        }
    }

    private static void requireLoopback(String host) {
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("unknown host '" + host + "'; use a loopback address such as 127.0.0.1");
        }
        if (!LabAddresses.permits(address)) {
            throw new IllegalArgumentException("host '" + host + "' is not a loopback address; the lab binds "
                    + "loopback only (127.0.0.1 or ::1)");
        }
    }

    /** A builder with every knob at its default. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this configuration. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.host = host;
        b.port = port;
        b.protocol = protocol;
        b.transport = transport;
        b.workers = workers;
        b.selectCount = selectCount;
        b.backlog = backlog;
        b.tcpNoDelay = tcpNoDelay;
        b.rcvbuf = rcvbuf;
        b.sndbuf = sndbuf;
        b.tcpFastOpen = tcpFastOpen;
        b.h2MaxConcurrentStreams = h2MaxConcurrentStreams;
        b.h2InitialWindowSize = h2InitialWindowSize;
        b.stall = stall;
        b.failEvery = failEvery;
        b.work = work;
        b.stress = stress;
        b.soKeepAlive = soKeepAlive;
        b.allocator = allocator;
        b.leakDetection = leakDetection;
        return b;
    }

    /** Builds a {@link ReactorNettyServerConfig}; every setter returns the builder. */
    public static final class Builder {
        private String host = DEFAULT_HOST;
        private int port;
        private ServerProtocol protocol = ServerProtocol.HTTP11;
        private Transport transport = Transport.NATIVE;
        private Integer workers;
        private Integer selectCount;
        private Integer backlog;
        private boolean tcpNoDelay = true;
        private Integer rcvbuf;
        private Integer sndbuf;
        private Integer tcpFastOpen;
        private Long h2MaxConcurrentStreams;
        private Integer h2InitialWindowSize;
        private Stall stall;
        private Long failEvery;
        private int work;
        private StressConfig stress = StressConfig.DEFAULTS;
        private Boolean soKeepAlive;
        private ServerAllocator allocator;
        private String leakDetection;

        private Builder() {
        }

        public Builder host(String host) {
            this.host = host;
            return this;
        }

        public Builder port(int port) {
            this.port = port;
            return this;
        }

        public Builder protocol(ServerProtocol protocol) {
            this.protocol = protocol;
            return this;
        }

        public Builder transport(Transport transport) {
            this.transport = transport;
            return this;
        }

        public Builder workers(Integer workers) {
            this.workers = workers;
            return this;
        }

        public Builder selectCount(Integer selectCount) {
            this.selectCount = selectCount;
            return this;
        }

        public Builder backlog(Integer backlog) {
            this.backlog = backlog;
            return this;
        }

        public Builder tcpNoDelay(boolean tcpNoDelay) {
            this.tcpNoDelay = tcpNoDelay;
            return this;
        }

        public Builder rcvbuf(Integer rcvbuf) {
            this.rcvbuf = rcvbuf;
            return this;
        }

        public Builder sndbuf(Integer sndbuf) {
            this.sndbuf = sndbuf;
            return this;
        }

        public Builder tcpFastOpen(Integer tcpFastOpen) {
            this.tcpFastOpen = tcpFastOpen;
            return this;
        }

        public Builder h2MaxConcurrentStreams(Long h2MaxConcurrentStreams) {
            this.h2MaxConcurrentStreams = h2MaxConcurrentStreams;
            return this;
        }

        public Builder h2InitialWindowSize(Integer h2InitialWindowSize) {
            this.h2InitialWindowSize = h2InitialWindowSize;
            return this;
        }

        public Builder stall(Stall stall) {
            this.stall = stall;
            return this;
        }

        public Builder failEvery(Long failEvery) {
            this.failEvery = failEvery;
            return this;
        }

        public Builder work(int work) {
            this.work = work;
            return this;
        }

        public Builder stress(StressConfig stress) {
            this.stress = stress;
            return this;
        }

        public Builder soKeepAlive(Boolean soKeepAlive) {
            this.soKeepAlive = soKeepAlive;
            return this;
        }

        public Builder allocator(ServerAllocator allocator) {
            this.allocator = allocator;
            return this;
        }

        public Builder leakDetection(String leakDetection) {
            this.leakDetection = leakDetection;
            return this;
        }

        /**
         * Validates and builds.
         *
         * @throws IllegalArgumentException naming the bad knob
         */
        public ReactorNettyServerConfig build() {
            return new ReactorNettyServerConfig(host, port, protocol, transport, workers, selectCount, backlog,
                    tcpNoDelay, rcvbuf, sndbuf, tcpFastOpen, h2MaxConcurrentStreams, h2InitialWindowSize, stall,
                    failEvery, work, stress, soKeepAlive, allocator, leakDetection);
        }
    }
}
