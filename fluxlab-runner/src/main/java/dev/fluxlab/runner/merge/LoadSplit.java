package dev.fluxlab.runner.merge;

import dev.fluxlab.model.placement.Shares;

import java.util.Arrays;
import java.util.List;

/**
 * How one load profile is shared by N injector processes. Connections are whole, shared as {@link Shares} says:
 * each injector gets {@code connections / n}, and the first {@code connections % n} injectors one more. The open
 * model's rate is split evenly ({@code rate / n} each; the injector takes fractional rates), so every injector sends
 * at the same pace. In-flight requests are per connection and stay as they are.
 *
 * @param connections each injector's connections, in injector order
 * @param rates       each injector's rate in requests per second, or null for the closed model
 */
public record LoadSplit(List<Integer> connections, List<Double> rates) {

    public LoadSplit {
        connections = List.copyOf(connections);
        rates = rates == null ? null : List.copyOf(rates);
    }

    /**
     * Splits {@code connections} (and {@code rate}, null for the closed model) between {@code injectors} processes.
     *
     * @throws IllegalArgumentException when there are fewer connections than injectors (an injector with no
     *                                   connection would measure nothing), or a count is not positive
     */
    public static LoadSplit of(int connections, Double rate, int injectors) {
        if (injectors < 1) {
            throw new IllegalArgumentException("injectors must be at least 1, got " + injectors);
        }
        if (connections < injectors) {
            throw new IllegalArgumentException(injectors + " injectors need at least " + injectors
                    + " connections (one each), got " + connections + ": raise connections or use fewer injectors");
        }
        List<Integer> c = Shares.of(connections, injectors);
        List<Double> r = null;
        if (rate != null) {
            Double[] each = new Double[injectors];
            Arrays.fill(each, rate / injectors);
            r = List.of(each);
        }
        return new LoadSplit(c, r);
    }

    /** Number of injectors. */
    public int size() {
        return connections.size();
    }
}
