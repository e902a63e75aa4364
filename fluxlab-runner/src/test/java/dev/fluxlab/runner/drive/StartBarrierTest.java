package dev.fluxlab.runner.drive;

import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.ProcessSample;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runner's half of the start barrier: the injectors' start spread on the runner's clock (each host's clock offset
 * taken out), and the compile rate of a target the runner watches for the injectors, over the same quiet window.
 */
class StartBarrierTest {

    private static LoadResult startedAt(Long ms) {
        return new LoadResult(LoadResult.SCHEMA, "http://x", "h2c", "closed", "GET", 1, 1, null, 1, true, 1, 1,
                Map.of(), 1, null, 0, 0, 0, 0, List.of(), null, null, null, null, "fluxlab", 1, null, null, null,
                null, null, 1, ms, null, null, null);
    }

    @Test
    void theSpreadIsTakenOnTheRunnersClock() {
        // injector 2's host runs 40 ms ahead: its document says +45 ms, the runner's clock +5 ms
        assertEquals(5L, FluxlabDriver.startSpread(List.of(startedAt(1_000L), startedAt(1_045L)), List.of(0L, 40_000L)));
        assertEquals(45L, FluxlabDriver.startSpread(List.of(startedAt(1_000L), startedAt(1_045L)), List.of(0L, 0L)));
        assertNull(FluxlabDriver.startSpread(List.of(startedAt(1_000L), startedAt(null)), List.of(0L, 0L)),
                "one start is not a spread");
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
