package dev.fluxlab.model.contract;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The runner's side and the simulation's side of the Gatling child's properties and window line agree. */
class GatlingArgsTest {

    private static final GatlingArgs FULL = new GatlingArgs("https://127.0.0.1:40793/plaintext", "h2", 2, 8,
            Duration.ofSeconds(2), Duration.ofSeconds(30), 1000L, "POST", Path.of("/r/body.json"),
            headers("X-B", "2", "X-A", "a: b"), 201, "Hello", Duration.ofMillis(2500));
    private static final GatlingArgs PLAIN = new GatlingArgs("http://127.0.0.1:8080/", "http1.1", 16, 1,
            Duration.ZERO, Duration.ofSeconds(10), null, "GET", null, null, 200, null, Duration.ofSeconds(10));

    @Test
    void optionsAreEveryGivenPropertyInOrder() {
        assertEquals(List.of("-Dfluxlab.gatling.url=https://127.0.0.1:40793/plaintext", "-Dfluxlab.gatling.protocol=h2",
                "-Dfluxlab.gatling.connections=2", "-Dfluxlab.gatling.streams=8", "-Dfluxlab.gatling.warmup-ms=2000",
                "-Dfluxlab.gatling.duration-ms=30000", "-Dfluxlab.gatling.requests=1000",
                "-Dfluxlab.gatling.method=POST", "-Dfluxlab.gatling.body-file=/r/body.json",
                "-Dfluxlab.gatling.header.0=X-B: 2", "-Dfluxlab.gatling.header.1=X-A: a: b",
                "-Dfluxlab.gatling.expect-status=201", "-Dfluxlab.gatling.expect-body=Hello",
                "-Dfluxlab.gatling.timeout-ms=2500"), FULL.jvmOptions());
        List<String> plain = PLAIN.jvmOptions();
        assertFalse(plain.stream().anyMatch(o -> o.contains(".requests=") || o.contains(".body-file=")
                || o.contains(".header.") || o.contains(".expect-body=")), "absent values are not passed: " + plain);
    }

    @Test
    void whatTheRunnerWritesTheSimulationReadsBack() {
        assertEquals(FULL, GatlingArgs.read(properties(FULL.jvmOptions())::get));
        assertEquals(PLAIN, GatlingArgs.read(properties(PLAIN.jvmOptions())::get));
        GatlingArgs read = GatlingArgs.read(properties(FULL.jvmOptions())::get);
        assertEquals(List.of("X-B", "X-A"), List.copyOf(read.headers().keySet()), "headers keep their order");
        assertTrue(FULL.http2());
        assertFalse(PLAIN.http2());
    }

    @Test
    void onlyTheUrlAndProtocolAreRequired() {
        GatlingArgs a = GatlingArgs.read(Map.of("fluxlab.gatling.url", "http://h:1/p",
                "fluxlab.gatling.protocol", "http1.1")::get);
        assertEquals(new GatlingArgs("http://h:1/p", "http1.1", 1, 1, Duration.ZERO, Duration.ZERO, null, "GET", null,
                null, 200, null, LoadArgs.DEFAULT_TIMEOUT), a);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GatlingArgs.read(Map.of("fluxlab.gatling.protocol", "h2")::get));
        assertEquals("system property fluxlab.gatling.url is not set", e.getMessage());
    }

    @Test
    void aMalformedValueIsAnErrorNamingItsProperty() {
        for (String name : List.of("connections", "streams", "warmup-ms", "duration-ms", "requests", "expect-status",
                "timeout-ms")) {
            Map<String, String> p = new HashMap<>(properties(FULL.jvmOptions()));
            p.put("fluxlab.gatling." + name, "ten");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GatlingArgs.read(p::get));
            assertEquals("system property fluxlab.gatling." + name + " is not a number: ten", e.getMessage());
        }
        Map<String, String> p = new HashMap<>(properties(FULL.jvmOptions()));
        p.put("fluxlab.gatling.header.1", "no colon");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GatlingArgs.read(p::get));
        assertTrue(e.getMessage().startsWith("system property fluxlab.gatling.header.1 "), e.getMessage());
    }

    @Test
    void windowLinesRoundTrip() {
        GatlingWindowLine w = new GatlingWindowLine(2882.927);
        assertEquals("fluxlab-gatling-window measured_ms=2882.927", w.format());
        assertEquals(w, GatlingWindowLine.find("Simulation ended\n" + w.format() + "\nGenerating reports...\n")
                .orElseThrow());
        assertEquals(2.882927, w.seconds(), 1e-12);
        assertEquals("fluxlab-gatling-window measured_ms=0.000", new GatlingWindowLine(0).format());
        assertTrue(GatlingWindowLine.find("Run crashed\n").isEmpty());
    }

    /** The properties a JVM started with {@code options} has, as the simulation looks them up. */
    private static Map<String, String> properties(List<String> options) {
        Map<String, String> p = new LinkedHashMap<>();
        for (String o : options) {
            int eq = o.indexOf('=');
            p.put(o.substring("-D".length(), eq), o.substring(eq + 1));
        }
        return p;
    }

    private static Map<String, String> headers(String... nameValue) {
        Map<String, String> h = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            h.put(nameValue[i], nameValue[i + 1]);
        }
        return h;
    }
}
