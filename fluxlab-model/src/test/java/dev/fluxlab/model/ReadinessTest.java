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

    /**
     * The attribute names are a contract beyond the code (results.json's {@code readiness}, {@code ${process.name}}
     * placeholders in suites, docs/contracts.md), while writers and readers both use the constants: this list, as
     * text, is what pins their spelling.
     */
    @Test
    void theAttributeNamesAreSpelledAsTheContractSays() throws Exception {
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (java.lang.reflect.Field f : Readiness.class.getFields()) {
            if (java.lang.reflect.Modifier.isStatic(f.getModifiers()) && f.getType() == String.class
                    && !f.getName().equals("PREFIX")) {
                names.add((String) f.get(null));
            }
        }
        assertEquals(new java.util.TreeSet<>(java.util.List.of("port", "protocol", "transport", "processors",
                "workers", "host", "stats", "allocator", "server", "framework", "io-threads", "worker-threads",
                "max-threads", "accept-count", "max-connections", "max-keep-alive-requests", "primed",
                "backend-protocol",
                "elastic-threads", "sleep-ms", "blocking-execution", "elastic-cap", "async-core", "async-max",
                "async-queue", "common-pool", "virtual-scheduler", "strategy", "components", "rails", "work-us",
                "request-cpu-us", "cpu-rounds", "cpu-rounds-per-ms", "wait-ms", "delay-ms", "client-mode", "pools",
                "self-loading", "h3-max-data", "h3-max-stream-data", "h3-max-streams", "h3-idle-timeout-ms")), names);
        assertEquals("fluxlab-ready", Readiness.PREFIX);
    }
}
