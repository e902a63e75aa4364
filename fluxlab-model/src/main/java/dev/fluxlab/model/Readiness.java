package dev.fluxlab.model;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The readiness contract between a target and the runner: when a system under test is ready it prints
 * exactly one line on stdout, {@code fluxlab-ready key=value key=value ...}, with at least
 * {@code port}, {@code protocol} and {@code transport} (the transport actually in use, not the one asked for), and
 * {@code processors}: the JVM's {@code availableProcessors}, added by {@link #line(Map)} itself, so the runner sees
 * whether a process placed on CPUs counts them as its default thread pools will.
 */
public final class Readiness {

    public static final String PREFIX = "fluxlab-ready";
    /** The attribute carrying the JVM's {@code availableProcessors}. */
    public static final String PROCESSORS = "processors";

    private Readiness() {
    }

    /**
     * Formats the line from ordered attributes, e.g. {@code fluxlab-ready port=8080 protocol=h2c transport=epoll
     * processors=2}; {@code processors} is this JVM's {@code availableProcessors} unless the attributes give it.
     */
    public static String line(Map<String, ?> attributes) {
        StringBuilder sb = new StringBuilder(PREFIX);
        attributes.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        if (!attributes.containsKey(PROCESSORS)) {
            sb.append(' ').append(PROCESSORS).append('=').append(Runtime.getRuntime().availableProcessors());
        }
        return sb.toString();
    }

    /** Parses a readiness line; empty when {@code line} is not one. */
    public static Optional<Map<String, String>> parse(String line) {
        if (line == null || !(line.equals(PREFIX) || line.startsWith(PREFIX + " "))) {
            return Optional.empty();
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String token : line.substring(PREFIX.length()).trim().split("\\s+")) {
            int eq = token.indexOf('=');
            if (eq > 0) {
                out.put(token.substring(0, eq), token.substring(eq + 1));
            }
        }
        return Optional.of(out);
    }
}
