package dev.fluxlab.report;

import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.run.ClaimVerdict;
import dev.fluxlab.model.run.RunResult;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A run's judged claims ({@code RunResult.claims}) as every report shows them: a headline with the count per verdict,
 * and per claim its verdict, the claim and relation, each compared cell's claimed and measured figure, the evidence,
 * what theory predicts when it disagrees, and the source with its quote.
 */
final class ClaimsView {

    private ClaimsView() {
    }

    /** The run's claims, empty when it has none. */
    static List<ClaimResult> of(RunResult run) {
        return run.claims() == null ? List.of() : run.claims();
    }

    /** A claim's compared cells, empty when a damaged results.json has none. */
    static List<ClaimResult.Measured> cells(ClaimResult c) {
        return c.cells() == null ? List.of() : c.cells();
    }

    /** When a claim is inconclusive, as every report says it ({@code ClaimJudge}'s rule in words). */
    static final String INCONCLUSIVE = "an interleaved trial's interval still straddling the claim's threshold when "
            + "its budget (decide_max) was spent, or, for a claim not interleaved, within the noise band of the repeats "
            + "or a cell invalid, missing or measured while one of its JVMs was still compiling";

    /** {@code 3 confirmed, 1 contradicted, 2 inconclusive}. */
    static String headline(List<ClaimResult> claims) {
        Map<ClaimVerdict, Integer> counts = new EnumMap<>(ClaimVerdict.class);
        claims.forEach(c -> counts.merge(c.verdictValue(), 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        for (ClaimVerdict v : ClaimVerdict.values()) {
            parts.add(counts.getOrDefault(v, 0) + " " + v.label());
        }
        return String.join(", ", parts);
    }

    /** {@code throughput_rps >= 10x}. */
    static String relation(ClaimResult c) {
        return c.figure() + " " + c.relation();
    }

    /** One compared cell: {@code 03-elastic: claimed 9,110, measured 8,100 ±2%}. */
    static String cell(ClaimResult.Measured m) {
        String measured = m.valid() == null ? "not run"
                : m.measured() == null ? "no figure"
                : (Numbers.decimal(m.measured().median()) + " " + Numbers.spread(m.measured())).strip()
                + (m.valid() ? "" : " (invalid cell)");
        return m.label() + ": " + (m.claimed() == null ? "" : "claimed " + Numbers.decimal(m.claimed()) + ", ")
                + "measured " + measured;
    }

    /**
     * Under a decided claim's cells, when the verdict came from interleaved windows: the cells' own figures were
     * measured one after another, so the machine's drift between them (or an order effect) can make them disagree
     * with the verdict, which reads windows taken in turns. Null for a claim judged from repeats.
     */
    static String cellsNote(ClaimResult c) {
        return ClaimResult.INTERLEAVED.equals(c.basis()) ? "(the cells' figures, measured one after another; the "
                + "verdict reads the interleaved windows)" : null;
    }

    /** The source with its quote. */
    static String source(ClaimResult c) {
        return c.source() + (c.quote() == null || c.quote().isBlank() ? "" : ": \"" + c.quote() + "\"");
    }

    /**
     * What a report says when judging the claims again ({@link ReportModel#rejudged}) changed verdicts: which ones,
     * and that results.json keeps those recorded when the run ended; null when none changed.
     */
    static String rejudgedNote(List<ClaimMove> moved) {
        if (moved.isEmpty()) {
            return null;
        }
        return "Judged again by this fluxlab: " + moved.size() + (moved.size() == 1 ? " verdict differs" : " verdicts differ")
                + " from results.json, which keeps the verdicts recorded when the run ended (recorded -> now): "
                + String.join("; ", moved.stream().map(ClaimMove::text).toList());
    }

    /** The terminal lines (also summary.md's list items without markup); {@code moved}: see {@link #rejudgedNote}. */
    static List<String> lines(List<ClaimResult> claims, List<ClaimMove> moved) {
        List<String> out = new ArrayList<>();
        if (claims.isEmpty()) {
            return out;
        }
        out.add("Claims (" + headline(claims) + "; inconclusive = " + INCONCLUSIVE + ")");
        String note = rejudgedNote(moved);
        if (note != null) {
            out.add("  " + note);
        }
        for (ClaimResult c : claims) {
            out.add("  [" + c.verdict() + "] " + c.claim() + "  (" + relation(c) + ")");
            for (ClaimResult.Measured m : cells(c)) {
                out.add("      " + cell(m));
            }
            if (cellsNote(c) != null) {
                out.add("      " + cellsNote(c));
            }
            out.add("      evidence: " + c.reason());
            if (c.theory() != null) {
                out.add("      note: " + c.theory());
            }
            out.add("      source: " + source(c));
        }
        return out;
    }
}
