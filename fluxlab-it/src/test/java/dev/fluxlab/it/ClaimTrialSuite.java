package dev.fluxlab.it;

import dev.fluxlab.model.claim.RecordedClaims;
import dev.fluxlab.model.decide.DecideMethod;
import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.run.RunResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The suite of the end-to-end tests of decided claims, and what every decide method must make of it: two plain Reactor
 * Netty targets, one doing a large fixed amount of per-request arithmetic ({@code work}), so the light one is several
 * times faster whatever the machine's speed; the claim "light at least twice as fast as heavy", given its trial even
 * though the repeats may already decide it ({@code interleave: always}), and a claim whose {@code needs} this machine
 * does not meet, which gets no trial.
 *
 * <p>Why one suite: the tests of the decide methods ({@link DecidedClaimRunTest}: alternate, {@link DuetClaimRunTest}:
 * duet) then differ by the method alone, and a change to the suite reaches both.
 */
final class ClaimTrialSuite {

    /** The claim both cells' trial decides. */
    static final String CLAIM = "light at least twice as fast as heavy";

    private ClaimTrialSuite() {
    }

    /** Writes the suite, its trials run with {@code method}, into {@code dir}. */
    static Path write(Path dir, DecideMethod method) throws IOException {
        return Files.writeString(dir.resolve(method.key() + ".yaml"), """
                name: %s
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
                measure: 1s          # the cells' own figures are not checked; a trial's window is 2 s at least anyway
                decide_max: 120s     # a loaded machine stretches the heavy cell's p99, and the windows with it
                interleave: always   # several times apart: the default would judge it from the repeats alone
                decide_method: %s
                claims:
                  - claim: %s
                    source: test
                    cells: [{target: light}, {target: heavy}]
                    relation: ">= 2x"
                  - claim: an effect this machine is too small for
                    source: test
                    cells: [{target: light}, {target: heavy}]
                    relation: ">"
                    needs: {cores: 4096}
                """.formatted(method.key(), method.key(), CLAIM));
    }

    /** The first claim is confirmed from its trial's windows, the whole interval above 2x; returns it. */
    static ClaimResult assertConfirmed(RunResult r) {
        ClaimResult decided = r.claims().get(0);
        assertEquals("confirmed", decided.verdict(), decided.reason());
        assertEquals(ClaimResult.INTERLEAVED, decided.basis());
        assertTrue(decided.intervals().get(0).low() > 2, decided.intervals().toString());
        return decided;
    }

    /**
     * The second claim is inconclusive for this machine and got no trial; {@code fluxlab report}'s re-judging of
     * results.json reaches the same verdicts and the first claim's reason.
     */
    static void assertUntriedAndRejudgedAlike(RunResult r) {
        ClaimResult small = r.claims().get(1);
        assertEquals("inconclusive", small.verdict());
        assertEquals(ClaimResult.InconclusiveWhy.MACHINE.label(), small.why());
        assertTrue(small.reason().startsWith("not judgeable on this machine: the effect needs 4096 cores"),
                small.reason());
        assertFalse(r.trials().get(1).measured(), "no trial for a claim the machine cannot judge");

        List<ClaimResult> again = RecordedClaims.rejudged(r);
        assertEquals(r.claims().stream().map(ClaimResult::verdict).toList(),
                again.stream().map(ClaimResult::verdict).toList(), "report re-judges the windows alike");
        assertEquals(r.claims().get(0).reason(), again.get(0).reason());
    }
}
