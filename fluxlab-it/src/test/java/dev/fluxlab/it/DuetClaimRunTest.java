package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.decide.DecideMethod;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A claim decided by a duet trial ({@code decide_method: duet}), end to end with the real targets and injectors
 * ({@link ClaimTrialSuite}, as {@link DecidedClaimRunTest} but for the method): the light and the heavy targets are
 * loaded at the same time in every round, each by its own injector JVM, their windows started together at a start
 * gate; each round's two windows cover the same span, the claim is confirmed, the claim this machine cannot judge gets
 * no trial, and {@code fluxlab report}'s re-judging of results.json agrees.
 */
class DuetClaimRunTest {

    /** How far apart the two windows of a round may start: the gate is polled every millisecond. */
    private static final double SAME_START_S = 0.25;

    @Test
    void aClaimIsDecidedByADuetTrial(@TempDir Path tmp) throws Exception {
        Path suite = ClaimTrialSuite.write(tmp, DecideMethod.DUET);
        Fluxlab.Outcome plan = Fluxlab.execute("run", "--dry-run", suite.toString());
        assertEquals(0, plan.code(), plan.out() + plan.err());
        assertTrue(plan.out().contains("each decided by a duet trial of its cells (loaded together, decide_method: "
                + "duet) after they ran"), plan.out());
        Path out = tmp.resolve("run");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("deciding claim 1/2 '" + ClaimTrialSuite.CLAIM + "': its 2 cells loaded "
                + "together (duet)"), o.out());

        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        TrialRecord t = r.trials().get(0);
        assertEquals(DecideMethod.DUET, t.decideMethod(), t.toString());
        assertEquals(TrialRecord.DECIDED, t.ended(), t.toString());
        // one injector JVM per cell, each with its own log
        assertTrue(Files.exists(out.resolve("decide/claim-1/injector-1.log"))
                && Files.exists(out.resolve("decide/claim-1/injector-2.log")), "an injector per cell");
        List<Window> w = t.windows();
        int rounds = w.stream().mapToInt(Window::round).max().orElse(0);
        assertTrue(rounds >= t.plan().minRounds(), w.toString());
        for (int round = 1; round <= rounds; round++) {
            int k = round;
            List<Window> both = w.stream().filter(x -> x.round() == k).toList();
            assertEquals(List.of(t.cells().get(0), t.cells().get(1)), both.stream().map(Window::cell).toList(),
                    "round " + round + " has a window of each cell");
            Window a = both.get(0);
            Window b = both.get(1);
            assertTrue(Math.abs(a.startSeconds() - b.startSeconds()) < SAME_START_S, "round " + round
                    + " windows start together: " + both);
            assertEquals(a.seconds(), b.seconds(), 0.1, "round " + round + " windows last alike: " + both);
            assertTrue(a.rps() > 0 && b.rps() > 0 && a.errors() == 0 && b.errors() == 0, both.toString());
            if (round > 1) {
                Window before = w.stream().filter(x -> x.round() == k - 1).findFirst().orElseThrow();
                assertTrue(a.startSeconds() >= before.startSeconds() + before.seconds(),
                        "rounds follow one another: " + w);
            }
        }
        // targets of their own: each window has its target's CPU per response and its injector's
        assertTrue(w.stream().allMatch(x -> x.cpuUsPerRequest() != null && x.cpuUsPerRequest().size() >= 2),
                w.toString());

        ClaimResult decided = ClaimTrialSuite.assertConfirmed(r);
        assertTrue(decided.reason().contains("duet (cells loaded together) rounds"), decided.reason());
        ClaimTrialSuite.assertUntriedAndRejudgedAlike(r);
    }
}
