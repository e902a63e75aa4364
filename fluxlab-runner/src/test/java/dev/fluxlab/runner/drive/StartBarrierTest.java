package dev.fluxlab.runner.drive;

import dev.fluxlab.runner.host.ClockOffset;
import dev.fluxlab.model.run.ProcessSample;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runner's half of the start barrier: the injectors' start spread on the runner's clock (each host's clock offset
 * taken out), and the compile rate of a target the runner watches for the injectors, over the same quiet window.
 */
class StartBarrierTest {

    private static final java.util.function.Function<String, ClockOffset> SAME_CLOCK = h -> ClockOffset.LOCAL;

    @Test
    void theSpreadIsTakenOnTheRunnersClock() {
        // injector 2's host runs 40 ms ahead: its document says +45 ms, the runner's clock +5 ms
        Map<String, ClockOffset> ahead = Map.of("h2", new ClockOffset(40_000, 0), "h1", ClockOffset.LOCAL);
        assertEquals(5L, InjectorStarts.of(List.of(1_000L, 1_045L), List.of("h1", "h2"), ahead::get).orElseThrow()
                .spreadMs());
        assertEquals(45L, InjectorStarts.of(List.of(1_000L, 1_045L), List.of("h1", "h2"), SAME_CLOCK).orElseThrow()
                .spreadMs());
        assertTrue(InjectorStarts.of(Arrays.asList(1_000L, null), Arrays.asList(null, null), SAME_CLOCK).isEmpty(),
                "one start is not a spread");
    }

    /**
     * The spread's bound: the documents' whole milliseconds alone for injectors on one machine (they share its
     * offset), plus the offset bounds of the two machines when they are not; with three machines, the worst pair.
     */
    @Test
    void theSpreadsBoundIsTheMillisecondPlusTheWorstPairOfMachinesOffsetBounds() {
        Map<String, ClockOffset> clocks = Map.of("h2", new ClockOffset(-3_000, 250), "h3", new ClockOffset(7_000, 900),
                "h4", new ClockOffset(0, 40));
        InjectorStarts oneHost = InjectorStarts.of(List.of(2_000L, 2_003L, 2_001L), List.of("h3", "h3", "h3"),
                clocks::get).orElseThrow();
        assertEquals(new InjectorStarts(3, 1.0), oneHost, "one machine: its offset cancels out");
        InjectorStarts two = InjectorStarts.of(List.of(2_000L, 2_013L), List.of("h2", "h3"), clocks::get)
                .orElseThrow();
        // on the runner's clock: 2,003 ms and 2,006 ms
        assertEquals(new InjectorStarts(3, 2.15), two, "1 ms + 0.25 ms + 0.9 ms");
        InjectorStarts three = InjectorStarts.of(List.of(2_000L, 2_013L, 1_999L), List.of("h2", "h3", "h4"),
                clocks::get).orElseThrow();
        assertEquals(2.15, three.errorMs(), 1e-9, "the worst pair, h2 and h3, whichever starts first and last");
        InjectorStarts withLocal = InjectorStarts.of(List.of(2_000L, 2_001L), Arrays.asList(null, "h4"),
                h -> h == null ? ClockOffset.LOCAL : clocks.get(h)).orElseThrow();
        assertEquals(new InjectorStarts(1, 1.04), withLocal, "the runner's own clock is known exactly");
        var recorded = three.alignment(List.of("h2", "h3", "h4"), clocks::get);
        assertEquals(List.of("h2", "h3", "h4"), List.copyOf(recorded.hostClocks().keySet()));
        assertEquals(new dev.fluxlab.model.run.StartAlignment.HostClock(7_000, 900), recorded.hostClocks().get("h3"));
        assertEquals(Map.of(InjectorStarts.LOCAL, new dev.fluxlab.model.run.StartAlignment.HostClock(0, 0)),
                withLocal.alignment(Arrays.asList(null, null), h -> ClockOffset.LOCAL).hostClocks());
    }

    private static List<ProcessSample> compiling(double... cumulativeMs) {
        List<ProcessSample> s = new ArrayList<>();
        for (int i = 0; i < cumulativeMs.length; i++) {
            s.add(new ProcessSample(10 + i * 1.02, 1, 100, 20, cumulativeMs[i], (long) i));
        }
        return s;
    }

    @Test
    void aTargetsCompileRateIsReadOverTheQuietWindow() {
        assertTrue(TargetJit.rate(compiling(100, 400, 700)).isEmpty(), "two seconds are not the 3 s window yet");
        double busy = TargetJit.rate(compiling(0, 100, 400, 700, 1000)).orElseThrow();
        assertEquals(300, busy, 10, "900 ms compiled over the last ~3 s");
        double quiet = TargetJit.rate(compiling(0, 900, 910, 920, 930)).orElseThrow();
        assertTrue(quiet < 50, "below the target floor: " + quiet);
    }
}
