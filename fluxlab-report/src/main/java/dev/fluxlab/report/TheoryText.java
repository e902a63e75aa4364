package dev.fluxlab.report;

import dev.fluxlab.model.theory.Theory;
import dev.fluxlab.model.theory.TheoryResult;
import java.util.ArrayList;
import java.util.List;

/**
 * How the reports show {@code CellResult.theory}: the predicted req/s next to the measured value, the ratio, and
 * {@code GAP} when they are far apart (the lab, or the understanding, is wrong), plus one line per cell saying
 * where the prediction comes from.
 */
final class TheoryText {

    /** The word that flags a large gap between measured and predicted. */
    static final String GAP = "GAP";

    private TheoryText() {
    }

    /** {@code 200}, {@code 200 x0.97}, or {@code 2,000 x0.12 GAP}. */
    static String predicted(TheoryResult t) {
        String s = Numbers.integer(t.predictedRps());
        if (t.ratio() != null) {
            s = s + " x" + String.format(java.util.Locale.ROOT, "%.2f", t.ratio());
        }
        return Boolean.TRUE.equals(t.gap()) ? s + " " + GAP : s;
    }

    /** The theory section: a legend and one line per cell with a theory figure; empty when there is none. */
    static List<String> lines(ReportModel model) {
        List<String> out = new ArrayList<>();
        for (CellView c : model.cells()) {
            TheoryResult t = c.cell().theory();
            if (t == null) {
                continue;
            }
            if (out.isEmpty()) {
                out.add("Theory: threads that can hold the blocking call at once / sleep, capped by the requests in "
                        + "flight; x = measured / predicted, " + GAP + " outside " + Theory.LOW + ".." + Theory.HIGH);
            }
            String measured = c.throughput().n() == 0 ? "-" : Numbers.integer(c.throughput().median());
            out.add("  #" + c.cell().index() + " " + c.label() + ": " + t.placement() + ", " + t.basis() + " = "
                    + Numbers.integer(t.predictedRps()) + " req/s; measured " + measured
                    + (t.ratio() == null ? "" : String.format(java.util.Locale.ROOT, " (x%.2f)", t.ratio()))
                    + (Boolean.TRUE.equals(t.gap()) ? " " + GAP : ""));
        }
        return out;
    }
}
