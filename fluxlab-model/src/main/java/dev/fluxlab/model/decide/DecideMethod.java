package dev.fluxlab.model.decide;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How a claim's trial loads its cells in a round ({@code decide_method}). Both feed the same {@link Trial}: the
 * windows of one round are paired, whatever the method.
 *
 * <ul>
 *   <li>{@link #ALTERNATE}: one cell at a time, in a random order within each round, so that the machine's slow moves
 *       fall on every cell of a round alike (Abedi and Brecht's randomized interleaved trials).</li>
 *   <li>{@link #DUET}: every cell of the round at the same time, each by its own injector job of equal share, their
 *       measured phases started together, so that the machine's noise of that span falls on all of them at once
 *       (duet benchmarking, Bulej et al.). A round then costs one window instead of one per cell.</li>
 * </ul>
 */
public enum DecideMethod {
    ALTERNATE("alternate"),
    DUET("duet");

    private final String key;

    DecideMethod(String key) {
        this.key = key;
    }

    /** The name a suite and results.json use. */
    public String key() {
        return key;
    }

    /** The method named {@code key}; empty for an unknown name. */
    public static Optional<DecideMethod> byKey(String key) {
        return Arrays.stream(values()).filter(m -> m.key.equals(key)).findFirst();
    }

    /** Every accepted name, in order. */
    public static List<String> keys() {
        return Arrays.stream(values()).map(DecideMethod::key).toList();
    }

    /**
     * How many windows one after another a round of {@code cells} takes: each cell's under alternation, one under
     * duet (the rest run beside it). A round's wall time is that many settles, windows and job overheads.
     */
    public int windowsPerRound(int cells) {
        return this == DUET ? 1 : cells;
    }
}
