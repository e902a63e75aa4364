package dev.fluxlab.model.run;

import java.util.ArrayList;
import java.util.List;

/**
 * How far one steady load's throughput moves between adjacent windows of a given length: the noise a measurement of
 * that length carries on this machine before a second JVM, repeat or cell adds its own. The measured phase's full
 * seconds are cut into consecutive windows of {@code windowSeconds}; each pair of neighbours gives
 * {@link NoiseFloor#disagreement}, the disagreement an A/A pair ({@code fluxlab run --aa}) is measured by, and the
 * figure is their median and worst. An A/A floor well above the figure for the suite's window
 * length says the rest comes from between the repeats (the machine's slower moves, a JVM's state); one close to it
 * says a longer window is the lever.
 *
 * <p>Why it is worth a line: on this project's 2-core VM, one 150 s HTTP/1.1 load on a warm Reactor Netty target
 * (2026-12-01) gave adjacent 4 s windows a median disagreement of 5.6 % (worst 26 %), 8 s windows 4.0 % (worst
 * 22.5 %): consecutive seconds are correlated (lag-1 autocorrelation 0.65, gone by about 5 s) and the rate wanders
 * more slowly besides, so the noise falls far more slowly than with the square root of the window.
 *
 * @param windowSeconds the window length, in seconds
 * @param pairs         adjacent window pairs compared
 * @param medianPct     the median disagreement of those pairs, in percent
 * @param worstPct      the largest, in percent
 */
public record WindowNoise(int windowSeconds, int pairs, double medianPct, double worstPct) {

    /** Fewest adjacent pairs a window length needs before its figure is stated. */
    public static final int MIN_PAIRS = 5;

    /**
     * The figure for windows of 1, 2, 4, 8 ... seconds, as long as the series holds at least {@link #MIN_PAIRS}
     * adjacent pairs of them (a trailing part shorter than a window is left out); empty for a shorter series. A pair
     * of two empty windows is left out (nothing to compare); one empty window beside a full one disagrees by 200 %.
     *
     * @param perSecond the measured phase's full seconds, in order (responses per second)
     */
    public static List<WindowNoise> of(List<? extends Number> perSecond) {
        List<WindowNoise> out = new ArrayList<>();
        for (int w = 1; perSecond.size() / w - 1 >= MIN_PAIRS; w *= 2) {
            double[] means = new double[perSecond.size() / w];
            for (int i = 0; i < means.length; i++) {
                double sum = 0;
                for (int s = i * w; s < (i + 1) * w; s++) {
                    sum += perSecond.get(s).doubleValue();
                }
                means[i] = sum / w;
            }
            List<Double> gaps = new ArrayList<>();
            for (int i = 1; i < means.length; i++) {
                double gap = NoiseFloor.disagreement(means[i - 1], means[i]);
                if (!Double.isNaN(gap)) {
                    gaps.add(gap * 100);
                }
            }
            if (gaps.size() >= MIN_PAIRS) {
                Stat s = Stat.of(gaps);
                out.add(new WindowNoise(w, gaps.size(), s.median(), s.max()));
            }
        }
        return List.copyOf(out);
    }
}
