package dev.fluxlab.model.suite;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The suite's {@code aot} switch (trained targets by default, {@code aot: false} as the seeds ran, nothing else) and
 * a process's {@code jvm.aot} knob, which runs the same target trained and cold side by side.
 */
class SuiteAotTest {

    private static final String SUITE = """
            name: s
            targets:
              reactor-netty: {}
            scenarios:
              plaintext: {path: /plaintext}
            load: {connections: 4}
            """;

    @Test
    void coldByDefaultTrainedWithAotTrueAndSaidInTheSettings() {
        // training did not shorten a warm-up on the lab's VM and changed a steady state (SuiteSettings.aot())
        Suite dflt = Suite.parse("s.yaml", SUITE);
        assertFalse(dflt.aot());
        assertFalse(dflt.anyAot());
        assertFalse(dflt.settings().containsKey("aot"), dflt.settings().toString());
        Suite trained = Suite.parse("s.yaml", SUITE + "aot: true\n");
        assertTrue(trained.aot());
        assertEquals(true, trained.settings().get("aot"));
        assertTrue(Suite.parse("s.yaml", SUITE, List.of("aot=true")).aot(), "--set aot=true");
        assertFalse(Suite.parse("s.yaml", SUITE + "aot: false\n").aot());
    }

    @Test
    void aValueOtherThanABooleanIsRefusedAtItsLine() {
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("s.yaml", SUITE + "aot: sometimes\n"));
        assertTrue(e.getMessage().contains("aot"), e.getMessage());
        assertTrue(e.getMessage().contains("s.yaml:7"), e.getMessage());
    }

    @Test
    void theFaithfulSuitesAndTheColdBurstRaceRunCold() throws Exception {
        Path suites = Path.of("..", "suites");
        try (Stream<Path> files = Files.list(suites)) {
            List<Path> cold = files.filter(f -> f.getFileName().toString().endsWith("-faithful.yaml")
                    || f.getFileName().toString().equals("cold-burst.yaml")).sorted().toList();
            assertEquals(5, cold.size(), cold.toString());
            for (Path f : cold) {
                assertFalse(Suite.load(f).aot(), f + " runs its seed as written: no trained AOT cache");
            }
        }
        assertFalse(Suite.load(suites.resolve("quick.yaml")).anyAot(), "no suite trains its targets unless it asks");
        assertTrue(Suite.load(suites.resolve("aot-ab.yaml")).anyAot(), "the check runs trained against cold");
    }

    @Test
    void jvmAotAsAListIsAKnobWhoseCellsStartTrainedOrColdOnSeparateJvms() {
        Suite s = Suite.parse("s.yaml", SUITE.replace("reactor-netty: {}", "reactor-netty: {jvm: {aot: [true, false]}}"));
        assertEquals(List.of("target=reactor-netty,aot=true,scenario=plaintext,connections=4",
                "target=reactor-netty,aot=false,scenario=plaintext,connections=4"),
                s.cells().stream().map(Cell::id).toList());
        Cell trained = s.cells().get(0);
        Cell cold = s.cells().get(1);
        assertTrue(s.aot(trained.processes().get(0)));
        assertFalse(s.aot(cold.processes().get(0)));
        assertTrue(s.anyAot());
        assertFalse(trained.targetsKey().equals(cold.targetsKey()),
                "a trained and a cold JVM are different processes: fork: shared must not reuse one for the other");
        // without the knob a process follows the suite
        Suite plain = Suite.parse("s.yaml", SUITE + "aot: false\n");
        assertFalse(plain.aot(plain.cells().get(0).processes().get(0)));
        assertFalse(plain.anyAot());
        Suite knobCold = Suite.parse("s.yaml", SUITE.replace("reactor-netty: {}", "reactor-netty: {jvm: {aot: false}}"));
        assertFalse(knobCold.anyAot(), "jvm.aot: false starts that target cold in a trained suite");
    }

    @Test
    void aTrainedProcessInAColdSuiteIsRefusedNamingTheOverrideThatWouldDo() {
        String both = SUITE.replace("reactor-netty: {}", "reactor-netty: {jvm: {aot: [true, false]}}");
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("s.yaml", both, List.of("aot=false")));
        assertTrue(e.getMessage().contains("aot: false"), e.getMessage());
        assertTrue(e.getMessage().contains("--set targets.reactor-netty.jvm.aot=false"), e.getMessage());
        SuiteException word = assertThrows(SuiteException.class, () -> Suite.parse("s.yaml",
                SUITE.replace("reactor-netty: {}", "reactor-netty: {jvm: {aot: [true, sometimes]}}")));
        assertTrue(word.getMessage().contains("aot"), word.getMessage());
        SuiteException none = assertThrows(SuiteException.class, () -> Suite.parse("s.yaml",
                SUITE.replace("reactor-netty: {}", "reactor-netty: {jvm: {aot: []}}")));
        assertTrue(none.getMessage().contains("'aot' has no value"), none.getMessage());
    }

    @Test
    void theShippedAotAbSuiteDecidesEachTrainedColdPairWithinFivePercent() {
        Suite s = Suite.load(Path.of("..", "suites", "aot-ab.yaml"));
        assertEquals(10, s.cells().size());
        assertEquals(5, s.claims().size(), "one decided claim per pair of cells that differ only in aot");
        for (var c : s.claims()) {
            assertEquals("within 5%", c.relation().text(), c.title());
        }
        assertEquals(List.of("reactor-netty http1.1 true", "reactor-netty http1.1 false", "reactor-netty h2c true",
                "reactor-netty h2c false", "webflux-netty http1.1 true", "webflux-netty http1.1 false"),
                s.cells().stream().map(c -> c.target() + " " + c.knobs().get("protocol") + " " + c.knobs().get("aot"))
                        .distinct().toList(), "a protocol's trained and cold groups back to back");
        assertEquals(2, s.cells().stream().filter(c -> c.target().equals("webflux-netty")).count());
        assertTrue(s.sharedTargets());
        assertTrue(s.anyAot());
    }

    /**
     * A trained start asked for where only a cold one can happen (ZGC, a suite host) had passed: the cell ran cold
     * under the name aot=true, and an aot: [true, false] pair compared a cold JVM with itself. The cell is refused,
     * naming the exclude that leaves it out; excluded, the suite is fine.
     */
    @Test
    void aTrainedStartThatCanOnlyBeColdIsRefusedUnlessExcluded() {
        String suite = """
                targets: {reactor-netty: {jvm: {aot: [true, false], gc: [G1, ZGC]}}}
                scenarios: {plaintext: {path: /plaintext}}
                """;
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("s.yaml", suite));
        assertTrue(e.getMessage().startsWith("s.yaml:1:") && e.getMessage().contains("process 'reactor-netty' asks for "
                + "a trained start (aot: true), but a ZGC JVM always starts cold") && e.getMessage().contains(
                "exclude: [{gc: ZGC, aot: true}]"), e.getMessage());
        assertEquals(3, Suite.parse("s.yaml", suite + "exclude: [{gc: ZGC, aot: true}]\n").cells().size());
        SuiteException host = assertThrows(SuiteException.class, () -> Suite.parse("s.yaml", """
                hosts: {far: {ssh: perf@10.1.0.12}}
                targets:
                  chain:
                    entry: front
                    processes:
                      back: {target: reactor-netty, host: far, jvm: {aot: true}}
                      front: {target: netty}
                scenarios: {plaintext: {path: /plaintext}}
                """));
        assertTrue(host.getMessage().startsWith("s.yaml:6:") && host.getMessage().contains("process 'back' asks for a "
                + "trained start (aot: true), but a process on a suite host always starts cold"), host.getMessage());
        // the suite's default (no jvm.aot) is not a request: such a process just starts cold
        assertEquals(1, Suite.parse("s.yaml", "targets: {reactor-netty: {jvm: {gc: ZGC}}}\n"
                + "scenarios: {plaintext: {path: /plaintext}}\n").cells().size());
    }
}
