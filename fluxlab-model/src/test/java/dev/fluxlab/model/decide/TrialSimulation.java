package dev.fluxlab.model.decide;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A simulated machine for {@link TrialTest}: each window's throughput is its cell's base rate times the machine's
 * speed at that window times the window's own lognormal noise, {@code exp(noise x N(0, 1))}. The speed is what the
 * interleaving is meant to cancel: a slow drift, or a step.
 */
final class TrialSimulation {

    /** The machine's log speed at a window, given its round and its position in the round's order. */
    interface Speed {
        double log(int round, int position, Random random);
    }

    /** A steady machine. */
    static Speed steady() {
        return (round, position, random) -> 0;
    }

    /** An AR(1) drift of the log speed from round to round, {@code x_r = phi x_(r-1) + sd e_r}, alike in a round. */
    static Speed drift(double phi, double sd) {
        double[] level = {0};
        return (round, position, random) -> {
            if (position == 0) {
                level[0] = phi * level[0] + sd * random.nextGaussian();
            }
            return level[0];
        };
    }

    /** The speed changes by {@code factor} (0.7 for -30 %) from the window at {@code position} of {@code round} on. */
    static Speed step(int round, int position, double factor) {
        return (r, p, random) -> r > round || r == round && p >= position ? Math.log(factor) : 0;
    }

    private TrialSimulation() {
    }

    /** Runs the trial round by round until it is done, as a runner would; its last look and every window measured. */
    static Result run(Trial trial, Random random, Map<String, Double> base, double noise, Speed speed) {
        List<Window> windows = new ArrayList<>();
        double clock = 0;
        for (int round = 0; ; round++) {
            List<String> order = trial.order(round, random);
            for (int p = 0; p < order.size(); p++) {
                String cell = order.get(p);
                double rps = base.get(cell) * Math.exp(speed.log(round, p, random) + noise * random.nextGaussian());
                Window w = new Window(cell, round, clock, 5, Math.round(rps * 5), 0, rps, null, null, null);
                trial.add(w);
                windows.add(w);
                clock += 5;
            }
            Trial.Look look = trial.look();
            if (trial.done(look)) {
                return new Result(look, List.copyOf(windows));
            }
        }
    }

    record Result(Trial.Look look, List<Window> windows) {
    }
}
