package dev.fluxlab.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What one process announced on its readiness line, read through the contract's names ({@link Readiness}): the
 * attributes every reader needs come typed ({@link #port()}, {@link #protocol()}, ...), any other one by its name
 * ({@link #get}). It exists so that no reader spells an attribute's name or parses its value on its own.
 *
 * @param values the attributes in the line's order, unmodifiable; kept as they were written, so that results.json
 *               and the {@code ${process.attribute}} placeholders see every attribute, known or not
 */
public record ReadinessAttributes(Map<String, String> values) {

    /** An empty set of attributes: a process that announced nothing. */
    public static final ReadinessAttributes NONE = new ReadinessAttributes(Map.of());

    /** Copies {@code values} in their order, so the attributes cannot change under a reader. */
    public ReadinessAttributes {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(values, "values")));
    }

    /** The attributes of {@code values}, or {@link #NONE} when it is null (a process with no readiness line). */
    public static ReadinessAttributes of(Map<String, String> values) {
        return values == null ? NONE : new ReadinessAttributes(values);
    }

    /** The value of attribute {@code name}, as written; null when the line does not carry it. */
    public String get(String name) {
        return values.get(name);
    }

    /** The port the process listens on ({@code 0}: it binds none); empty when absent or not a number. */
    public Optional<Integer> port() {
        return integer(Readiness.PORT);
    }

    /** The protocol the process serves. */
    public Optional<String> protocol() {
        return text(Readiness.PROTOCOL);
    }

    /** The transport the process really uses. */
    public Optional<String> transport() {
        return text(Readiness.TRANSPORT);
    }

    /** The processors the process counted; empty when absent or not a non-negative number. */
    public Optional<Integer> processors() {
        return integer(Readiness.PROCESSORS).filter(n -> n >= 0);
    }

    /** Where the other processes reach this one, when the runner noted it. */
    public Optional<String> host() {
        return text(Readiness.HOST);
    }

    /** The stats document's path or absolute URL, when the process serves one. */
    public Optional<String> stats() {
        return text(Readiness.STATS);
    }

    private Optional<String> text(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /**
     * Attribute {@code name} as a whole number (a size a target announces, e.g. {@link Readiness#WORKERS}); empty when
     * absent or not one.
     */
    public Optional<Integer> integer(String name) {
        String v = values.get(name);
        if (v == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Integer.valueOf(v.strip()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
