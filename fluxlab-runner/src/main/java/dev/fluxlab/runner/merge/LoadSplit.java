package dev.fluxlab.runner.merge;

import dev.fluxlab.model.placement.Shares;

import java.util.Arrays;
import java.util.List;

/**
 * How one load profile is shared by N injector processes. Connections are whole, shared as {@link Shares} says:
 * each injector gets {@code connections / n}, and the first {@code connections % n} injectors one more. The open
 * model's rate is split evenly ({@code rate / n} each; the injector takes fractional rates), so every injector sends
 * at the same pace. A request count ({@code requests: N}) is shared in proportion to the connections, so the
 * injectors finish together and the cell measures N, not N per injector. In-flight requests are per connection and
 * stay as they are.
 *
 * @param connections each injector's connections, in injector order
 * @param rates       each injector's rate in requests per second, or null for the closed model
 * @param requests    each injector's request count, or null when the phase is bounded by time
 */
public record LoadSplit(List<Integer> connections, List<Double> rates, List<Long> requests) {

    public LoadSplit {
        connections = List.copyOf(connections);
        rates = rates == null ? null : List.copyOf(rates);
        requests = requests == null ? null : List.copyOf(requests);
    }


    /**
     * Splits {@code connections} (and {@code rate}, null for the closed model) between {@code injectors} processes.
     *
     * @throws IllegalArgumentException when there are fewer connections than injectors (an injector with no
     *                                   connection would measure nothing), or a count is not positive
     */
    public static LoadSplit of(int connections, Double rate, Long requests, int injectors) {
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
        return new LoadSplit(c, r, requests == null ? null : byConnections(requests, c, connections));
    }

    /** {@code requests} shared in proportion to each injector's connections; the remainder one each from the first. */
    private static List<Long> byConnections(long requests, List<Integer> each, int connections) {
        List<Long> out = new java.util.ArrayList<>();
        long given = 0;
        for (int c : each) {
            long share = requests * c / connections;
            out.add(share);
            given += share;
        }
        for (int i = 0; given < requests; i = (i + 1) % out.size(), given++) {
            out.set(i, out.get(i) + 1);
        }
        return out;
    }

    /** Number of injectors. */
    public int size() {
        return connections.size();
    }
}
