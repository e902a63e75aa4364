package dev.fluxlab.loadgen;

import dev.fluxlab.model.load.UdpSockets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The kernel's side of UDP, read from {@code /proc}: its drop counters ({@code /proc/net/snmp}'s {@code Udp:} lines
 * plus {@code /proc/net/snmp6}'s {@code Udp6} ones, for a target on {@code ::1}) and the largest socket buffers a
 * socket may ask for ({@code net.core.rmem_max}, {@code wmem_max}). Read by an HTTP/3 run at its measured window's
 * ends; unreadable files (another OS, a sandbox) give null, never a guess.
 */
final class UdpKernel {

    private final Path proc;

    /** Reads the machine's {@code /proc}. */
    UdpKernel() {
        this(Path.of("/proc"));
    }

    /** Reads the files under {@code proc} (tests give a folder of their own). */
    UdpKernel(Path proc) {
        this.proc = proc;
    }

    /** The counters now, IPv4 and IPv6 added; null when {@code net/snmp} cannot be read or has no Udp lines. */
    UdpSockets.Counters counters() {
        List<String> lines = lines(proc.resolve("net/snmp"));
        String[] names = null, values = null;
        for (String l : lines) {
            if (l.startsWith("Udp: ")) {
                if (names == null) {
                    names = l.substring(5).trim().split("\\s+");
                } else {
                    values = l.substring(5).trim().split("\\s+");
                }
            }
        }
        if (names == null || values == null || names.length != values.length) {
            return null;
        }
        long rcvbuf = field(names, values, "RcvbufErrors");
        long sndbuf = field(names, values, "SndbufErrors");
        long in = field(names, values, "InErrors");
        for (String l : lines(proc.resolve("net/snmp6"))) {
            String[] kv = l.trim().split("\\s+");
            if (kv.length == 2) {
                switch (kv[0]) {
                    case "Udp6RcvbufErrors" -> rcvbuf += parse(kv[1]);
                    case "Udp6SndbufErrors" -> sndbuf += parse(kv[1]);
                    case "Udp6InErrors" -> in += parse(kv[1]);
                    default -> {
                    }
                }
            }
        }
        return new UdpSockets.Counters(rcvbuf, sndbuf, in);
    }

    /** {@code net.core.<name>} ({@code rmem_max}, {@code wmem_max}), null when unreadable. */
    Long netCore(String name) {
        List<String> l = lines(proc.resolve("sys/net/core").resolve(name));
        if (l.isEmpty()) {
            return null;
        }
        try {
            return Long.parseLong(l.get(0).trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static long field(String[] names, String[] values, String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return parse(values[i]);
            }
        }
        return 0;
    }

    private static long parse(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static List<String> lines(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /**
     * The warning of {@code dropped} datagrams the kernel dropped in a window, with the buffers that were in effect:
     * what to raise and how.
     */
    static String dropWarning(UdpSockets u) {
        return String.format(Locale.ROOT, "%d UDP datagrams dropped by the kernel in the measured phase (UDP "
                + "InErrors + SndbufErrors of this network namespace, /proc/net/snmp): raise net.core.rmem_max and "
                + "net.core.wmem_max (now %s and %s bytes; e.g. sysctl -w net.core.rmem_max=7500000) so QUIC's sockets "
                + "can have larger buffers (SO_RCVBUF %s, SO_SNDBUF %s bytes here): lost datagrams are resent after "
                + "a loss timer, and the throughput is then the buffers', not the server's",
                u.dropped(), u.rmemMax(), u.wmemMax(), u.soRcvbuf(), u.soSndbuf());
    }
}
