package dev.fluxlab.model.claim;

import dev.fluxlab.model.run.FigureName;

import java.util.List;

/**
 * A claim of a suite, checked against the suite's cells when it was loaded: what a source (a seed write-up) says
 * about some cells' figure, judged after every run by {@link ClaimJudge}.
 *
 * @param title    the claim in words, e.g. {@code non-blocking >> blocking}
 * @param source   where it comes from, e.g. the seed file {@code 002_d04c1b3181923e70.txt}
 * @param quote    the source's own figures, quoted (may be null)
 * @param figure   the figure compared
 * @param relation what the source says about it
 * @param cells    the compared cells, in the relation's order (A, B, ...)
 * @param needsCores the cores the claim's effect needs to show (null: any machine judges it)
 */
public record Claim(String title, String source, String quote, FigureName figure, Relation relation,
                    List<ClaimCell> cells, Integer needsCores) {

    /** A claim any machine can judge. */
    public Claim(String title, String source, String quote, FigureName figure, Relation relation,
                 List<ClaimCell> cells) {
        this(title, source, quote, figure, relation, cells, null);
    }

    /** Why this machine, with {@code cores} cores (null: not known), cannot judge the claim; empty when it can. */
    public java.util.Optional<String> notJudgeable(Integer cores) {
        if (needsCores == null || cores == null || cores >= needsCores) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of("not judgeable on this machine: the effect needs " + needsCores + " cores (its "
                + "needs.cores) and this machine has " + cores);
    }

    /**
     * One compared cell.
     *
     * @param id      the cell's id in the run
     * @param label   the knob values that tell it apart from the claim's other cells
     * @param claimed the source's figure for it (may be null)
     */
    public record ClaimCell(String id, String label, Double claimed) {
    }
}
