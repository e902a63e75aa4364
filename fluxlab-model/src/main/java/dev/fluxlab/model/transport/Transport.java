package dev.fluxlab.model.transport;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The event-loop transports fluxlab knows, by the names every command line, suite and readiness line uses. The
 * injector and the targets map them to Netty classes themselves; which concrete transport {@link #NATIVE} means is
 * {@link NativeOrder}'s business. The explicit choices either take effect or fail, never fall back silently.
 */
public enum Transport {
    /** The best available native transport, in the order {@link NativeOrder} gives; NIO when there is none. */
    NATIVE("native"),
    IO_URING("io_uring"),
    EPOLL("epoll"),
    NIO("nio");

    private final String label;

    Transport(String label) {
        this.label = label;
    }

    /** The command-line and readiness name ({@code native}, {@code io_uring}, {@code epoll}, {@code nio}). */
    public String label() {
        return label;
    }

    /** Whether this is a concrete transport rather than the {@link #NATIVE} request. */
    public boolean isConcrete() {
        return this != NATIVE;
    }

    /**
     * Parses a command-line name ({@code iouring} is accepted for {@code io_uring}).
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
        throw new IllegalArgumentException("unknown transport '" + label + "'; expected one of " + names());
    }

    /** Every name, comma separated, for messages and help texts. */
    public static String names() {
        return Arrays.stream(values()).map(Transport::label).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return label;
    }
}
