package dev.fluxlab.loadgen;

import dev.fluxlab.model.Durations;
import dev.fluxlab.model.Json;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoadSpecTest {

    @Test
    void defaultsFollowTheScheme() {
        LoadSpec s = LoadSpec.builder("https://localhost:8443/x?y=1").build();
        assertEquals(Protocol.H2, s.protocol());
        assertEquals("/x?y=1", s.pathAndQuery());
        assertEquals("localhost:8443", s.authority());
        assertEquals(Protocol.HTTP1_1, LoadSpec.builder("http://127.0.0.1/").build().protocol());
        assertEquals("127.0.0.1:80", LoadSpec.builder("http://127.0.0.1/").build().authority());
    }

    @Test
    void badValuesAreRefusedWithTheirName() {
        assertTrue(msg(LoadSpec.builder("ftp://127.0.0.1/")).contains("scheme"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1:/")).contains("empty port"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").connections(0)).contains("--connections"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").rate(0.0)).contains("--rate"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").protocol("h2")).contains("https"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").protocol("h3")).contains("protocol"));
        assertTrue(msg(LoadSpec.builder("http://127.0.0.1/").duration(Duration.ZERO)).contains("--duration"));
    }

    @Test
    void nonLoopbackTargetsAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TargetGuard.resolve("10.1.2.3", false));
        assertTrue(e.getMessage().contains("--allow-remote"));
        assertTrue(TargetGuard.resolve("127.0.0.2", false).isLoopbackAddress());
        assertTrue(TargetGuard.resolve("::1", false).isLoopbackAddress());
    }

    @Test
    void generatedJsonBodiesHaveTheExactSizeAndParse() throws Exception {
        for (int size : new int[]{2, 5, 10, 11, 12, 100, 4096}) {
            byte[] b = LoadSpec.jsonBody(size);
            assertEquals(size, b.length);
            Json.mapper().readTree(b);
        }
        assertThrows(IllegalArgumentException.class, () -> LoadSpec.jsonBody(1));
    }

    @Test
    void durationsParse() {
        assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
        assertEquals(Duration.ofSeconds(10), Durations.parse("10s"));
        assertEquals(Duration.ofMinutes(2), Durations.parse("2m"));
        assertEquals(Duration.ofMillis(1500), Durations.parse("1.5s"));
        assertEquals(Duration.ZERO, Durations.parse("0"));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("10"));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("10x"));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("-1s"));
    }

    private static String msg(LoadSpec.Builder b) {
        return assertThrows(IllegalArgumentException.class, b::build).getMessage();
    }
}
