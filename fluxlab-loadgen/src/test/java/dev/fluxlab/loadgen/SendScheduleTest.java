package dev.fluxlab.loadgen;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The open model's schedule: exact intended times and rate, coalesced wake-ups, and what counts as missed. */
class SendScheduleTest {

    private static final long START = 1_000_000_000L;

    @Test
    void intendedTimesFollowTheRateWithoutDrift() {
        SendSchedule s = new SendSchedule(3_000); // 333,333.3 ns apart: rounding must not accumulate
        s.start(START);
        assertEquals(START, s.intended(0));
        assertEquals(START + 333_333, s.intended(1));
        assertEquals(START + 1_000_000_000L, s.intended(3_000));
        assertEquals(START + 3_600_000_000_000L, s.intended(3_000L * 3_600), "an hour at 3000 req/s");
    }

    /**
     * A loop driven only by its timer at 10k req/s: every wake-up sends what is due, no wake-up comes sooner than the
     * coalescing period after the last, every request goes out within that period of its intended time, none early,
     * and over one second exactly the intended number are sent.
     */
    @Test
    void coalescedWakeUpsSendEveryRequestOnTimeAndKeepTheRateExact() {
        SendSchedule s = new SendSchedule(10_000);
        s.start(START);
        long now = START, last = START;
        long wakeUps = 0, sent = 0, maxHold = 0;
        while (now < START + 1_000_000_000L) {
            wakeUps++;
            last = now;
            while (s.due(now)) {
                long t = s.nextIntended();
                assertTrue(t <= now, "sent before its intended time");
                maxHold = Math.max(maxHold, now - t);
                s.sent();
                sent++;
            }
            long wake = s.wakeAt(now);
            assertTrue(wake >= now + SendSchedule.COALESCE_NANOS, "woke again within the coalescing period");
            now = wake;
        }
        assertEquals(s.intendedBefore(last + 1), sent, "every request intended by the last wake-up was sent");
        assertEquals(10_000, s.intendedBefore(START + 1_000_000_000L));
        assertEquals(0, s.unsentBefore(last + 1));
        assertTrue(sent < 10_000, "the requests intended after the last wake-up wait for the next one");
        assertEquals(10_000 - sent, s.unsentBefore(START + 1_000_000_000L));
        assertTrue(maxHold <= SendSchedule.COALESCE_NANOS, "held " + maxHold + " ns");
        long expectedWakeUps = 1_000_000_000L / SendSchedule.COALESCE_NANOS;
        assertTrue(wakeUps <= expectedWakeUps + 1, wakeUps + " wake-ups, one per request would be 10000");
    }

    /** Below one request per coalescing period the timer fires at each request's intended time, as before. */
    @Test
    void slowSchedulesWakeAtTheIntendedTimeItself() {
        SendSchedule s = new SendSchedule(200); // 5 ms apart
        s.start(START);
        assertTrue(s.due(START));
        s.sent();
        assertFalse(s.due(START + 1));
        assertEquals(START + 5_000_000, s.wakeAt(START + 1));
    }

    @Test
    void requestsNeverSentBeforeTheEndAreMissed() {
        SendSchedule s = new SendSchedule(1_000); // 1 ms apart
        s.start(START);
        for (int i = 0; i < 10; i++) {
            s.sent();
        }
        assertEquals(10, s.sentCount());
        long end = START + 20_000_000; // intended before it: requests 0..19
        assertEquals(20, s.intendedBefore(end));
        assertEquals(10, s.unsentBefore(end));
        assertEquals(21, s.intendedBefore(end + 1), "an intended time equal to the end is before end + 1");
        assertEquals(0, s.unsentBefore(START + 5_000_000), "more sent than intended before an earlier end");
        // a phase [15 ms, 20 ms): requests 15..19 intended in it, none sent; 10..14 were the warm-up's backlog
        assertEquals(5, s.unsentBetween(START + 15_000_000, end), "only those intended in the phase are its misses");
        assertEquals(10, s.unsentBetween(START + 5_000_000, end), "sent ones are not missed");
        assertFalse(new SendSchedule(0).active());
    }

    /** The warm-up's backlog is dropped at the measured phase's start: the next send is the phase's first request. */
    @Test
    void aBacklogDroppedAtThePhaseStartLeavesTheNextSendOnItsSchedule() {
        SendSchedule s = new SendSchedule(1_000); // 1 ms apart
        s.start(START);
        for (int i = 0; i < 3; i++) {
            s.sent();
        }
        long phase = START + 10_000_000; // requests 0..9 intended before it, 3 sent
        assertEquals(7, s.skipBefore(phase));
        assertEquals(phase, s.nextIntended(), "request 10 is intended at the phase's start itself");
        assertEquals(0, s.unsentBefore(phase));
        assertEquals(0, s.skipBefore(phase), "nothing left to drop");
        assertEquals(0, s.skipBefore(START + 5_000_000), "an earlier time drops nothing and never goes back");
        assertEquals(phase, s.nextIntended());
        assertEquals(5, s.unsentBetween(phase, phase + 5_000_000), "the phase's own misses are counted as before");
    }

    /** A send after the phase's end misses it only when it waited longer than the coalescing holds a request. */
    @Test
    void aSendHeldByTheCoalescingAcrossTheEndIsNotMissed() {
        long end = START + 1_000_000;
        long w = SendSchedule.COALESCE_NANOS;
        assertFalse(SendSchedule.missedAtEnd(end - 10, end + 5, START, end), "held a few ns across the end");
        assertFalse(SendSchedule.missedAtEnd(end - w, end, START, end), "held exactly the coalescing period");
        assertTrue(SendSchedule.missedAtEnd(end - w - 1, end, START, end), "held longer: missed");
        assertFalse(SendSchedule.missedAtEnd(end - 2 * w, end - 1, START, end), "sent inside the phase");
        assertFalse(SendSchedule.missedAtEnd(end, end + 2 * w, START, end), "intended after the phase");
        assertFalse(SendSchedule.missedAtEnd(START - 1, end + 2 * w, START, end), "intended before the phase");
    }

    /**
     * Why a late send waited: for a connection while the queue stands blocked (a dispatch found a request due and no
     * free slot) until a dispatch catches up, for the loop itself otherwise, including before anything ever blocked.
     */
    @Test
    void aLateSendWaitedForAConnectionOnlyWhileTheQueueStandsBlocked() {
        SendSchedule s = new SendSchedule(1_000);
        s.start(START);
        assertFalse(s.waitedForConnection(), "nothing blocked yet: a late send waited for the loop");
        s.blocked();
        assertTrue(s.waitedForConnection(), "due behind a dispatch that found no free slot");
        s.sent();
        s.blocked();
        assertTrue(s.waitedForConnection(), "still blocked: every request due behind it waits too");
        s.caughtUp();
        assertFalse(s.waitedForConnection(), "a dispatch sent everything due: the next late send waited for the loop");
    }
}
