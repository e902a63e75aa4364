package dev.fluxlab.runner.decide;

import dev.fluxlab.model.decide.DecideMethod;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.Stat;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The plan of a duet trial: which claims can run as a duet (every cell's injector has a start gate; two cells of one
 * target set can share it) and how many rounds fit a budget when a round is one window long instead of one per cell.
 */
class DuetPlanTest {

    private static Suite suite(String load) {
        return Suite.parse("duet.yaml", """
                targets:
                  light: {target: reactor-netty}
                  heavy: {target: reactor-netty, knobs: {work: 1000}}
                scenarios:
                  a: {path: /plaintext}
                  b: {path: /json}
                load: %s
                decide_method: duet
                claims:
                  - claim: light faster
                    source: test
                    cells: [{target: light, scenario: a}, {target: heavy, scenario: a}]
                    relation: ">"
                  - claim: one JVM, two endpoints
                    source: test
                    cells: [{target: light, scenario: a}, {target: light, scenario: b}]
                    relation: ">"
                """.formatted(load));
    }

    private static Map<String, Cell> byId(Suite s) {
        Map<String, Cell> out = new LinkedHashMap<>();
        s.cells().forEach(c -> out.put(c.id(), c));
        return out;
    }

    @Test
    void cellsOfTheFluxlabInjectorCanRunAsADuetEvenOnOneJvm() {
        Suite s = suite("{connections: 4}");
        assertEquals(DecideMethod.DUET, s.decideMethod());
        assertEquals(Optional.empty(), ClaimTrials.duetUnsuitable(s.claims().get(0), byId(s)));
        assertEquals(Optional.empty(), ClaimTrials.duetUnsuitable(s.claims().get(1), byId(s)));
    }

    @Test
    void aLoadWithoutAStartGateAlternatesAndSaysWhy() {
        Suite s = suite("{connections: 4, injector: wrk}");
        String why = ClaimTrials.duetUnsuitable(s.claims().get(0), byId(s)).orElseThrow();
        assertEquals(s.claims().get(0).cells().get(0).label() + "'s injector wrk has no start gate (--measure-gate) "
                + "to begin its window with the others'", why);
    }

    /** A duet round of two cells is one settle, window and job overhead: twice the rounds of alternation. */
    @Test
    void aDuetFitsTwiceTheRoundsOfTwoCellsAlternated() {
        CellResult fast = new CellResult("x", 1, Map.of(), Map.of(), List.of(), new CellSummary(Stat.of(List.of(1.0)),
                Map.of("p99", Stat.of(List.of(5.0))), null, null, Map.of(), Map.of(), Map.of(), null), true, List.of(),
                List.of(), null, null, null);
        TrialPhases.Phases p = TrialPhases.of(List.of(fast, fast));
        Duration budget = Duration.ofMinutes(2);
        long perWindow = p.window().toMillis() + p.settle().toMillis() + TrialPhases.JOB_OVERHEAD.toMillis();
        assertEquals(budget.toMillis() / (2 * perWindow),
                p.rounds(DecideMethod.ALTERNATE.windowsPerRound(2), budget));
        assertEquals(budget.toMillis() / perWindow, p.rounds(DecideMethod.DUET.windowsPerRound(2), budget));
    }
}
