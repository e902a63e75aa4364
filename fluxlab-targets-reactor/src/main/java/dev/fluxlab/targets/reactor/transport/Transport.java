package dev.fluxlab.targets.reactor.transport;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The event-loop transport a target runs on, named as Reactor Netty names them. {@link #NATIVE} asks for the best
 * one available (io_uring, then epoll, then NIO), as Reactor Netty's {@code runOn(loops, true)} does; the others
 * are explicit choices that either take effect or fail.
 */
public enum Transport {
    NATIVE("native"),
    IO_URING("io_uring"),
    EPOLL("epoll"),
    NIO("nio");

    private final String label;

    Transport(String label) {
        this.label = label;
    }

    /** The command-line and readiness name ({@code io_uring}, {@code epoll}, {@code nio}, {@code native}). */
    public String label() {
        return label;
    }

    /** Whether this is a concrete transport rather than the {@link #NATIVE} request. */
    public boolean isConcrete() {
        return this != NATIVE;
    }

    /**
     * Parses a command-line name.
     *
     * @throws IllegalArgumentException listing the accepted names
     */
    public static Transport of(String label) {
        String l = label == null ? "" : label.trim().toLowerCase(Locale.ROOT);
        for (Transport t : values()) {
            if (t.label.equals(l) || (t == IO_URING && l.equals("iouring"))) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown transport '" + label + "'; expected one of "
                + Arrays.stream(values()).map(Transport::label).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return label;
    }
}
