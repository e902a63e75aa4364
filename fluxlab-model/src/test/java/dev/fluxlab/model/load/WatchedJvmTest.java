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
    void jitEvidenceRoundTripsThroughJsonAndOldDocumentsStillRead() throws Exception {
        LoadResult r = new LoadResult(LoadResult.SCHEMA, "t", "h2c", "closed", "GET", 1, 1, null, 5, true, 10, 100,
                Map.of(), 10, null, 0, 0, 0, 0, List.of(new SecondSample("warmup", 1, 5, 0, Map.of("1234", 812.5))),
                null, "us", null, "epoll", null, null, false,
                List.of(new WatchedJvm(1234, WatchedJvm.TARGET, 800.0, new JitActivity(10, 120, 900, 0, 0))), null, null, null);
        String json = Json.write(r);
        assertTrue(json.contains("\"watched_jvms\""), json);
        assertTrue(json.contains("\"compile_ms\""), json);
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
