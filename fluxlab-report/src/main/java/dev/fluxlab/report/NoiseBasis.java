package dev.fluxlab.report;

import dev.fluxlab.model.run.NoiseFloor;
import dev.fluxlab.model.run.RunResult;

import java.util.ArrayList;
import java.util.List;

/**
 * What a comparison of two runs takes as noise, and which basis that is. A run's recorded {@link NoiseFloor} wins:
 * its {@code worstPct} (the largest disagreement of two measurements of one cell with nothing changed, cells flagged
 * bimodal left out) is the floor, the larger of the two runs' when both recorded one, so a difference called real
 * exceeds every A/A disagreement seen; the basis named is that of the run whose floor was taken.
 * Without a recorded floor each cell's own repeat spread is the noise, and {@link Comparison#SINGLE_RUN_FLOOR} the fixed
 * default where a side has a single repeat.
 *
 * @param basis which evidence the floor comes from
 * @param floor the relative floor every cell's band is at least (0 when none was recorded)
 * @param text  the basis in words, for the output
 */
public record NoiseBasis(Basis basis, double floor, String text) {

    /** Where the noise estimate comes from. */
    public enum Basis {
        AA_PAIRS("recorded A/A pairs"), REPEAT_SPREAD("repeat spread"), FIXED_DEFAULT("the fixed default");

        private final String text;

        Basis(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** The value of {@link NoiseFloor#basis()} for interleaved A/A cells. */
    public static final String AA_PAIRS = "aa-pairs";

    /**
     * The basis for comparing {@code a} with {@code b}.
     *
     * @param anyRepeats whether some matched cell has repeats on both sides (else only the fixed default is left)
     */
    public static NoiseBasis of(RunResult a, RunResult b, boolean anyRepeats) {
        List<String> recorded = new ArrayList<>();
        double floor = -1;
        boolean aa = false;
        for (RunResult r : List.of(a, b)) {
            NoiseFloor n = r.noise();
            String side = r == a ? "A" : "B";
            if (n == null) {
                recorded.add(side + " none recorded");
                continue;
            }
            boolean pairs = AA_PAIRS.equals(n.basis());
            if (n.worstPct() / 100 > floor) {
                floor = n.worstPct() / 100;
                aa = pairs;
            }
            String unit = pairs ? (n.pairs() == 1 ? " pair" : " pairs") : (n.pairs() == 1 ? " cell" : " cells");
            String left = n.bimodalCells() == null ? "" : ", " + n.bimodalCells()
                    + (n.bimodalCells() == 1 ? " bimodal cell" : " bimodal cells") + " left out";
            recorded.add(side + " " + n.pairs() + unit + " (" + n.basis() + "), worst "
                    + Numbers.percent(n.worstPct() / 100) + ", median " + Numbers.percent(n.medianPct() / 100) + left);
        }
        floor = Math.max(floor, 0);
        if (a.noise() != null || b.noise() != null) {
            Basis basis = aa ? Basis.AA_PAIRS : Basis.REPEAT_SPREAD;
            return new NoiseBasis(basis, floor, basis.text() + ": floor " + Numbers.percent(floor) + " (the worst recorded; "
                    + String.join("; ", recorded) + "), or more where a cell's repeats spread more");
        }
        if (anyRepeats) {
            return new NoiseBasis(Basis.REPEAT_SPREAD, 0, Basis.REPEAT_SPREAD.text() + " of each cell (no recorded noise floor; "
                    + Numbers.percent(Comparison.SINGLE_RUN_FLOOR) + " fixed default where a side has a single repeat)");
        }
        return new NoiseBasis(Basis.FIXED_DEFAULT, 0, Basis.FIXED_DEFAULT.text() + " of "
                + Numbers.percent(Comparison.SINGLE_RUN_FLOOR) + " (no recorded noise floor, single repeats)");
    }
}
