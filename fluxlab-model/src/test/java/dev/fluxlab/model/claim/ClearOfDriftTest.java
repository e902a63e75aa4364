package dev.fluxlab.model.claim;

import dev.fluxlab.model.decide.PairTest;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.FigureName;
import dev.fluxlab.model.run.Stat;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClearOfDriftTest {

    private static Optional<String> clear(String relation, double... rps) {
        List<Claim.ClaimCell> cells = new ArrayList<>();
        Map<String, CellResult> byId = new LinkedHashMap<>();
        for (int i = 0; i < rps.length; i++) {
            String id = "c" + i;
            cells.add(new Claim.ClaimCell(id, id, null));
            CellSummary s = new CellSummary(Stat.of(List.of(rps[i])), Map.of(), null, null, Map.of(), Map.of(), Map.of(),
                    null);
            byId.put(id, new CellResult(id, i + 1, Map.of(), Map.of(), List.of(), s, true, List.of(), List.of(), null,
                    null, null));
        }
        Claim claim = new Claim("c", "seed.txt", null, FigureName.parse(FigureName.THROUGHPUT),
                Relation.parse(relation), cells);
        return ClearOfDrift.of(claim, byId);
    }

    @Test
    void aVerdictFarBeyondTheDriftNeedsNoTrial() {
        Optional<String> r = clear(">= 10x", 9000, 40);
        assertTrue(r.isPresent() && r.get().startsWith("its cells' repeats read it confirmed, every ratio at least "
                + "22.5x clear of the claim's threshold"), r.toString());
        assertTrue(clear(">", 1000, 600).isPresent());
        Optional<String> against = clear(">", 600, 1000);
        assertTrue(against.isPresent() && against.get().contains("read it contradicted, a ratio 1.7x clear"),
                against.toString());
        // two cells 2x apart contradict "within 5 %" by 1.9x
        assertTrue(clear("within 5%", 1000, 2000).isPresent());
    }

    @Test
    void closerCallsGoToTheirTrial() {
        assertTrue(clear(">= 10x", 9000, 700).isEmpty(), "12.9x against 10x: 1.29 clear, within the drift");
        assertTrue(clear(">", 1000, 800).isEmpty());
        assertTrue(clear(">", 1000, 1010).isEmpty(), "within the noise band: inconclusive from repeats");
        // an equivalence is never clear of its own band
        assertTrue(clear("within 5%", 1000, 1000).isEmpty());
        assertTrue(clear("ratio 0.5..2", 1000, 1000).isPresent(), "ratio 1 is 2x clear of both ends");
        assertTrue(clear("ratio 0.8..1.25", 1000, 1000).isEmpty());
        // an ordering is confirmed clear only when every neighbouring pair is
        assertTrue(clear(">", 3000, 2000, 1900).isEmpty());
        assertTrue(clear(">", 9000, 3000, 1000).isPresent());
        // ... and contradicted clear by one pair far the other way, whatever the others
        assertTrue(clear(">", 3000, 2900, 6000).isPresent());
    }

    @Test
    void clearanceIsTheFactorToTheNearerEnd() {
        assertEquals(2.0, ClearOfDrift.clearance(PairTest.greater("a", "b"), 2.0), 1e-12);
        assertEquals(2.0, ClearOfDrift.clearance(PairTest.greater("a", "b"), 0.5), 1e-12);
        assertEquals(1.25, ClearOfDrift.clearance(PairTest.ratio("a", "b", 0.8, 1.5), 1.0), 1e-12);
    }
}
