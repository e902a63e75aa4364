package dev.fluxlab.loadgen;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunControlTest {

    @Test
    void everyCompletionIsOutsideUntilTheMeasuredPhaseOpens() {
        RunControl ctl = new RunControl(null);
        long now = System.nanoTime();
        for (long t : new long[]{now, now - 1_000_000_000_000L, now + 3_600_000_000_000L, 0, Long.MIN_VALUE / 4}) {
            assertEquals(RunControl.OUTSIDE, ctl.window(t), "before openMeasure, t=" + t);
        }
    }

    @Test
    void theWindowIncludesItsStartAndExcludesItsEnd() {
        RunControl ctl = new RunControl(null);
        long start = System.nanoTime();
        ctl.openMeasure(start, start + 1_000);
        assertEquals(RunControl.OUTSIDE, ctl.window(start - 1));
        assertEquals(RunControl.MEASURED, ctl.window(start));
        assertEquals(RunControl.MEASURED, ctl.window(start + 999));
        assertEquals(RunControl.OUTSIDE, ctl.window(start + 1_000));
        assertEquals(RunControl.OUTSIDE, ctl.window(start + 3_600_000_000_000L));
    }

    @Test
    void windowsWorkWhateverTheClocksOrigin() {
        for (long start : new long[]{-5_000_000_000L, 0, Long.MAX_VALUE / 4, Long.MIN_VALUE / 4}) {
            RunControl ctl = new RunControl(null);
            ctl.openMeasure(start, start + 10);
            assertEquals(RunControl.OUTSIDE, ctl.window(start - 1), "start " + start);
            assertEquals(RunControl.MEASURED, ctl.window(start + 5), "start " + start);
            assertEquals(RunControl.OUTSIDE, ctl.window(start + 10), "start " + start);
        }
    }

    @Test
    void countModeMeasuresExactlyItsBudgetThenClosesTheWindow() {
        RunControl ctl = new RunControl(3L);
        long start = System.nanoTime();
        assertEquals(RunControl.OUTSIDE, ctl.claim(start - 1), "warm-up spends no budget");
        ctl.openMeasure(start, Long.MAX_VALUE);
        assertEquals(RunControl.MEASURED, ctl.window(start + 1_000_000_000_000L), "no end before the budget is spent");
        assertEquals(RunControl.MEASURED, ctl.claim(start + 1));
        assertEquals(RunControl.MEASURED, ctl.claim(start + 2));
        assertEquals(1, ctl.countReached.getCount());
        assertEquals(RunControl.MEASURED, ctl.claim(start + 3));
        assertEquals(0, ctl.countReached.getCount());
        assertEquals(start + 4, ctl.measureEnd);
        assertEquals(RunControl.OUTSIDE, ctl.claim(start + 3), "budget spent");
        assertEquals(RunControl.OUTSIDE, ctl.claim(start + 5));
    }

    @Test
    void outsideCompletionsAreKeptApartFromTheMeasuredOnes() {
        RunControl ctl = new RunControl(null);
        LoopStats stats = new LoopStats(ctl, 2);
        long start = System.nanoTime();
        stats.ok(start - 10, start - 2_000_000, start - 1_000_000, 0);       // warm-up
        ctl.openMeasure(start, start + 1_000_000_000L);
        stats.ok(start + 5_000, start + 1_000, start + 2_000, 0);           // measured: 4 us corrected, 3 us uncorrected
        stats.unexpectedStatus(503, 200, start + 6_000);
        stats.error(ErrorClass.TIMEOUT, start + 1_000_000_000L);          // at the end: outside
        Tally m = stats.measured();
        assertEquals(1, m.ok);
        assertEquals(1, m.corrected.getTotalCount());
        assertEquals(4, m.corrected.getMaxValue());
        assertEquals(3, m.uncorrected.getMaxValue());
        assertEquals(1, m.errors[ErrorClass.STATUS.ordinal()]);
        assertEquals(1, m.statuses[503]);
        assertEquals(0, m.errors[ErrorClass.TIMEOUT.ordinal()]);
        assertEquals(2, stats.okAll(), "progress counts every completion");
        assertEquals(2, stats.errAll());
        assertTrue(m.copy().corrected.equals(m.corrected));
    }

    @Test
    void bytesAreCountedInTheWindowTheyWereReadInAndBodiesWithTheirResponse() {
        RunControl ctl = new RunControl(null);
        LoopStats stats = new LoopStats(ctl, 2);
        long start = System.nanoTime();
        stats.received(500, start - 1);                                   // warm-up: outside
        stats.ok(start - 1, start - 10, start - 10, 13);
        ctl.openMeasure(start, start + 1_000_000_000L);
        stats.received(78, start);                                        // the window's first nanosecond
        stats.ok(start, start - 5, start - 5, 13);
        stats.received(156, start + 999_999_999L);                       // its last
        stats.ok(start + 999_999_999L, start, start, 13);
        stats.ok(start + 999_999_999L, start, start, 13);
        stats.received(1000, start + 1_000_000_000L);                     // the end: outside
        Tally m = stats.measured();
        assertEquals(234, m.bytesIn);
        assertEquals(39, m.bodyBytes);
        Tally copy = m.copy();
        assertEquals(234, copy.bytesIn, "a copy keeps the counts");
        copy.add(m);
        assertEquals(468, copy.bytesIn, "the loops' tallies add up");
        assertEquals(78, copy.bodyBytes);
    }

    @Test
    void measuredCompletionsAreCountedInTheSecondTheyCompletedIn() {
        RunControl ctl = new RunControl(null);
        LoopStats stats = new LoopStats(ctl, 3);                          // a 2 s window: 2 seconds and the rest
        long start = System.nanoTime();
        stats.ok(start - 10, start - 20, start - 20, 0);                     // warm-up: outside
        ctl.openMeasure(start, start + 2_000_000_000L);
        stats.ok(start, start, start, 0);                                    // second 1, at its first nanosecond
        stats.ok(start + 999_999_999L, start, start, 0);                     // second 1, at its last
        stats.ok(start + 1_000_000_000L, start, start, 0);                   // second 2
        stats.error(ErrorClass.RESET, start + 1_500_000_000L);            // second 2
        stats.ok(start + 2_000_000_000L, start, start, 0);                   // the end: outside
        Tally m = stats.measured();
        assertArrayEquals(new long[]{2, 1, 0}, m.okBySecond);
        assertArrayEquals(new long[]{0, 1, 0}, m.errBySecond);
        assertEquals(3, m.ok);
        Tally copy = m.copy();
        copy.add(m);
        assertArrayEquals(new long[]{4, 2, 0}, copy.okBySecond, "tallies add their seconds");
    }
}
