package dev.fluxlab.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * An enum whose constants have a command-line name ({@code pooled-direct}, {@code scheduled-pool}), parsed in one way
 * everywhere: trimmed, case-insensitive, and refused with the list of accepted names.
 */
public interface Labelled {

    /** The name on the command line and in readiness lines. */
    String label();

    /**
     * The constant of {@code type} named {@code label}.
     *
     * @param what what the name stands for, for the refusal ("allocator")
     * @throws IllegalArgumentException naming the value and every accepted name
     */
    static <E extends Enum<E> & Labelled> E parse(Class<E> type, String label, String what) {
        String l = label == null ? "" : label.trim().toLowerCase(Locale.ROOT);
        for (E e : type.getEnumConstants()) {
            if (e.label().equals(l)) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown " + what + " '" + label + "'; accepted: "
                + Arrays.stream(type.getEnumConstants()).map(Labelled::label).collect(Collectors.joining(", ")));
    }
}
