package dev.fluxlab.targets.reactor.fanout;

import dev.fluxlab.model.Labelled;

/**
 * How the fan-out service handles the components it fetched (seed 003):
 * <ul>
 *   <li>{@code parallel}: {@code .parallel(2 x cores).runOn(Schedulers.parallel())}, each component handled on a
 *       rail;</li>
 *   <li>{@code parallel-n}: {@code .parallel(N).runOn(Schedulers.parallel())}, one rail per component;</li>
 *   <li>{@code mono}: collect the components, then handle them in a loop in one {@code Mono.map};</li>
 *   <li>{@code subscribe-on}: as {@code mono}, the whole chain {@code .subscribeOn(Schedulers.parallel())}.</li>
 * </ul>
 */
public enum Strategy implements Labelled {
    PARALLEL("parallel"),
    PARALLEL_N("parallel-n"),
    MONO("mono"),
    SUBSCRIBE_ON("subscribe-on");

    private final String label;

    Strategy(String label) {
        this.label = label;
    }

    /** The command-line, knob and path name. */
    @Override
    public String label() {
        return label;
    }

    /**
     * Parses a command-line / path name.
     *
     * @throws IllegalArgumentException listing the accepted names
     */
    public static Strategy of(String label) {
        return Labelled.parse(Strategy.class, label, "strategy");
    }

    @Override
    public String toString() {
        return label;
    }
}
