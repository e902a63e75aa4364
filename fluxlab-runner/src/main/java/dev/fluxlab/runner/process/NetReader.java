package dev.fluxlab.runner.process;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The kernel's TCP listen evidence, read from {@code /proc} without privileges: the namespace-wide counters of
 * listen-queue overflows and drops ({@code /proc/net/netstat}, line pair {@code TcpExt:}), and a listening socket's
 * accept queue ({@code /proc/net/tcp} and {@code /proc/net/tcp6}: for a socket in state LISTEN, {@code rx_queue} is
 * the connections waiting to be accepted; the limit is not shown there), and the kernel's cap on any backlog
 * ({@code net.core.somaxconn}).
 */
public final class NetReader {

    private static final Path NETSTAT = Path.of("/proc/net/netstat");
    private static final List<Path> TCP = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));
    private static final String LISTEN = "0A";

    private NetReader() {
    }

    /** {@code ListenOverflows} and {@code ListenDrops}. */
    public record ListenCounters(long overflows, long drops) {
    }

    /** A listening socket's accept queue now. */
    public record AcceptQueue(long queued) {
    }

    private static final Path SOMAXCONN = Path.of("/proc/sys/net/core/somaxconn");

    /** {@code net.core.somaxconn}, the cap on every listening socket's backlog; empty when unreadable. */
    public static Optional<Long> somaxconn() {
        try {
            // one read of the whole value: a sysctl file reports size 0, so Files.readString reads it a byte at a
            // time, and the kernel ends a sysctl read after its first chunk ("4096" came back as "4")
            try (InputStream in = Files.newInputStream(SOMAXCONN)) {
                return Optional.of(Long.parseLong(new String(in.readNBytes(64), StandardCharsets.US_ASCII).trim()));
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The counters now; empty when /proc/net/netstat cannot be read or lacks them. */
    public static Optional<ListenCounters> counters() {
        try {
            return parseCounters(Files.readAllLines(NETSTAT));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The accept queue of the socket listening on {@code port}; empty when none is found. */
    public static Optional<AcceptQueue> acceptQueue(int port) {
        for (Path p : TCP) {
            try {
                Optional<AcceptQueue> q = parseAcceptQueue(Files.readAllLines(p), port);
                if (q.isPresent()) {
                    return q;
                }
            } catch (IOException | RuntimeException e) {
                // tcp6 may be absent (IPv6 off); try the next
            }
        }
        return Optional.empty();
    }

    static Optional<ListenCounters> parseCounters(List<String> lines) {
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (!lines.get(i).startsWith("TcpExt:") || !lines.get(i + 1).startsWith("TcpExt:")) {
                continue;
            }
            List<String> names = List.of(lines.get(i).trim().split("\\s+"));
            String[] values = lines.get(i + 1).trim().split("\\s+");
            int o = names.indexOf("ListenOverflows");
            int d = names.indexOf("ListenDrops");
            if (o < 0 || d < 0 || values.length != names.size()) {
                return Optional.empty();
            }
            return Optional.of(new ListenCounters(Long.parseLong(values[o]), Long.parseLong(values[d])));
        }
        return Optional.empty();
    }

    static Optional<AcceptQueue> parseAcceptQueue(List<String> lines, int port) {
        String hexPort = String.format("%04X", port);
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            // sl local_address rem_address st tx_queue:rx_queue ...
            if (f.length < 5 || !f[3].equals(LISTEN) || !f[1].endsWith(":" + hexPort)) {
                continue;
            }
            String[] q = f[4].split(":");   // tx_queue:rx_queue
            return Optional.of(new AcceptQueue(Long.parseLong(q[1], 16)));
        }
        return Optional.empty();
    }
}
