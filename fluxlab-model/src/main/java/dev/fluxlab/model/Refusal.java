package dev.fluxlab.model;

import java.util.Collection;

/**
 * The lab's one wording of a value that is none of a known list, {@code unknown <what> '<value>'; accepted: a, b, c}:
 * the names of a {@link Labelled} enum ({@link Labelled#refusal}) and every list of plain strings (GCs, HTTP methods,
 * injectors, a knob's values), so a refusal reads the same wherever the list comes from. What the list alone does not
 * say (what the names mean, why no other is offered) follows in parentheses.
 */
public final class Refusal {

    private Refusal() {
    }

    /**
     * {@code unknown <what> '<value>'; accepted: a, b, c}.
     *
     * @param what     what the value stands for ("GC", "injector")
     * @param value    the value as written
     * @param accepted the values accepted there, in the order to list them
     */
    public static String unknown(String what, String value, Collection<String> accepted) {
        return unknown(what, value, accepted, null);
    }

    /**
     * {@code unknown <what> '<value>'; accepted: a, b, c (<aside>)}: the list followed by what it alone does not say.
     *
     * @param aside what follows the list in parentheses (what the names mean, the rest of a long list); null for none
     */
    public static String unknown(String what, String value, Collection<String> accepted, String aside) {
        return "unknown " + what + " '" + value + "'; accepted: " + String.join(", ", accepted)
                + (aside == null ? "" : " (" + aside + ")");
    }
}
