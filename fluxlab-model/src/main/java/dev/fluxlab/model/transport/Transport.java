package dev.fluxlab.model.transport;

import dev.fluxlab.model.Labelled;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The event-loop transports fluxlab knows, by the names every command line, suite and readiness line uses. The
 * injector and the targets map them to Netty classes themselves; which concrete transport {@link #NATIVE} means is
 * {@link NativeOrder}'s business. The explicit choices either take effect or fail, never fall back silently.
 */
public enum Transport implements Labelled {
    /** The best available native transport, in the order {@link NativeOrder} gives; NIO when there is none. */
    NATIVE("native"),
    IO_URING("io_uring"),
    EPOLL("epoll"),
    NIO("nio");

    /** A second name of {@link #IO_URING}, without the underscore, that the command lines have always taken. */
    private static final String IO_URING_ALIAS = "iouring";

    private final String label;

    Transport(String label) {
        this.label = label;
    }

    /** The command-line and readiness name ({@code native}, {@code io_uring}, {@code epoll}, {@code nio}). */
    @Override
    public String label() {
        return label;
    }

    /** Whether this is a concrete transport rather than the {@link #NATIVE} request. */
    public boolean isConcrete() {
        return this != NATIVE;
    }

    /**
     * Parses a command-line name as {@link Labelled} does, and {@code iouring} as {@code io_uring}.
     *
     * @throws IllegalArgumentException naming the value and the accepted names
     */
    public static Transport of(String label) {
        return Labelled.find(Transport.class, label).or(() -> alias(label)).orElseThrow(() ->
                new IllegalArgumentException(Labelled.refusal("transport", label, List.of(values()))));
    }

    /** {@link #IO_URING} for its alias, written as loosely as a name (trimmed, any case). */
    private static Optional<Transport> alias(String label) {
        return label != null && label.trim().toLowerCase(Locale.ROOT).equals(IO_URING_ALIAS)
                ? Optional.of(IO_URING) : Optional.empty();
    }

    @Override
    public String toString() {
        return label;
    }
}
