package dev.fluxlab.runner;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Cell;

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
                r.finishedAt(), r.environment(), r.tables(), r.settings(), cells, r.noise());
    }

    static RunResult finish(RunResult r, String status) {
        if (!"running".equals(r.status())) {
            return r;
        }
        return new RunResult(r.schema(), r.runId(), r.suite(), r.suiteFile(), r.description(), status, r.startedAt(),
                Instant.now().toString(), r.environment(), r.tables(), r.settings(), r.cells(), r.noise());
    }
}
