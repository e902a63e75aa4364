package dev.fluxlab.model.run;

/**
 * When two figures are too close to tell apart on the evidence of their repeats: the one rule {@code compare}'s
 * verdicts and the judging of a suite's claims share.
 *
 * <p>With {@code r = a / (x b)} and, for each side, {@code s = (max - min) / 2 / median} its relative half range over
 * the repeats, the band is {@code s(a) + s(b)}, at least a recorded noise floor, and at least
 * {@link #SINGLE_REPEAT_FLOOR} when a side has a single repeat (its noise is unknown). The figures are
 * indistinguishable when {@code |r - 1|} is within the band, or when both sides have repeats and the min-max range of
 * {@code a} overlaps that of {@code x b}.
 */
public final class NoiseBand {

    /** {@link #SINGLE_REPEAT_FLOOR} in percent, a constant that help texts (annotations) can quote. */
    public static final int SINGLE_REPEAT_FLOOR_PCT = 3;
    /** Smallest band assumed when a side has a single repeat. */
    public static final double SINGLE_REPEAT_FLOOR = SINGLE_REPEAT_FLOOR_PCT / 100.0;

    private NoiseBand() {
    }

    /** The relative band of {@code a} against {@code b}; see the class comment. */
    public static double band(Stat a, Stat b, double floor) {
        double band = Math.max(a.relativeSpread() + b.relativeSpread(), floor);
        return a.n() < 2 || b.n() < 2 ? Math.max(band, SINGLE_REPEAT_FLOOR) : band;
    }

    /**
     * Whether {@code a} cannot be told apart from {@code x} times {@code b}; both must have figures ({@code n > 0},
     * {@code b}'s median above 0).
     */
    public static boolean indistinguishable(Stat a, Stat b, double x, double floor) {
        double r = a.median() / (x * b.median());
        boolean overlap = a.n() >= 2 && b.n() >= 2 && a.min() <= x * b.max() && x * b.min() <= a.max();
        return overlap || Math.abs(r - 1) <= band(a, b, floor) + 1e-9;
    }
}
