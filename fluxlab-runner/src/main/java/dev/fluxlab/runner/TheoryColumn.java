package dev.fluxlab.runner;

import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.theory.Placement;
import dev.fluxlab.model.theory.Theory;
import dev.fluxlab.model.theory.TheoryResult;
import java.util.List;
import java.util.Map;

/**
 * The theory figure of a cell ({@code CellResult.theory}): when its scenario names a {@code theory} placement, the
 * throughput {@link Theory} predicts from the entry target's readiness line (the sizes it really ran with) and the
 * load's concurrency, compared with the measured median.
 */
final class TheoryColumn {

    private TheoryColumn() {
    }

    /** The cell's theory figure, or null when the scenario names none or the target did not announce its sizes. */
    static TheoryResult of(Cell cell, List<RepeatResult> repeats, CellSummary summary) {
        Map<String, String> readiness = repeats.stream()
                .map(RepeatResult::readiness)
                .filter(r -> r != null && r.get(cell.entry()) != null)
                .map(r -> r.get(cell.entry()))
                .findFirst().orElse(null);
        TheoryResult p = predict(cell, readiness);
        if (p == null) {
            return null;
        }
        Double measured = summary == null || summary.throughputRps() == null ? null
                : summary.throughputRps().median();
        return Theory.compare(p, measured);
    }

    /**
     * The throughput theory allows {@code cell} with the sizes one repeat's targets announced ({@code readiness}, by
     * process name; may be null): the ceiling its verdict weighs a compiling JVM against; null when the scenario names
     * no placement or the entry target did not announce its sizes.
     */
    static Double ceiling(Cell cell, Map<String, Map<String, String>> readiness) {
        TheoryResult p = predict(cell, readiness == null ? null : readiness.get(cell.entry()));
        return p == null ? null : p.predictedRps();
    }

    private static TheoryResult predict(Cell cell, Map<String, String> entryReadiness) {
        if (cell.scenario() == null || cell.scenario().theory() == null) {
            return null;
        }
        Cell.CellLoad load = cell.load();
        int concurrency = load.connections() * (load.inFlight() == null ? 1 : load.inFlight());
        return Theory.predict(Placement.of(cell.scenario().theory()), entryReadiness, concurrency).orElse(null);
    }
}
