package dev.fluxlab.runner.verdict;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.MachineSpeed;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MachineDriftTest {

    private static final MachineSpeed START = new MachineSpeed(100_000_000, 0.01, 9, "t0");

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
        List<CellResult> out = MachineDrift.flag(List.of(cell(99_000_000, 70_000_000), cell(101_000_000)), START);
        String r = String.join("|", out.get(0).reasons());
        assertTrue(r.startsWith("warning: the machine's speed moved: reference workload before repeat 2 at "
                + "70,000,000 ops/s (-29 %) against 99,000,000 ops/s typical of the run"), r);
        assertTrue(out.get(1).reasons().isEmpty(), "1 % is the probe's own noise");
        assertEquals(out, MachineDrift.flag(out, START), "flagged once");
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
                cell(262_000_000)), noisyStart);
        assertTrue(String.join("|", out.get(2).reasons()).contains("171,000,000 ops/s (-34 %) against 259,000,000 ops/s typical"),
                out.get(2).reasons().toString());
        assertTrue(out.get(0).reasons().isEmpty() && out.get(3).reasons().isEmpty());
        List<CellResult> two = MachineDrift.flag(List.of(cell(60_000_000), cell(101_000_000)), START);
        assertTrue(String.join("|", two.get(0).reasons()).contains("when the run started"), two.get(0).reasons().toString());
    }

    @Test
    void withoutAStartSpeedNothingIsJudged() throws Exception {
        List<CellResult> cells = List.of(cell(50_000_000));
        assertEquals(cells, MachineDrift.flag(cells, null));
    }
}
