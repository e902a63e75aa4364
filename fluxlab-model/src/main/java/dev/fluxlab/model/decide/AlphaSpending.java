package dev.fluxlab.model.decide;

import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * How much of a claim's error rate a trial may spend by a given fraction of its rounds, so that it can look at its
 * windows after every round and stop as soon as they decide, without the repeated looks inflating the chance of a
 * wrong verdict.
 *
 * <p>The rule is the Lan-DeMets spending function of the O'Brien-Fleming type,
 * {@code alpha(t) = 2 - 2 Phi(z_(1-alpha/2) / sqrt(t))} for the fraction {@code t} of the planned rounds done: almost
 * nothing is spent early (at a tenth of the rounds, about 6e-10 of an alpha of 0.05), so an early stop needs an
 * effect far beyond the noise, and nearly the whole alpha is left for the end.
 *
 * <p>How the looks are combined is deliberately simple: each look's interval is computed at its own increment,
 * {@link #atLook}, and the looks are joined by the union bound (Bonferroni over looks). The increments sum to at most
 * alpha, so the chance that any look's interval misses the true ratio is at most alpha, whatever the correlation
 * between looks. That is conservative: the looks share most of their windows, and a boundary computed from their
 * joint distribution would be narrower. The price is power, not validity.
 */
public final class AlphaSpending {

    private static final NormalDistribution STANDARD = NormalDistribution.of(0, 1);

    private AlphaSpending() {
    }

    /**
     * The error rate spent by the fraction {@code t} of the rounds: alpha for {@code t >= 1}, 0 for {@code t <= 0}.
     *
     * @param alpha the whole two-sided error rate, above 0 and below 1
     * @param t     rounds done over rounds planned
     */
    public static double spent(double alpha, double t) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be above 0 and below 1, not " + alpha);
        }
        if (Double.isNaN(t)) {
            throw new IllegalArgumentException("the fraction of rounds is not a number");
        }
        if (t >= 1) {
            return alpha;
        }
        if (t <= 0) {
            return 0;
        }
        double z = STANDARD.inverseSurvivalProbability(alpha / 2);
        // 2 - 2 Phi(x) as twice the upper tail, which keeps its digits where Phi(x) rounds to 1
        return 2 * STANDARD.survivalProbability(z / Math.sqrt(t));
    }

    /**
     * The error rate a look at {@code t} may spend when the previous look was at {@code tPrevious}:
     * {@code spent(t) - spent(tPrevious)}; 0 when {@code t} is not past {@code tPrevious}.
     *
     * @param alpha     the whole two-sided error rate
     * @param tPrevious the fraction of rounds at the previous look; 0 for the first
     * @param t         the fraction at this one
     */
    public static double atLook(double alpha, double tPrevious, double t) {
        return Math.max(0, spent(alpha, t) - spent(alpha, tPrevious));
    }
}
