package dev.fluxlab.model.claim;

import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.FigureName;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.Stat;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RecordedClaimsTest {

    /** A valid cell whose throughput repeats are {@code rps} (figures made up for the test). */
    private static CellResult cell(String id, double... rps) {
        List<Double> v = new ArrayList<>();
        for (double d : rps) {
            v.add(d);
        }
        CellSummary s = new CellSummary(Stat.of(v), Map.of(), null, null, Map.of(), Map.of(), Map.of(), null);
        return new CellResult(id, 1, Map.of(), Map.of(), List.of(), s, true, List.of(), List.of(), null, null, null);
    }

    private static Claim claim(String words, String relation, String... ids) {
        List<Claim.ClaimCell> cells = new ArrayList<>();
        for (String id : ids) {
            cells.add(new Claim.ClaimCell(id, id + "-label", 100.0));
        }
        return new Claim(words, "seed.txt", "a quote", FigureName.parse(FigureName.THROUGHPUT), Relation.parse(relation),
                cells);
    }

    private static RunResult run(List<ClaimResult> claims) {
        return new RunResult(RunResult.SCHEMA, "r", "s", null, null, "complete", "2026-11-24T01:00:00Z",
                "2026-11-24T01:10:00Z", null, List.of(), Map.of(),
                List.of(cell("fast", 9000, 9100, 8900), cell("slow", 120, 118, 121)), null, claims);
    }

    @Test
    void claimsJudgedWithTodaysRulesMatchTheRunsOwnJudgementAfterAJsonRoundTrip() throws Exception {
        RunResult bare = run(null);
        List<ClaimResult> judged = ClaimJudge.judge(List.of(claim("fast >> slow", ">= 10x", "fast", "slow"),
                claim("about equal", "within 5%", "fast", "slow")), bare.cells(), bare.noise());
        RunResult recorded = Json.mapper().readValue(Json.write(bare.withClaims(judged)), RunResult.class);
        assertEquals(judged, RecordedClaims.rejudged(recorded));
        assertEquals(List.of("confirmed", "contradicted"),
                RecordedClaims.rejudged(recorded).stream().map(ClaimResult::verdict).toList());
    }

    @Test
    void aVerdictRecordedByOtherRulesIsJudgedAgainFromTheRecordedCells() {
        ClaimResult current = ClaimJudge.judge(List.of(claim("fast >> slow", ">= 10x", "fast", "slow")),
                run(null).cells(), null).get(0);
        // as an older fluxlab might have recorded it: same claim and cells, another verdict and evidence
        ClaimResult old = new ClaimResult(current.claim(), current.source(), current.quote(), current.figure(),
                current.relation(), current.cells(), "inconclusive", "an older rule", null);
        List<ClaimResult> again = RecordedClaims.rejudged(run(List.of(old)));
        assertEquals(List.of(current), again);
        assertEquals("confirmed", again.get(0).verdict());
        assertTrue(again.get(0).reason().startsWith("fast-label / slow-label = 75.0x, claimed >= 10x"),
                again.get(0).reason());
    }

    @Test
    void aClaimThisFluxlabCannotReadIsKeptAsRecorded() {
        ClaimResult.Measured a = new ClaimResult.Measured("fast", "fast", null, null, true);
        ClaimResult.Measured b = new ClaimResult.Measured("slow", "slow", null, null, true);
        ClaimResult unknownRelation = new ClaimResult("c", "s", null, FigureName.THROUGHPUT, "about 2x", List.of(a, b),
                "confirmed", "judged by a newer rule", null);
        ClaimResult unknownFigure = new ClaimResult("c", "s", null, "joules_per_request", ">", List.of(a, b),
                "confirmed", "judged on a newer figure", null);
        ClaimResult tooFewCells = new ClaimResult("c", "s", null, FigureName.THROUGHPUT, ">", List.of(a),
                "contradicted", "cut short", null);
        List<ClaimResult> again = RecordedClaims.rejudged(run(List.of(unknownRelation, unknownFigure, tooFewCells)));
        assertSame(unknownRelation, again.get(0));
        assertSame(unknownFigure, again.get(1));
        assertSame(tooFewCells, again.get(2));
    }

    @Test
    void aRunWithoutClaimsHasNoneToJudge() {
        assertNull(RecordedClaims.rejudged(run(null)));
        assertEquals(List.of(), RecordedClaims.rejudged(run(List.of())));
    }
}
