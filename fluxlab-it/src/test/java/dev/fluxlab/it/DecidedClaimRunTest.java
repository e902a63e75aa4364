package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.decide.DecideMethod;
import dev.fluxlab.model.decide.TrialRecord;
import dev.fluxlab.model.decide.Window;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A claim decided by an interleaved trial, end to end with the real target and injector ({@link ClaimTrialSuite}, the
 * trial alternating its cells): the claim is confirmed from the trial's windows at its first look, the windows
 * alternate between the two cells in every round, and {@code fluxlab report}'s re-judging reaches the same verdict
 * from results.json. A claim whose {@code needs} this machine does not meet gets no trial.
 */
class DecidedClaimRunTest {

    @Test
    void aClaimIsDecidedByAnInterleavedTrial(@TempDir Path tmp) throws Exception {
        Path suite = ClaimTrialSuite.write(tmp, DecideMethod.ALTERNATE);
        Path out = tmp.resolve("run");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("deciding claim 1/2 '" + ClaimTrialSuite.CLAIM + "'"), o.out());

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

        ClaimTrialSuite.assertConfirmed(r);
        ClaimTrialSuite.assertUntriedAndRejudgedAlike(r);
    }
}
