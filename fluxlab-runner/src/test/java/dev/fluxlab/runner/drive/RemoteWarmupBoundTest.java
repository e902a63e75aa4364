package dev.fluxlab.runner.drive;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.warmup.WarmupPolicy;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A target on a suite host still compiling when the gate opened at the warm-up's bound: the load is marked unsettled
 * (the verdict judges that once, a warning or a note at a theory ceiling, as for a local target) and which JVM it was
 * is a note, not a second warning of its own.
 */
class RemoteWarmupBoundTest {

    @Test
    void theBoundMarksTheWarmUpUnsettledAndNamesTheJvmInANote() throws Exception {
        LoadResult load = Json.read("{\"requests_ok\": 3000, \"throughput_rps\": 1000.0, \"duration_s\": 3.0, "
                + "\"warmup_stable\": true, \"warmup_jit_quiet\": true}", LoadResult.class);
        DriveResult r = new DriveResult(load, null, false, 0, 3, null, List.of(), List.of(), List.of(), null);
        DriveResult out = FluxlabDriver.withTargets(r, null,
                "JVM 4242 (target backend on host back) was compiling 180 ms per second", WarmupPolicy.DEFAULT);

        assertEquals(Boolean.FALSE, out.load().warmupStable());
        assertEquals(Boolean.FALSE, out.load().warmupJitQuiet());
        assertEquals(1, out.warnings().size(), out.warnings().toString());
        String w = out.warnings().get(0);
        assertTrue(CellResult.isNote(w), w);
        assertTrue(w.contains("JVM 4242 (target backend on host back) was compiling 180 ms per second"), w);

        DriveResult settled = FluxlabDriver.withTargets(r, null, null, WarmupPolicy.DEFAULT);
        assertEquals(Boolean.TRUE, settled.load().warmupStable());
        assertTrue(settled.warnings().isEmpty(), settled.warnings().toString());
    }
}
