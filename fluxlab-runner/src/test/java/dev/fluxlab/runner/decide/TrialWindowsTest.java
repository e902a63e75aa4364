package dev.fluxlab.runner.decide;

import dev.fluxlab.model.load.LoadResult;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A window's measured phase on the sampler's clock, from the load document's wall-clock start: a wall clock that
 * jumped during the window (issue 38's hostile classes: a clock jump on the injector's machine) must not place the
 * phase where no sample of it is, reading the targets' CPU of other seconds.
 */
class TrialWindowsTest {

    private static LoadResult startedAt(long epochMs) {
        return new LoadResult(LoadResult.SCHEMA, "http://127.0.0.1:1/", "http1.1", "closed", "GET", 1, 1, null, 0.5,
                null, 2.0, 100, null, 50, null, 0, 0, 0, 0, null, null, null, null, "nio", null, null, null, null,
                null, null, null, null, epochMs, null, null, null);
    }

    @Test
    void aPhaseOutsideItsJobIsAClockJumpNotASpan() {
        long before = 1_700_000_000_000L;
        // the job ran from 10.0 s to 13.0 s of the sampler's clock; its phase started 0.6 s in, for 2 s
        assertArrayEquals(new double[]{10.6, 12.6}, TrialWindows.measuredSpan(startedAt(before + 600), before, 10.0,
                13.0).orElseThrow(), 1e-9);
        assertTrue(TrialWindows.measuredSpan(startedAt(before - 2_400), before, 10.0, 13.0).isEmpty(),
                "the wall clock set back 3 s: the phase would start before the job");
        assertTrue(TrialWindows.measuredSpan(startedAt(before + 5_600), before, 10.0, 13.0).isEmpty(),
                "set forward 5 s: the phase would end after the job");
    }
}
