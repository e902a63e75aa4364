package dev.fluxlab.model.placement;

import java.util.ArrayList;
import java.util.List;

/**
 * How a whole number of things is shared by several takers, wherever fluxlab splits something: connections between
 * injectors, a CPU list between injectors, injectors between hosts. Each taker gets {@code total / parts}, and the
 * first {@code total % parts} takers one more, so the shares differ by at most one and add up exactly (10 over 3:
 * 4, 3, 3).
 */
public final class Shares {

    private Shares() {
    }

    /**
     * The shares of {@code total} between {@code parts} takers, in taker order.
     *
     * @throws IllegalArgumentException when {@code parts} is not positive or {@code total} negative
     */
    public static List<Integer> of(int total, int parts) {
        if (parts < 1 || total < 0) {
            throw new IllegalArgumentException("cannot share " + total + " between " + parts);
        }
        List<Integer> out = new ArrayList<>(parts);
        for (int i = 0; i < parts; i++) {
            out.add(total / parts + (i < total % parts ? 1 : 0));
        }
        return List.copyOf(out);
    }
}
