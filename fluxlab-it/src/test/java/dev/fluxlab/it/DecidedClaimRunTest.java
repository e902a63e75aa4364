package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.claim.RecordedClaims;
import dev.fluxlab.model.decide.TrialRecord;
import dev.fluxlab.model.decide.Window;
import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A claim decided by an interleaved trial, end to end with the real target and injector: two plain Reactor Netty
 * targets, one doing a large fixed amount of per-request arithmetic ({@code work}), so the light one is several times
 * faster whatever the machine's speed; the claim is confirmed from the trial's windows at its first look, the windows
 * alternate between the two cells in every round, and {@code fluxlab report}'s re-judging reaches the same verdict
 * from results.json. A claim whose {@code needs} this machine does not meet gets no trial.
 */
class DecidedClaimRunTest {

    @Test
    void aClaimIsDecidedByAnInterleavedTrial(@TempDir Path tmp) throws Exception {
        Path suite = Files.writeString(tmp.resolve("decided.yaml"), """
                name: decided
                fork: shared
                targets:
                  light:
                    target: reactor-netty
                    knobs: {protocol: http1.1, transport: nio}
                    jvm: {heap: 128m}
                  heavy:
                    target: reactor-netty
                    knobs: {protocol: http1.1, transport: nio, work: 100000}
                    jvm: {heap: 128m}
                scenarios:
                  plaintext: {path: /plaintext, expect: {status: 200}}
                load: {connections: 4}
                warmup: 1s
                measure: 2s
                decide_max: 60s
                interleave: always   # several times apart: the default would judge it from the repeats alone
                claims:
                  - claim: light at least twice as fast as heavy
                    source: test
                    cells: [{target: light}, {target: heavy}]
                    relation: ">= 2x"
                  - claim: an effect this machine is too small for
                    source: test
                    cells: [{target: light}, {target: heavy}]
                    relation: ">"
                    needs: {cores: 4096}
                """);
        Path out = tmp.resolve("run");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("deciding claim 1/2 'light at least twice as fast as heavy'"), o.out());

        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        assertEquals(2, r.trials().size());
        // fork: shared: the cells' warm target sets went to the trial, which started none of its own
        try (var sets = Files.list(out.resolve("decide").resolve("claim-1"))) {
            assertEquals(List.of(), sets.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("set-")).toList());
        }
        TrialRecord t = r.trials().get(0);
        assertEquals(TrialRecord.DECIDED, t.ended(), t.toString());
        List<Window> w = t.windows();
        assertTrue(w.size() >= 2 * t.plan().minRounds(), "rounds of both cells: " + w.size());
        for (int round = 1; round <= t.plan().minRounds(); round++) {
            int k = round;
            assertEquals(2, w.stream().filter(x -> x.round() == k).map(Window::cell).distinct().count(),
                    "round " + round + " loads both cells");
        }
        assertTrue(w.stream().allMatch(x -> x.rps() > 0 && x.errors() == 0), w.toString());
        // every window keeps its CPU per response, the targets' and the injector's, and its latency histogram
        assertTrue(w.stream().allMatch(x -> x.cpuUsPerRequest() != null && x.cpuUsPerRequest().size() >= 2
                && x.cpuUsPerRequest().values().stream().allMatch(v -> v > 0) && x.histogram() != null), w.toString());

        ClaimResult decided = r.claims().get(0);
        assertEquals("confirmed", decided.verdict(), decided.reason());
        assertEquals(ClaimResult.INTERLEAVED, decided.basis());
        assertTrue(decided.intervals().get(0).low() > 2, decided.intervals().toString());

        ClaimResult small = r.claims().get(1);
        assertEquals("inconclusive", small.verdict());
        assertEquals(ClaimResult.InconclusiveWhy.MACHINE.label(), small.why());
        assertTrue(small.reason().startsWith("not judgeable on this machine: the effect needs 4096 cores"),
                small.reason());
        assertFalse(r.trials().get(1).measured(), "no trial for a claim the machine cannot judge");

        List<ClaimResult> again = RecordedClaims.rejudged(r);
        assertEquals(r.claims().stream().map(ClaimResult::verdict).toList(),
                again.stream().map(ClaimResult::verdict).toList(), "report re-judges the windows alike");
        assertEquals(decided.reason(), again.get(0).reason());
    }
}
