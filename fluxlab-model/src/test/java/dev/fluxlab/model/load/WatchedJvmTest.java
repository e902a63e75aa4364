package dev.fluxlab.model.load;

import dev.fluxlab.model.Json;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WatchedJvmTest {

    @Test
    void aJvmCompilingAboveTheFloorWhileMeasuredIsNamedWithItsCounts() {
        WatchedJvm busy = new WatchedJvm(1234, WatchedJvm.TARGET, 800.0, new JitActivity(10, 120, 900, 0, 0));
        WatchedJvm quiet = new WatchedJvm(99, WatchedJvm.INJECTOR, 3.0, new JitActivity(10, 4, 30, 0, 0));
        WatchedJvm invalidating = new WatchedJvm(7, WatchedJvm.TARGET, 0.0, new JitActivity(10, 1, 5, 0, 2));
        WatchedJvm unreadable = new WatchedJvm(8, WatchedJvm.TARGET, null, null);
        assertTrue(busy.compiledWhileMeasured());
        assertFalse(quiet.compiledWhileMeasured());
        assertTrue(invalidating.compiledWhileMeasured());
        assertFalse(unreadable.compiledWhileMeasured());
        assertEquals("measured while JVM 1234 (target) was still compiling (120 compilations, 900 ms of compile time "
                + "in 10 s)", busy.describe());
    }

    @Test
    void whereTheCompilerThreadsCpuIsReadItIsWhatTheRuleJudgesNotTheInflatedElapsedTime() {
        // quick's cell 2 on a loaded 2-core VM: 308 ms of elapsed compile time in 4 s (77 ms/s, above the target's 50)
        WatchedJvm waiting = new WatchedJvm(4144, WatchedJvm.TARGET, 72.7,
                new JitActivity(4, 105, 308.4, 0, 0, 120.0));
        assertFalse(waiting.compiledWhileMeasured(), "30 ms of compiler CPU a second is under the floor");
        WatchedJvm working = new WatchedJvm(4144, WatchedJvm.TARGET, 72.7,
                new JitActivity(4, 105, 308.4, 0, 0, 200.0));
        assertTrue(working.compiledWhileMeasured(), "50 ms a second is the floor");
        assertEquals("measured while JVM 4144 (target) was still compiling (105 compilations, 200 ms of compiler CPU "
                + "in 4 s)", working.describe());
        WatchedJvm invalidating = new WatchedJvm(7, WatchedJvm.TARGET, 0.0, new JitActivity(4, 1, 5, 0, 1, 0.0));
        assertTrue(invalidating.compiledWhileMeasured());
        assertEquals(30.0, waiting.measured().workMsPerSecond(), 1e-9);
        assertEquals(77.1, new JitActivity(4, 105, 308.4, 0, 0).workMsPerSecond(), 1e-9);
    }

    @Test
    void jitEvidenceRoundTripsThroughJsonAndOldDocumentsStillRead() throws Exception {
        LoadResult r = new LoadResult(LoadResult.SCHEMA, "t", "h2c", "closed", "GET", 1, 1, null, 5, true, 10, 100,
                Map.of(), 10, null, 0, 0, 0, 0, List.of(new SecondSample("warmup", 1, 5, 0, Map.of("1234", 812.5))),
                null, "us", null, "epoll", null, null, false,
                List.of(new WatchedJvm(1234, WatchedJvm.TARGET, 800.0, new JitActivity(10, 120, 900, 0, 0, 640.0)),
                        new WatchedJvm(99, WatchedJvm.INJECTOR, 3.0, new JitActivity(10, 4, 30, 0, 0))), null, null, null);
        String json = Json.write(r);
        assertTrue(json.contains("\"watched_jvms\""), json);
        assertTrue(json.contains("\"compile_ms\""), json);
        assertTrue(json.replace(" ", "").contains("\"compiler_cpu_ms\":640.0"), json);
        LoadResult back = Json.read(json, LoadResult.class);
        assertEquals(r.watchedJvms(), back.watchedJvms());
        assertEquals(r.perSecond(), back.perSecond());
        assertEquals(1, back.stillCompiling().size());
        LoadResult old = Json.read("{\"schema\":\"fluxlab.load/1\",\"per_second\":[{\"phase\":\"measure\","
                + "\"t\":1,\"ok\":3,\"errors\":0}]}", LoadResult.class);
        assertEquals(List.of(), old.stillCompiling());
        assertEquals(null, old.perSecond().get(0).compileMs());
    }
}
