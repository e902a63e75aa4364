package dev.fluxlab.runner.host;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The clock offset measured over an agent's open session ({@link HostAgent#probeClock}), with the agent running on
 * this machine in place of the ssh session: the same clock on both ends, so the offset is zero within its bound.
 */
class HostAgentClockTest {

    /** One probe: the host's reading against the midpoint of the round trip, within half of it (rounded up). */
    @Test
    void aProbeIsTakenAgainstTheMidpointOfItsRoundTrip() {
        assertEquals(new ClockOffset(4_999_500, 200), ClockOffset.probe(1_000, 5_000_700, 1_400));
        assertEquals(new ClockOffset(-1_200, 201), ClockOffset.probe(1_000, 0, 1_401),
                "an odd round trip: the bound is rounded up, never understated");
        assertEquals(new ClockOffset(300, 0), ClockOffset.probe(1_000, 1_300, 1_000));
        assertEquals(new ClockOffset(10, 90), new ClockOffset(10, 90).better(new ClockOffset(400, 900)));
        assertEquals(new ClockOffset(400, 9), new ClockOffset(10, 90).better(new ClockOffset(400, 9)));
        assertEquals(new ClockOffset(10, 90), new ClockOffset(10, 90).better(null));
    }

    @Test
    void theAgentAnswersClockProbesOverItsSessionAndTheOffsetHoldsItsBound() {
        List<String> local = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx32m",
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                LocalAgentMain.class.getName());
        HostAgent agent = HostAgent.start("h1", local, "ssh h1 ...", new ClockOffset(0, 50_000));
        try {
            ClockOffset o = agent.probeClock(8).orElseThrow();
            // one clock on both ends: the true offset is 0, which the measured offset's bound must contain
            assertTrue(Math.abs(o.offsetMicros()) <= o.uncertaintyMicros() + 1,
                    "offset " + o.offsetMicros() + " us outside its bound " + o.uncertaintyMicros() + " us");
            assertTrue(o.uncertaintyMicros() < 500_000, "a probe answered within its wait: " + o);
        } finally {
            agent.close();
        }
        assertTrue(agent.probeClock(3).isEmpty(), "a closed agent answers nothing and is not started again");
    }
}
