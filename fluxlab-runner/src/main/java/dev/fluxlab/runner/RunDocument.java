package dev.fluxlab.runner;

import dev.fluxlab.model.claim.Claim;
import dev.fluxlab.model.claim.ClaimJudge;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.NoiseFloor;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.runner.verdict.CrossCheck;
import dev.fluxlab.runner.verdict.MachineDrift;
import dev.fluxlab.runner.verdict.Plausibility;
import dev.fluxlab.runner.verdict.RepeatAgreement;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The run document as it changes during a run: cells in suite order, status and end time. */
final class RunDocument {

    private RunDocument() {
    }

    /** The finished cells in the suite's order; cells of a previous document the suite no longer has come last. */
    static List<CellResult> ordered(List<Cell> cells, Map<String, CellResult> done) {
        List<CellResult> out = new ArrayList<>();
        for (Cell c : cells) {
            CellResult r = done.get(c.id());
            if (r != null) {
                out.add(r);
            }
        }
        // cells of the previous document that the suite no longer has are kept at the end
        done.forEach((id, r) -> {
            if (cells.stream().noneMatch(c -> c.id().equals(id))) {
                out.add(r);
            }
        });
        return out;
    }

    static RunResult withCells(RunResult r, List<CellResult> cells, String status) {
        return new RunResult(r.schema(), r.runId(), r.suite(), r.suiteFile(), r.description(), status, r.startedAt(),
                r.finishedAt(), r.environment(), r.tables(), r.settings(), cells, r.noise(), r.claims(), r.hosts(), r.trials());
    }

    /**
     * The run's cross-cell judgements, applied when it ends: fluxlab against its peers ({@link CrossCheck}), each
     * target's CPU per request against its sibling cells ({@link Plausibility}), the run's noise floor and the cells
     * whose repeats disagree ({@link RepeatAgreement}), and repeats taken while the machine itself ran at
     * another speed than when the run started ({@link MachineDrift}); then the suite's claims on the judged cells
     * ({@link ClaimJudge}).
     */
    static RunResult judged(RunResult r, boolean aaPairs, List<Claim> claims) {
        List<CellResult> cells = Plausibility.flag(CrossCheck.flag(r.cells()));
        RepeatAgreement.Judged agreement = RepeatAgreement.judge(cells, aaPairs);
        NoiseFloor noise = agreement.floor();
        cells = agreement.cells();
        cells = MachineDrift.flag(cells, r.environment() == null ? null : r.environment().speedBefore());
        return new RunResult(r.schema(), r.runId(), r.suite(), r.suiteFile(), r.description(), r.status(),
                r.startedAt(), r.finishedAt(), r.environment(), r.tables(), r.settings(), cells, noise,
                ClaimJudge.judge(claims, cells, noise, r.trials(),
                        r.environment() == null ? null : r.environment().cpus()), r.hosts(), r.trials());
    }

    static RunResult finish(RunResult r, String status) {
        if (!"running".equals(r.status())) {
            return r;
        }
        return new RunResult(r.schema(), r.runId(), r.suite(), r.suiteFile(), r.description(), status, r.startedAt(),
                Instant.now().toString(), r.environment(), r.tables(), r.settings(), r.cells(), r.noise(), r.claims(), r.hosts(), r.trials());
    }
}
