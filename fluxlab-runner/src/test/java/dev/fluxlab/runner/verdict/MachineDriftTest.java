package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.MachineSpeed;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MachineDriftTest {

    private static final MachineSpeed START = new MachineSpeed(100_000_000, 0.01, 9, "t0");
    /** A run whose pairs of repeats showed throughput moving with the reference: its warnings are earned. */
    private static final dev.fluxlab.model.run.SpeedResponse IN_STEP = new dev.fluxlab.model.run.SpeedResponse(1.0, 0.1, 16);

    private static CellResult cell(double... speeds) throws Exception {
        StringBuilder repeats = new StringBuilder();
        for (int i = 0; i < speeds.length; i++) {
            repeats.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT,
                    "{\"repeat\": %d, \"valid\": true, \"reasons\": [], \"speed\": {\"ops_per_second\": %.0f, "
                            + "\"relative_spread\": 0.01, \"samples\": 9, \"at\": \"t\"}}", i + 1, speeds[i]));
        }
        return Json.read("{\"id\": \"c\", \"index\": 1, \"valid\": true, \"reasons\": [], \"repeats\": [" + repeats + "]}",
                CellResult.class);
    }

    @Test
    void aRepeatOnASlowerMachineIsFlaggedWithItsSpeed() throws Exception {
        List<CellResult> out = MachineDrift.flag(List.of(cell(99_000_000, 70_000_000), cell(101_000_000)), START, IN_STEP);
        String r = String.join("|", out.get(0).reasons());
        assertTrue(r.startsWith("warning: the machine's speed moved: reference workload before repeat 2 at "
                + "70,000,000 ops/s (-29 %) against 99,000,000 ops/s typical of the run"), r);
        assertTrue(out.get(1).reasons().isEmpty(), "1 % is the probe's own noise");
        assertEquals(out, MachineDrift.flag(out, START, IN_STEP), "flagged once");
    }

    @Test
    void theBoundFollowsTheProbesOwnSpread() {
        MachineSpeed noisy = new MachineSpeed(93_000_000, 0.04, 9, "t");
        assertNull(MachineDrift.drift(START, noisy), "7 % apart with a 4 % spread: within 3 x 4 %");
        assertEquals(-0.07, MachineDrift.drift(START, new MachineSpeed(93_000_000, 0.01, 9, "t")), 1e-9);
    }

    /** The run's start speed is taken while the runner's JVM still compiles: the repeats' median is the better base. */
    @Test
    void theRunsMedianIsTheBaselineAndTheStartOnlyServesShortRuns() throws Exception {
        MachineSpeed noisyStart = new MachineSpeed(150_000_000, 0.3, 9, "t0");
        List<CellResult> out = MachineDrift.flag(List.of(cell(260_000_000), cell(258_000_000), cell(171_000_000),
                cell(262_000_000)), noisyStart, IN_STEP);
        assertTrue(String.join("|", out.get(2).reasons()).contains("171,000,000 ops/s (-34 %) against 259,000,000 ops/s typical"),
                out.get(2).reasons().toString());
        assertTrue(out.get(0).reasons().isEmpty() && out.get(3).reasons().isEmpty());
        List<CellResult> two = MachineDrift.flag(List.of(cell(60_000_000), cell(101_000_000)), START, IN_STEP);
        assertTrue(String.join("|", two.get(0).reasons()).contains("when the run started"), two.get(0).reasons().toString());
    }

    /** A cell whose repeats measured these req/s after the reference workload ran at these speeds. */
    private static CellResult measured(int index, double[] rps, double[] speeds) throws Exception {
        StringBuilder repeats = new StringBuilder();
        for (int i = 0; i < speeds.length; i++) {
            repeats.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT,
                    "{\"repeat\": %d, \"valid\": true, \"reasons\": [], \"load\": {\"throughput_rps\": %.0f}, "
                            + "\"speed\": {\"ops_per_second\": %.0f, \"relative_spread\": 0.01, \"samples\": 9, "
                            + "\"at\": \"t\"}}", i + 1, rps[i], speeds[i]));
        }
        return Json.read(String.format(Locale.ROOT, "{\"id\": \"c%d\", \"index\": %d, \"valid\": true, "
                + "\"reasons\": [], \"repeats\": [%s]}", index, index, repeats), CellResult.class);
    }

    /**
     * The reference earns its warnings: when the run's own pairs of repeats show that throughput did not follow it
     * (here it never moved while the reference went 200 M -> 280 M and back), or a run of single repeats has no pairs
     * to show it, nothing is flagged; when throughput moved with it, the warning says so. Today's A/A quick runs here
     * gave slopes -0.22 ± 0.19 and 0.05 ± 0.23, and 3 of a fresh quick run's 4 warnings were this one.
     */
    @Test
    void onlyARunWhosePairsFollowedTheReferenceIsWarned() throws Exception {
        double[] speeds = {200e6, 280e6};
        List<CellResult> flat = new java.util.ArrayList<>();
        List<CellResult> inStep = new java.util.ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            flat.add(measured(i, new double[]{50_000, 50_000}, i % 2 == 0 ? speeds : new double[]{280e6, 200e6}));
            inStep.add(measured(i, new double[]{50_000, 70_000}, speeds));
        }
        assertEquals(flat, MachineDrift.flag(flat, START), "throughput did not follow: no warning");
        String followed = String.join("|", MachineDrift.flag(inStep, START).get(0).reasons());
        assertTrue(followed.endsWith("and this run's pairs of repeats show its throughput moving with the machine; "
                + "compare this cell with others of the run with care"), followed);
        List<CellResult> single = List.of(cell(99_000_000), cell(60_000_000), cell(101_000_000));
        assertEquals(single, MachineDrift.flag(single, START), "single repeats have no pairs: no warning");
    }

    /** One repeat per cell, measured at {@code minute}:00 with this speed before it and these reasons. */
    private static CellResult timed(int index, int minute, double speed, String reason) throws Exception {
        return Json.read(String.format(Locale.ROOT, "{\"id\": \"c%d\", \"index\": %d, \"valid\": true, \"reasons\": [], "
                + "\"repeats\": [{\"repeat\": 1, \"valid\": true, \"reasons\": [%s], \"speed\": {\"ops_per_second\": %.0f, "
                + "\"relative_spread\": 0.01, \"samples\": 9, \"at\": \"2026-11-24T11:%02d:00Z\"}}]}", index, index,
                reason == null ? "" : Json.write(reason), speed, minute), CellResult.class);
    }

    /**
     * A repeat whose throughput kept moving while measured, with the machine's speed changed between the reference
     * workload before it and the one before the next repeat (in time, whatever the cell order): the ramp is named as
     * the machine's. A speed change without a ramp, or a ramp without a speed change, adds nothing.
     */
    @Test
    void aRampWhileTheMachineChangedSpeedIsNamedAsTheMachines() throws Exception {
        String falling = Verdict.WARNING + "still falling during the measurement: throughput went from 87,811 to 74,957 "
                + "req/s (-5 % per second), so the figure averages a ramp; warm up longer (warmup_max, cold_warmup_min)";
        List<CellResult> cells = List.of(timed(1, 31, 314e6, falling), timed(2, 33, 315e6, falling),
                timed(3, 32, 262e6, null), timed(4, 34, 316e6, null));
        List<CellResult> out = MachineDrift.flag(cells, START, IN_STEP);
        String first = String.join("|", out.get(0).reasons());
        // said once, with what to do: it read "the machine changed speed during a ramp: repeat 1's throughput moved
        // while the machine changed speed: ..." and stopped at the cause
        assertTrue(first.contains("warning: the machine changed speed during a ramp: the reference workload ran at "
                + "314,000,000 ops/s before repeat 1 and at 262,000,000 ops/s (-17 %) before the next repeat, so the ramp "
                + "may be the machine's rather than the warm-up's; re-run the cell when the machine holds its speed"),
                first);
        assertFalse(String.join("|", out.get(1).reasons()).contains("during a ramp"),
                "cell 2 (11:33, 315 M) has a ramp but the next reading (11:34) is 316 M: " + out.get(1).reasons());
        assertFalse(String.join("|", out.get(2).reasons()).contains("during a ramp"),
                "cell 3 (11:32, 262 M) is followed by 315 M but has no ramp: " + out.get(2).reasons());
        assertEquals(out, MachineDrift.flag(out, START, IN_STEP), "flagged once");
    }

    @Test
    void withoutAStartSpeedNothingIsJudged() throws Exception {
        List<CellResult> cells = List.of(cell(50_000_000));
        assertEquals(cells, MachineDrift.flag(cells, null));
    }
}
