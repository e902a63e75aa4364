package dev.fluxlab.targets.common.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class StallTest {

    private static final long MS = 1_000_000L;

    @Test
    void parsesPauseAtEvery() {
        Stall s = Stall.parse("200ms@2s");
        assertEquals(Duration.ofMillis(200), s.pause());
        assertEquals(Duration.ofSeconds(2), s.every());
        assertEquals("200ms@2s", s.toString());
    }

    @Test
    void rejectsBadStallsNamingTheProblem() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Stall.parse("200ms"))
                .getMessage().contains("<pause>@<every>"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Stall.parse("2x@1s"))
                .getMessage().contains("'2x'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Stall.parse("2s@1s"))
                .getMessage().contains("shorter than its period"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Stall.parse("0@1s"))
                .getMessage().contains("positive"));
    }

    @Test
    void holdsResponsesUntilTheEndOfEachWindow() {
        StallSchedule s = new StallSchedule(Stall.parse("200ms@1s"), 5_000 * MS);
        assertEquals(0, s.holdNanos(5_000 * MS));
        assertEquals(0, s.holdNanos(5_799 * MS));
        assertEquals(200 * MS, s.holdNanos(5_800 * MS));
        assertEquals(50 * MS, s.holdNanos(5_950 * MS));
        assertEquals(0, s.holdNanos(6_000 * MS));
        assertEquals(0, s.holdNanos(6_500 * MS));
        assertEquals(100 * MS, s.holdNanos(6_900 * MS));
        assertEquals(100 * MS, s.holdNanos(4_900 * MS)); // before the origin the pattern continues
    }

    @Test
    void failEveryCountsAcrossCalls() {
        FailEvery f = new FailEvery(2);
        assertEquals(false, f.next());
        assertEquals(true, f.next());
        assertEquals(false, f.next());
        assertEquals(true, f.next());
        assertThrows(IllegalArgumentException.class, () -> new FailEvery(0));
    }
}
