package dev.fluxlab.report;

import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.run.RunResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How one claim's verdict moved between two runs ({@code compare}). Claims are matched by their words, figure and
 * relation; a claim only one run judged has {@code -} on the other side.
 *
 * @param claim the claim in words with its figure and relation
 * @param a     A's verdict, {@code -} when A did not judge it
 * @param b     B's verdict, {@code -} when B did not judge it
 */
public record ClaimMove(String claim, String a, String b) {

    static final String NONE = "-";

    /** Whether the verdict differs between the runs. */
    public boolean moved() {
        return !a.equals(b);
    }

    /** {@code non-blocking >> blocking (throughput_rps >= 10x): confirmed -> inconclusive}. */
    public String text() {
        return claim + ": " + a + (moved() ? " -> " + b : " (unchanged)");
    }

    /** Every claim either run judged, A's order first. */
    static List<ClaimMove> of(RunResult a, RunResult b) {
        Map<String, String[]> byKey = new LinkedHashMap<>();
        for (RunResult r : List.of(a, b)) {
            for (ClaimResult c : ClaimsView.of(r)) {
                String[] sides = byKey.computeIfAbsent(c.claim() + " (" + ClaimsView.relation(c) + ")",
                        k -> new String[]{NONE, NONE});
                sides[r == a ? 0 : 1] = c.verdict() == null ? NONE : c.verdict();
            }
        }
        List<ClaimMove> out = new ArrayList<>();
        byKey.forEach((k, v) -> out.add(new ClaimMove(k, v[0], v[1])));
        return out;
    }
}
