package dev.fluxlab.model.suite;

import dev.fluxlab.model.claim.Claim;
import dev.fluxlab.model.claim.Relation;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SuiteClaimsTest {

    private static final String BASE = """
            targets:
              reactor-netty:
                knobs:
                  transport: [nio, epoll]
            scenarios:
              fast: {path: /fast}
              slow: {path: /slow}
            load:
              connections: [16, 64]
            exclude:
              - {scenario: slow, connections: 64}
            """;

    private static Suite suite(String claims) {
        return Suite.parse("c.yaml", BASE + claims);
    }

    private static SuiteException refused(String claims) {
        return assertThrows(SuiteException.class, () -> suite(claims));
    }

    @Test
    void resolvesEachComparedCellToOneCellOfTheSuite() {
        Suite s = suite("""
                claims:
                  - claim: fast beats slow
                    source: 002_seed.txt
                    quote: "fast 9,109 RPS, slow 117 RPS"
                    where: {transport: epoll, connections: 16}
                    cells: [{scenario: fast}, {scenario: slow}]
                    relation: ">= 10x"
                    claimed: [9109.52, 117.8]
                """);
        Claim c = s.claims().get(0);
        assertEquals("fast beats slow", c.title());
        assertEquals(new Relation.AtLeast(10), c.relation());
        assertEquals("throughput_rps", c.figure().key());
        assertEquals("target=reactor-netty,transport=epoll,scenario=fast,connections=16", c.cells().get(0).id());
        assertEquals("slow", c.cells().get(1).label());
        assertEquals(117.8, c.cells().get(1).claimed());
        assertTrue(suite("").claims().isEmpty());
    }

    @Test
    void numericKnobValuesAreLabelledWithTheirName() {
        Suite s = suite("""
                claims:
                  - {claim: flat, source: s, figure: latency_p99_ms, where: {scenario: fast, transport: nio},
                     cells: [{connections: 16}, {connections: 64}], relation: within 5%}
                """);
        assertEquals(List.of("connections=16", "connections=64"),
                s.claims().get(0).cells().stream().map(Claim.ClaimCell::label).toList());
    }

    @Test
    void refusesUnknownKnobsValuesFiguresAndRelationsAtTheirLine() {
        SuiteException e = refused("""
                claims:
                  - claim: x
                    source: s
                    cells: [{scenario: fast, transport: epoll, connections: 16}, {scenario: fastest}]
                    relation: ">"
                """);
        assertEquals(15, e.line());
        assertTrue(e.problem().contains("no cell of this suite has scenario=fastest"), e.problem());
        e = refused("""
                claims:
                  - {claim: x, source: s, cells: [{colour: red}, {scenario: slow}], relation: ">"}
                """);
        assertTrue(e.problem().contains("unknown knob 'colour'"), e.problem());
        assertEquals(13, e.line());
        e = refused("""
                claims:
                  - {claim: x, source: s, figure: speed, cells: [{scenario: fast}, {scenario: slow}], relation: ">"}
                """);
        assertTrue(e.problem().startsWith("unknown claim figure 'speed'; accepted: throughput_rps"), e.problem());
        e = refused("""
                claims:
                  - {claim: x, source: s, figure: throughput_rps/target=x, cells: [{scenario: fast}], relation: ">"}
                """);
        assertTrue(e.problem().contains("not a plain figure"), e.problem());
        e = refused("""
                claims:
                  - {claim: x, source: s, cells: [{scenario: fast}, {scenario: slow}], relation: "much faster"}
                """);
        assertTrue(e.problem().contains("not understood"), e.problem());
    }

    @Test
    void refusesAmbiguousMissingAndRepeatedCells() {
        SuiteException e = refused("""
                claims:
                  - {claim: x, source: s, cells: [{scenario: fast}, {scenario: slow}], relation: ">"}
                """);
        assertTrue(e.problem().contains("cells have") && e.problem().contains("add the value of transport, connections"),
                e.problem());
        e = refused("""
                claims:
                  - {claim: x, source: s, where: {connections: 64, transport: nio},
                     cells: [{scenario: fast}, {scenario: slow}], relation: ">"}
                """);
        assertTrue(e.problem().contains("'exclude' rule may leave it out"), e.problem());
        e = refused("""
                claims:
                  - {claim: x, source: s, where: {connections: 16, transport: nio},
                     cells: [{scenario: fast}, {scenario: fast}], relation: ">"}
                """);
        assertTrue(e.problem().contains("same cell as an earlier one"), e.problem());
        e = refused("""
                claims:
                  - {claim: x, source: s, where: {connections: 16, transport: nio, scenario: fast},
                     cells: [{scenario: slow}, {scenario: fast}], relation: ">"}
                """);
        assertTrue(e.problem().contains("in 'where' and"), e.problem());
    }

    @Test
    void refusesHostileShapes() {
        String cells = "cells: [{scenario: fast, connections: 16, transport: nio}, {scenario: slow, transport: nio}]";
        assertTrue(refused("claims: [null]\n").problem().contains("is empty"));
        assertTrue(refused("claims: [{source: s, " + cells + ", relation: '>'}]\n").problem().contains("needs 'claim'"));
        assertTrue(refused("claims: [{claim: '  ', source: s, " + cells + ", relation: '>'}]\n").problem()
                .contains("needs 'claim'"));
        assertTrue(refused("claims: [{claim: x, " + cells + ", relation: '>'}]\n").problem().contains("needs 'source'"));
        assertTrue(refused("claims: [{claim: x, source: s, " + cells + "}]\n").problem().contains("needs a 'relation'"));
        assertTrue(refused("claims: [{claim: x, source: s, " + cells + ", relation: '>= 2x', claimed: [1]}]\n")
                .problem().contains("'claimed' lists 1 figures for 2 cells"));
        assertTrue(refused("claims: [{claim: x, source: s, " + cells + ", relation: '>', claimed: [1, -3]}]\n")
                .problem().contains("0 or more"));
        assertTrue(refused("claims: [{claim: x, source: s, cells: [{scenario: fast, connections: 16, transport: nio}],"
                + " relation: '>'}]\n").problem().contains("at least 2 cells"));
        assertTrue(refused("claims: [{claim: x, source: s, cells: [{scenario: fast, connections: 16, transport: nio},"
                + " {scenario: slow, transport: nio}, {scenario: fast, connections: 64, transport: nio}],"
                + " relation: 'ratio 1..2'}]\n").problem().contains("exactly 2 cells"));
        assertTrue(refused("claims: [{claim: x, source: s, " + cells + ", relation: '>', colour: red}]\n")
                .problem().contains("unknown key 'colour'"));
        assertTrue(refused("claims: [{claim: x, source: s, cells: [{scenario: [fast, slow]}], relation: '>'}]\n")
                .problem().contains("wrong type"));
        assertTrue(refused("claims: {claim: x}\n").problem().contains("needs 'source'"));
        assertTrue(refused("claims: [{claim: x, source: s, cells: [{}, {scenario: slow}], relation: '>'}]\n")
                .problem().contains("is empty"));
    }

    /**
     * 'ab' pairs every two cells identical but for the knob: transport nio against epoll over 3 cells each (slow at 64
     * connections is excluded), one claim per pair, A the first value the suite lists.
     */
    @Test
    void abMakesOneWithinClaimPerPairOfCells() {
        Suite s = suite("ab: {knob: transport, within: 2%}\n");
        assertEquals(3, s.claims().size());
        Claim c = s.claims().get(0);
        assertEquals(new Relation.Within(0.02), c.relation());
        assertEquals("nio", c.cells().get(0).label());
        assertEquals("epoll", c.cells().get(1).label());
        assertTrue(c.title().startsWith("transport nio against epoll the same within 2%"), c.title());
        assertEquals(new Relation.Within(0.03), suite("ab: {knob: transport}\n").claims().get(0).relation(),
                "3 % unless told");
    }

    @Test
    void abRefusesAKnobWithoutTwoValues() {
        assertTrue(refused("ab: {knob: nope}\n").getMessage().contains("'ab' compares unknown knob 'nope'"));
        assertTrue(refused("ab: {knob: scenario, within: many}\n").getMessage().contains("must be a percentage"));
        assertTrue(refused("ab: {within: 3%}\n").getMessage().contains("'ab' needs 'knob'"));
        assertTrue(refused("ab: {knob: transport, bogus: 1}\n").getMessage().contains("bogus"));
    }

    /** A tolerance outside (0 %, 1000 %) said only "not a percentage", hiding its bounds; each says them now. */
    @Test
    void abRefusesAToleranceOutsideItsBoundsNamingThem() {
        for (String within : java.util.List.of("0%", "-3%", "1000%", "3")) {
            String m = refused("ab: {knob: transport, within: \"" + within + "\"}\n").getMessage();
            assertTrue(m.contains("'within' must be a percentage above 0% and below 1000%, such as 3%, not '" + within
                    + "'"), m);
        }
        assertEquals(new Relation.Within(1), suite("ab: {knob: transport, within: 100%}\n").claims().get(0).relation());
    }

    /** needs: a whole number of cores of 1 or more; the claim keeps it. */
    @Test
    void needsNamesCores() {
        String claim = """
                claims:
                  - claim: fast beats slow
                    source: s
                    where: {transport: epoll, connections: 16}
                    cells: [{scenario: fast}, {scenario: slow}]
                    relation: ">"
                """;
        assertEquals(8, suite(claim + "    needs: {cores: 8}\n").claims().get(0).needsCores());
        assertTrue(refused(claim + "    needs: {cores: 0}\n").getMessage().contains("'cores' must be a whole number"));
        assertTrue(suite(claim + "    needs: {cores: 8}\n").claims().get(0).notJudgeable(2).orElseThrow()
                .startsWith("not judgeable on this machine: the effect needs 8 cores"));
    }

    /**
     * A decide_max above zero that no trial fits in (5 rounds of 2 s windows after 0.5 s settles) had passed: every
     * claim was judged from its repeats, said only when the run ended. 0s says that outright; a budget that fits the
     * shortest trial is fine. (A suite without claims, which this check let pass, has its decide_max refused as read by
     * nothing.)
     */
    @Test
    void aDecideMaxNoTrialFitsInIsRefused() {
        String suite = """
                targets: {reactor-netty: {knobs: {transport: [nio, epoll]}}}
                scenarios: {plaintext: {path: /plaintext}}
                claims: [{claim: x, source: s, cells: [{transport: nio}, {transport: epoll}], relation: ">"}]
                """;
        for (String max : List.of("1ms", "5s", "27s")) {
            SuiteException e = assertThrows(SuiteException.class,
                    () -> Suite.parse("s.yaml", suite, List.of("decide_max=" + max)));
            assertTrue(e.getMessage().contains("--set decide_max=" + max + ": 'decide_max' " + max + " is shorter than "
                    + "any claim's interleaved trial can be (the shortest needs 28s: 5 rounds of 2 windows, each at least "
                    + "2s after 500ms of settling and the time to start its load)") && e.getMessage().endsWith("write 'decide_max: 0s' to say so, or "
                    + "give at least 28s"), e.getMessage());
        }
        // duet loads a round's cells at once: one window per round
        SuiteException duet = assertThrows(SuiteException.class,
                () -> Suite.parse("s.yaml", suite + "decide_method: duet\ndecide_max: 10s\n"));
        assertTrue(duet.getMessage().startsWith("s.yaml:5:") && duet.getMessage().endsWith("give at least 14s"),
                duet.getMessage());
        for (String max : List.of("0s", "28s", "2m")) {
            assertEquals(1, Suite.parse("s.yaml", suite, List.of("decide_max=" + max)).claims().size());
        }
        // without claims there is no trial to bound, and the key is refused as read by nothing (HostileSuiteTest)
        SuiteException none = assertThrows(SuiteException.class, () -> Suite.parse("s.yaml",
                "targets: {reactor-netty: {}}\nscenarios: {plaintext: {path: /plaintext}}\ndecide_max: 1s\n"));
        assertTrue(none.getMessage().startsWith("s.yaml:3:1: 'decide_max' has nothing to decide"), none.getMessage());
    }

    /** A per-process claim figure of a process no compared cell has was accepted, and the claim always inconclusive. */
    @Test
    void aClaimFigureOfAProcessTheCellsLackIsRefused() {
        String suite = """
                targets: {reactor-netty: {knobs: {transport: [nio, epoll]}}}
                scenarios: {plaintext: {path: /plaintext}}
                claims: [{claim: x, source: s, cells: [{transport: nio}, {transport: epoll}], relation: ">", figure: F}]
                """;
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("s.yaml", suite.replace("F",
                "cpu_cores.reactor-nety")));
        assertTrue(e.getMessage().startsWith("s.yaml:3:") && e.getMessage().contains("claim figure "
                + "'cpu_cores.reactor-nety': unknown process 'reactor-nety'; accepted: injector, reactor-netty"),
                e.getMessage());
        for (String ok : List.of("cpu_cores.reactor-netty", "cpu_per_request_us.injector", "cpu_cores")) {
            assertEquals(1, Suite.parse("s.yaml", suite.replace("F", ok)).claims().size(), ok);
        }
    }
}
