package dev.fluxlab.model.decide;


/**
 * How much of a claim's error rate a trial may spend by a given fraction of its rounds, so that it can look at its
 * windows after every round and stop as soon as they decide, without the repeated looks inflating the chance of a
 * wrong verdict.
 *
 * <p>The rule is the Lan-DeMets spending function of the Pocock type, {@code alpha(t) = alpha ln(1 + (e - 1) t)}
 * for the fraction {@code t} of the planned rounds done: the error rate is spent about evenly over the looks, so a
 * large effect is decided at the first look (with 5 of 40 rounds, the first spends 0.0097 of an alpha of 0.05; the
 * O'Brien-Fleming type would spend 3.0e-8 there, whose Student-t quantile at 4 degrees of freedom is in the hundreds, and
 * not even a 171x difference could stop the trial), at some cost in power at the last look.
 *
 * <p>How the looks are combined is deliberately simple: each look's interval is computed at its own increment,
 * {@link #atLook}, and the looks are joined by the union bound (Bonferroni over looks). The increments sum to at most
 * alpha, so the chance that any look's interval misses the true ratio is at most alpha, whatever the correlation
 * between looks. That is conservative: the looks share most of their windows, and a boundary computed from their
 * joint distribution would be narrower. The price is power, not validity.
 */
public final class AlphaSpending {

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
        return alpha * Math.log1p((Math.E - 1) * t);
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
