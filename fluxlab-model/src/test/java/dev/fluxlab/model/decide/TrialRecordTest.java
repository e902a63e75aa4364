package dev.fluxlab.model.decide;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.FigureName;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How a trial's method is kept in results.json: recorded by name, read back, and absent in older results. */
class TrialRecordTest {

    private static TrialRecord record() {
        return new TrialRecord("c", FigureName.THROUGHPUT, List.of("a", "b"), 2, 0.5, new Trial.Plan(5, 40, 0.05), 7,
                List.of(new Window("a", 1, 0.8, 2, 100, 0, 50, null, null, null),
                        new Window("b", 1, 0.8, 2, 50, 0, 25, null, null, null)), TrialRecord.DECIDED, 30, List.of());
    }

    @Test
    void theMethodRoundTripsThroughJson() throws Exception {
        TrialRecord duet = record().withMethod(DecideMethod.DUET, null);
        TrialRecord back = Json.mapper().readValue(Json.mapper().writeValueAsString(duet), TrialRecord.class);
        assertEquals(duet, back);
        assertEquals(DecideMethod.DUET, back.decideMethod());
        assertEquals("duet", back.method());
        TrialRecord fell = record().withMethod(DecideMethod.ALTERNATE, "why not");
        assertEquals(fell, Json.mapper().readValue(Json.mapper().writeValueAsString(fell), TrialRecord.class));
    }

    /** Results written before the method was recorded read as alternated, which they were. */
    @Test
    void olderResultsReadAsAlternated() throws Exception {
        String json = Json.mapper().writeValueAsString(record()).replace("\"method\":null,", "")
                .replace("\"method_note\":null,", "");
        assertTrue(!json.contains("method"), json);
        TrialRecord old = Json.mapper().readValue(json, TrialRecord.class);
        assertNull(old.method());
        assertEquals(DecideMethod.ALTERNATE, old.decideMethod());
        assertEquals(2 * (2 + 0.5 + TrialRecord.JOB_OVERHEAD_SECONDS), old.secondsPerRound(), 1e-9);
    }

    @Test
    void anUnknownMethodIsRefusedNamingTheAcceptedOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new TrialRecord("c",
                FigureName.THROUGHPUT, List.of("a", "b"), 2, 0.5, null, 0, List.of(), "x", 0, List.of(), "trio", null));
        assertEquals("unknown trial method 'trio'; accepted: alternate, duet", e.getMessage());
    }

    @Test
    void aDuetRoundIsOneWindowLong() {
        assertEquals(3, DecideMethod.ALTERNATE.windowsPerRound(3));
        assertEquals(1, DecideMethod.DUET.windowsPerRound(3));
        assertEquals(DecideMethod.DUET, DecideMethod.byKey("duet").orElseThrow());
        assertTrue(DecideMethod.byKey("Duet").isEmpty());
    }
}
