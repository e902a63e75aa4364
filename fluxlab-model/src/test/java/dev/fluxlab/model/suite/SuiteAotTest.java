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

/** The suite's {@code aot} switch: trained targets by default, {@code aot: false} as the seeds ran, nothing else. */
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
    void trainedByDefaultColdWithAotFalseAndSaidInTheSettings() {
        Suite dflt = Suite.parse("s.yaml", SUITE);
        assertTrue(dflt.aot());
        assertFalse(dflt.settings().containsKey("aot"), dflt.settings().toString());
        Suite cold = Suite.parse("s.yaml", SUITE + "aot: false\n");
        assertFalse(cold.aot());
        assertEquals(false, cold.settings().get("aot"));
        assertFalse(Suite.parse("s.yaml", SUITE, List.of("aot=false")).aot(), "--set aot=false");
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
        assertTrue(Suite.load(suites.resolve("quick.yaml")).aot());
    }
}
