package dev.fluxlab.model.claim;

import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.run.FigureName;
import dev.fluxlab.model.run.RunResult;

import java.util.List;
import java.util.Optional;

/**
 * A run's recorded claims ({@code RunResult.claims}) judged again by this fluxlab's {@link ClaimJudge}, on the inputs
 * the run judged them on: its recorded cells (figures, validity, warnings) and its recorded noise floor. A recorded
 * claim holds everything its judgement needs (the compared cells by id with their labels and claimed figures, the
 * figure, the relation), so neither the suite file nor the cells' own verdicts are read or changed: only the claims'
 * verdicts follow the judging rules of the fluxlab at hand. A claim whose figure or relation this fluxlab does not
 * know is kept as recorded.
 */
public final class RecordedClaims {

    private RecordedClaims() {
    }

    /** {@code run}'s claims judged again, in their recorded order; null when the run recorded none. */
    public static List<ClaimResult> rejudged(RunResult run) {
        if (run.claims() == null || run.claims().isEmpty()) {
            return run.claims();
        }
        return run.claims().stream().map(recorded -> claim(recorded)
                .map(c -> ClaimJudge.judge(List.of(c), run.cells(), run.noise(), run.trials(),
                        run.environment() == null ? null : run.environment().cpus()).get(0))
                .orElse(recorded)).toList();
    }

    /** The claim a result was judged from; empty when its figure, relation or cells are not ones this fluxlab judges. */
    static Optional<Claim> claim(ClaimResult recorded) {
        FigureName figure = recorded.figure() == null ? null : FigureName.parse(recorded.figure());
        Relation relation;
        try {
            relation = Relation.parse(recorded.relation());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        int n = recorded.cells() == null ? 0 : recorded.cells().size();
        if (figure == null || figure.isRatio() || n < relation.minCells() || n > relation.maxCells()
                || recorded.cells().stream().anyMatch(m -> m == null || m.id() == null)) {
            return Optional.empty();
        }
        return Optional.of(new Claim(recorded.claim(), recorded.source(), recorded.quote(), figure, relation,
                recorded.cells().stream().map(m -> new Claim.ClaimCell(m.id(), m.label(), m.claimed())).toList(),
                recorded.needsCores()));
    }
}
