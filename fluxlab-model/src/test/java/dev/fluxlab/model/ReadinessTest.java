package dev.fluxlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReadinessTest {

    @Test
    void formatsTheAttributesInOrderAndAddsTheProcessors() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put(Readiness.PORT, 8080);
        a.put(Readiness.PROTOCOL, "h2c");
        a.put(Readiness.TRANSPORT, "epoll");
        a.put(Readiness.DELAY_MS, 30L);
        assertEquals("fluxlab-ready port=8080 protocol=h2c transport=epoll delay-ms=30 processors="
                + Runtime.getRuntime().availableProcessors(), Readiness.line(a));
    }

    @Test
    void keepsTheProcessorsTheAttributesGive() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put(Readiness.PORT, 0);
        a.put(Readiness.PROCESSORS, 3);
        assertEquals("fluxlab-ready port=0 processors=3", Readiness.line(a));
    }

    @Test
    void parsesWhatItFormatsInTheLinesOrder() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put(Readiness.PORT, 41234);
        a.put(Readiness.PROTOCOL, "http1.1+h2c");
        a.put(Readiness.TRANSPORT, "nio");
        a.put(Readiness.STATS, "/stats");
        a.put(Readiness.PROCESSORS, 2);
        ReadinessAttributes r = Readiness.parse(Readiness.line(a)).orElseThrow();
        assertEquals(List.of("port", "protocol", "transport", "stats", "processors"), List.copyOf(r.values().keySet()));
        assertEquals(Optional.of(41234), r.port());
        assertEquals(Optional.of("http1.1+h2c"), r.protocol());
        assertEquals(Optional.of("nio"), r.transport());
        assertEquals(Optional.of("/stats"), r.stats());
        assertEquals(Optional.of(2), r.processors());
        assertEquals(Optional.empty(), r.host());
        assertEquals("nio", r.get(Readiness.TRANSPORT));
        assertNull(r.get(Readiness.WORKERS));
    }

    @Test
    void tellsAReadinessLineFromOtherOutput() {
        assertTrue(Readiness.parse(null).isEmpty());
        assertTrue(Readiness.parse("fluxlab-readyness port=1").isEmpty());
        assertTrue(Readiness.parse("started fluxlab-ready port=1").isEmpty());
        assertEquals(Map.of(), Readiness.parse(Readiness.PREFIX).orElseThrow().values());
        assertEquals(Map.of("port", "1"), Readiness.parse("fluxlab-ready  port=1 stray =x").orElseThrow().values());
    }

    @Test
    void readsNoNumberFromANonNumber() {
        ReadinessAttributes r = Readiness.parse("fluxlab-ready port=any processors=-1").orElseThrow();
        assertEquals(Optional.empty(), r.port());
        assertEquals(Optional.empty(), r.processors());
        assertEquals("any", r.get(Readiness.PORT));
    }

    @Test
    void isACopyThatCannotChange() {
        Map<String, String> source = new LinkedHashMap<>(Map.of(Readiness.PORT, "1"));
        ReadinessAttributes r = ReadinessAttributes.of(source);
        source.put(Readiness.PORT, "2");
        assertEquals(Optional.of(1), r.port());
        assertThrows(UnsupportedOperationException.class, () -> r.values().put(Readiness.HOST, "x"));
        assertEquals(ReadinessAttributes.NONE, ReadinessAttributes.of(null));
    }
}
