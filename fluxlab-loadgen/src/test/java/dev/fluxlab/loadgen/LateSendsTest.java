package dev.fluxlab.loadgen;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The open model's late sends: more than {@link SendSchedule#LATE_NANOS} after their intended time, counted in the
 * window of their send, split by what they waited for (a free connection, or the loop), added up across loops, and
 * named in the behind-schedule warning.
 */
class LateSendsTest {

    private static final long START = 5_000_000_000L;

    @Test
    void aSendIsLateOnlyBeyondOneMillisecondAndCountsWhatItWaitedFor() {
        RunControl ctl = new RunControl(null);
        ctl.openMeasure(START, START + 1_000_000_000L);
        LoopStats stats = new LoopStats(ctl, 1);
        stats.sent(START + 10, START, false);                          // on time
        stats.sent(START + SendSchedule.LATE_NANOS, START, true);      // exactly 1 ms: not late
        stats.sent(START + 2_000_000, START, true);                    // late, held for a connection
        stats.sent(START + 3_000_000, START + 1_000, false);           // late, held by the loop
        stats.sent(START - 1, START - 5_000_000, true);                // late, but before the window
        Tally measured = stats.measured();
        assertEquals(2, measured.late);
        assertEquals(1, measured.lateWaitingForConnection);

        Tally all = new Tally(1);
        all.add(measured);
        all.add(measured);
        assertEquals(4, all.late, "loops' late sends add up");
        assertEquals(2, all.lateWaitingForConnection, "and so does their split");
    }

    @Test
    void theWarningSplitsTheLateSendsByWhatTheyWaitedFor() {
        String w = LoadGenerator.behindScheduleWarning(10, 7, 2, 1_000, 5);
        assertTrue(w.startsWith("OPEN MODEL BEHIND SCHEDULE: 10 requests sent in the measured window left more than "
                + "1 ms after their intended time (7 waited for a connection with a free slot"), w);
        assertTrue(w.contains("; 3 waited for the loop itself"), w);
        assertTrue(w.contains("and 2 were never sent (1000 req/s for 5.0 s intends 5000)"), w);
        String none = LoadGenerator.behindScheduleWarning(0, 0, 2, 1_000, 5);
        assertTrue(none.contains("after their intended time, and 2 were never sent"), "no split without late sends: " + none);
    }
}
