package dev.fluxlab.model;

import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * An enum whose constants have a written name ({@code pooled-direct}, {@code h2c}, {@code confirmed}) on the command
 * line, in suites, readiness lines or results files, looked up in one way everywhere: trimmed and case-insensitive.
 * {@link #parse} refuses an unknown name with the list of accepted ones; an enum that must tolerate unknown names
 * (say, when reading files older versions wrote) builds its own named, lenient lookup on {@link #find}.
 */
public interface Labelled {

    /** The written name: on the command line, in suites, readiness lines and results files. */
    String label();

    /**
     * The constant of {@code type} named {@code label}, if any: the one matching rule {@link #parse} refuses by.
     *
     * @param label the name as written; null and blank match nothing
     */
    static <E extends Enum<E> & Labelled> Optional<E> find(Class<E> type, String label) {
        String l = label == null ? "" : label.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(type.getEnumConstants()).filter(e -> e.label().equals(l)).findFirst();
    }

    /**
     * The constant of {@code type} named {@code label}.
     *
     * @param what what the name stands for, for the refusal ("allocator")
     * @throws IllegalArgumentException naming the value and every accepted name
     */
    static <E extends Enum<E> & Labelled> E parse(Class<E> type, String label, String what) {
        return find(type, label).orElseThrow(() -> new IllegalArgumentException(
                refusal(what, label, Arrays.asList(type.getEnumConstants()))));
    }

    /**
     * The lab's one wording of a refused name, {@code unknown <what> '<label>'; accepted: a, b, c}: {@link #parse}'s,
     * and that of a lookup {@code parse} does not fit (a second name for a constant, a subset of an enum). It is
     * {@link Refusal#unknown}'s, which words a list of plain strings the same.
     *
     * @param what     what the name stands for ("transport")
     * @param label    the name as written
     * @param accepted the names accepted there, in the order to list them
     */
    static String refusal(String what, String label, Collection<? extends Labelled> accepted) {
        return refusal(what, label, accepted, null);
    }

    /**
     * As {@link #refusal(String, String, Collection)}, the list followed by what it alone does not say ({@link
     * Refusal#unknown(String, String, Collection, String)}).
     *
     * @param aside what follows the list in parentheses (what the names mean); null for none
     */
    static String refusal(String what, String label, Collection<? extends Labelled> accepted, String aside) {
        return Refusal.unknown(what, label, accepted.stream().map(Labelled::label).toList(), aside);
    }

    /** Every name of {@code type} in declaration order, comma-separated, for refusals and help texts. */
    static <E extends Enum<E> & Labelled> String accepted(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(Labelled::label).collect(Collectors.joining(", "));
    }
}
