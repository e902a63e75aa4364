package dev.fluxlab.model.warmup;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The "queue empty" rule on hand-made readings (recorded series: the probe's RecordedJitSeriesTest). */
class PendingCompilesTest {

    private static final double FLOOR = WarmupPolicy.COMPILE_FLOOR_MS_PER_S;

    private static PendingCompiles.Reading r(double s, double cpu, long invalidations) {
        return new PendingCompiles.Reading(s, cpu, invalidations);
    }

    @Test
    void drainedOnlyWhenEachOfTheLastTwoSecondsStayedBelowTheFloorWithoutInvalidations() {
        assertEquals(true, PendingCompiles.drained(List.of(r(0, 900, 0), r(1, 940, 0), r(2, 980, 0)), FLOOR));
        assertEquals(false, PendingCompiles.drained(List.of(r(0, 900, 0), r(1, 900, 0), r(2, 960, 0)), FLOOR),
                "60 ms of compiler CPU in the last second");
        assertEquals(false, PendingCompiles.drained(List.of(r(0, 900, 0), r(1, 960, 0), r(2, 960, 0)), FLOOR),
                "each second counts, not their mean");
        assertEquals(false, PendingCompiles.drained(List.of(r(0, 900, 0), r(1, 900, 1), r(2, 900, 1)), FLOOR),
                "an invalidated method is compiled again");
        assertEquals(true, PendingCompiles.drained(List.of(r(0, 0, 0), r(1, 500, 0), r(2, 500, 0), r(3, 510, 0)),
                FLOOR), "only the last two seconds count");
        assertEquals(false, PendingCompiles.drained(List.of(r(0, 900, 0), r(1, 900, 0)), FLOOR), "too few readings");
        assertEquals(false, PendingCompiles.drained(List.of(r(0, 900, 0), r(0, 900, 0), r(2, 900, 0)), FLOOR),
                "two readings at one instant say nothing");
    }

    @Test
    void withoutTheCompilerThreadsCpuTheRuleCannotTell() {
        assertNull(PendingCompiles.drained(List.of(), FLOOR));
        assertNull(PendingCompiles.drained(List.of(r(0, Double.NaN, 0), r(1, Double.NaN, 0), r(2, Double.NaN, 0)),
                FLOOR));
        assertNull(PendingCompiles.drained(List.of(r(0, Double.NaN, 0), r(1, 10, 0), r(2, 10, 0)), FLOOR));
    }
}
