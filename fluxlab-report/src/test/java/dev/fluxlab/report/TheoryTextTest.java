package dev.fluxlab.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.theory.Placement;
import dev.fluxlab.model.theory.Theory;
import dev.fluxlab.model.theory.TheoryResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The theory figure next to the measured throughput, in the terminal and Markdown tables and the detail table. */
class TheoryTextTest {

    private static RunResult withTheory(double measuredOver) {
        RunResult run = Fixtures.run();
        List<CellResult> cells = new ArrayList<>();
        for (CellResult c : run.cells()) {
            double measured = c.summary().throughputRps().median();
            // a prediction that the first cell's measurement misses by the given factor
            TheoryResult p = Theory.predict(Placement.BOUNDED_ELASTIC,
                    Map.of("sleep-ms", "1000", "elastic-cap", String.valueOf((int) Math.round(measured / measuredOver))),
                    1_000_000).orElseThrow();
            TheoryResult t = Theory.compare(p, measured);
            cells.add(new CellResult(c.id(), c.index(), c.knobs(), c.versions(), c.repeats(), c.summary(), c.valid(),
                    c.reasons(), c.findings(), c.dir(), t, null));
        }
        return new RunResult(run.schema(), run.runId(), run.suite(), run.suiteFile(), run.description(), run.status(),
                run.startedAt(), run.finishedAt(), run.environment(), run.tables(), run.settings(), cells, run.noise());
    }

    @Test
    void closeMeasurementShowsTheTheoryWithoutAGap() {
        String text = String.join("\n", TextReport.lines(ReportModel.of(withTheory(1.0))));
        assertTrue(text.contains("(theory "), text);
        assertTrue(text.contains("theory req/s"), text);
        assertTrue(text.contains("Theory: threads that can hold the blocking call"), text);
        assertFalse(java.util.regex.Pattern.compile("x\\d+\\.\\d\\d\\)? " + TheoryText.GAP).matcher(text).find(), text);
    }

    @Test
    void farMeasurementIsFlagged() {
        String text = String.join("\n", TextReport.lines(ReportModel.of(withTheory(0.3))));
        assertTrue(java.util.regex.Pattern.compile("x0\\.30\\)? " + TheoryText.GAP).matcher(text).find(), text);
    }

    @Test
    void runsWithoutTheoryShowNoTheory() {
        String text = String.join("\n", TextReport.lines(ReportModel.of(Fixtures.run())));
        assertFalse(text.contains("theory"), text);
    }
}
