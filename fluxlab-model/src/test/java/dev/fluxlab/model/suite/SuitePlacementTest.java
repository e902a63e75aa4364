package dev.fluxlab.model.suite;

import dev.fluxlab.model.placement.CellPlacement;
import dev.fluxlab.model.placement.CpuList;
import dev.fluxlab.model.placement.PlacementMode;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SuitePlacementTest {

    private static final CpuList FOUR = CpuList.parse("0-3");

    private static Suite suite(String placement, String targetCpus, String load) {
        return Suite.parse("p.yaml", """
                targets:
                  chain:
                    entry: frontend
                    processes:
                      backend: {target: reactor-netty%s}
                      frontend: {target: reactor-netty}
                scenarios:
                  plaintext: {path: /plaintext}
                load: %s
                %s
                """.formatted(targetCpus, load, placement));
    }

    private static SuiteException refused(Runnable r) {
        return assertThrows(SuiteException.class, r::run);
    }

    @Test
    void freePlacementPinsWhatIsGivenAndSplitsTheInjectorsList() {
        Suite s = suite("", ", cpus: \"0\"", "{connections: 8, injectors: 2, cpus: \"2-3\"}");
        assertEquals(PlacementMode.FREE, s.placementMode());
        Cell cell = s.cells().getFirst();
        assertEquals("target=chain,scenario=plaintext,connections=8,injectors=2", cell.id());
        CellPlacement p = s.placement(cell, FOUR);
        assertEquals(CpuList.parse("0"), p.target("backend").cpus());
        assertNull(p.target("frontend").cpus());
        assertEquals("injector-1", p.injectors().get(0).role());
        assertEquals(CpuList.parse("2"), p.injectors().get(0).cpus());
        assertEquals(CpuList.parse("3"), p.injectors().get(1).cpus());
        assertEquals(2, cell.load().injectors());
    }

    @Test
    void cpusTheMachineDoesNotHaveAreRefusedAtTheirLine() {
        Suite s = suite("", ", cpus: \"0,7\"", "{connections: 8}");
        SuiteException e = refused(() -> s.placement(s.cells().getFirst(), FOUR));
        assertEquals(5, e.line());
        assertTrue(e.problem().contains("role 'backend' on host 'local': CPU 7 does not exist there (online: 0-3)"),
                e.getMessage());
    }

    @Test
    void exclusivePlacementRefusesSharedCpusAndRolesWithout() {
        Suite overlap = suite("placement: exclusive", ", cpus: \"0-1\"", "{connections: 8, cpus: \"1-3\"}");
        SuiteException e = refused(() -> overlap.placement(overlap.cells().getFirst(), FOUR));
        assertTrue(e.problem().contains("'placement: exclusive'"), e.getMessage());
        assertTrue(e.problem().contains("has no CPU list") || e.problem().contains("share CPU"), e.getMessage());

        Suite shared = Suite.parse("x.yaml", """
                targets: {reactor-netty: {cpus: "0-1"}}
                scenarios: {plaintext: {path: /plaintext}}
                load: {connections: 8, cpus: "1-2"}
                placement: exclusive
                """);
        e = refused(() -> shared.placement(shared.cells().getFirst(), FOUR));
        assertEquals(3, e.line());
        assertTrue(e.problem().contains("roles 'reactor-netty' and 'injector' on host 'local' share CPU 1"), e.getMessage());

        Suite fine = Suite.parse("x.yaml", """
                targets: {reactor-netty: {cpus: "0"}}
                scenarios: {plaintext: {path: /plaintext}}
                load: {connections: 8, cpus: "1"}
                placement: exclusive
                """);
        assertEquals(CpuList.parse("1"), fine.placement(fine.cells().getFirst(), FOUR).injectors().getFirst().cpus());
        assertEquals("exclusive", fine.settings().get("placement"));
    }

    @Test
    void autoSplitsTheMachineAndRefusesExplicitCpusOrTooFewCpus() {
        Suite s = suite("placement: auto", "", "{connections: 8}");
        CellPlacement p = s.placement(s.cells().getFirst(), FOUR);
        assertEquals("0,1", p.target("backend").cpus().toString());
        assertEquals("2", p.target("frontend").cpus().toString());
        assertEquals("3", p.injectors().getFirst().cpus().toString());
        SuiteException e = refused(() -> s.placement(s.cells().getFirst(), CpuList.parse("0-1")));
        assertTrue(e.problem().contains("for 2 online CPUs"), e.getMessage());

        e = refused(() -> suite("placement: auto", ", cpus: \"0\"", "{connections: 8}"));
        assertEquals(5, e.line());
        assertTrue(e.problem().contains("'placement: auto' chooses every role's CPUs itself"), e.getMessage());
    }

    /** A placement is a Labelled name like every other, looked up trimmed and in any case (it took lower case only). */
    @Test
    void thePlacementIsReadAsEveryLabelledNameIs() {
        assertEquals(PlacementMode.AUTO, suite("placement: Auto", "", "{connections: 8}").placementMode());
        assertTrue(dev.fluxlab.model.Labelled.class.isAssignableFrom(PlacementMode.class));
    }

    @Test
    void badValuesAreRefusedAtTheirLine() {
        SuiteException e = refused(() -> suite("placement: spread", "", "{connections: 8}"));
        assertEquals("unknown placement 'spread'; accepted: free, exclusive, auto (free: roles with 'cpus' are "
                + "pinned there; exclusive: every role has CPUs of its own; auto: fluxlab splits this machine's CPUs "
                + "between the roles)", e.problem());
        e = refused(() -> suite("", ", cpus: \"0-x\"", "{connections: 8}"));
        assertEquals(5, e.line());
        assertTrue(e.problem().contains("is not a CPU list"), e.getMessage());
        e = refused(() -> suite("", "", "{connections: 2, injectors: 3}"));
        assertTrue(e.problem().contains("3 injectors need at least 3 connections"), e.getMessage());
        e = refused(() -> suite("", "", "{connections: 8, injectors: 2, injector: wrk}"));
        assertTrue(e.problem().contains("several injectors are fluxlab's own only"), e.getMessage());
        e = refused(() -> suite("", "", "{connections: 8, injectors: 0}"));
        assertTrue(e.problem().contains("'injectors' values must be whole numbers of 1 or more"), e.getMessage());
        for (String empty : new String[] {"[~]", "[1, ~]"}) {
            e = refused(() -> suite("", "", "{connections: 8, injectors: " + empty + "}"));
            assertTrue(e.problem().contains("'injectors' values must be whole numbers of 1 or more, not null"),
                    e.getMessage());
        }
        e = refused(() -> suite("", "", "{connections: 8, injectors: ''}"));
        assertTrue(e.problem().contains("'' is not a whole number"), e.getMessage());
    }
}
