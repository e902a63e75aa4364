package dev.fluxlab.runner.host;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An injector host whose clock jumps (issue 38's hostile classes), without touching this machine's clock: the offsets
 * the host's agent rounds show, and the probes of the clock check, are fed by hand.
 */
class ClockWatchTest {

    private static final long S = 1_000_000_000L;

    /** Rounds' delivery delays are not jumps; a 3 s step is, dated, and the offset after it is the one used. */
    @Test
    void aJumpBetweenRoundsIsDatedAndTheCellMeasuredAcrossItIsWarned() {
        ClockWatch w = new ClockWatch("h3", new ClockOffset(2_000, 500));
        long[] jitter = {1_000, -150_000, 40_000, -300_000, 2_500};
        for (int i = 0; i < jitter.length; i++) {
            w.observe(i * S, jitter[i]);
        }
        assertEquals(2_000, w.offsetMicros(), "delivery delays keep the measured offset");
        assertNull(w.warning(0, 5 * S), "no jump, no warning");

        w.observe(6 * S, 3_000_000);
        w.observe(7 * S, 2_950_000);
        assertEquals(3_000_000, w.offsetMicros(), "times read from the host's clock after the jump use the new offset");
        assertEquals(List.of(new ClockWatch.Jump(6 * S, 2_998_000)), w.between(5 * S, 8 * S));
        String warning = w.warning(5 * S, 8 * S);
        assertTrue(warning != null && warning.startsWith("host 'h3': its clock jumped by +2,998 ms"), warning);
        assertNull(w.warning(7 * S, 9 * S), "a cell measured after the jump is not warned");

        w.observe(10 * S, -1_000_000); // and back (a clock set back), below the runner's
        assertTrue(w.warning(9 * S, 11 * S).contains("-4,000 ms"), w.warning(9 * S, 11 * S));
    }

    /**
     * The clock check's probes: a jump between them made the shortest round trip, taken before the jump, the host's
     * offset for the whole run; the probes after the last jump are the clock as it is.
     */
    @Test
    void theClockCheckKeepsOnlyTheProbesAfterAJump() {
        List<ClockOffset> probes = List.of(new ClockOffset(1_000, 300), new ClockOffset(1_200, 900),
                new ClockOffset(5_001_000, 700), new ClockOffset(5_000_800, 400), new ClockOffset(5_001_500, 2_000));
        assertEquals(new ClockOffset(5_000_800, 400), ClockOffset.best(probes));
        List<ClockOffset> steady = List.of(new ClockOffset(1_000, 300), new ClockOffset(900, 100),
                new ClockOffset(1_300, 800));
        assertEquals(new ClockOffset(900, 100), ClockOffset.best(steady));
    }
}
