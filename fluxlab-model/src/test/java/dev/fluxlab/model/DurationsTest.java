package dev.fluxlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {

    @Test
    void parsesEveryUnit() {
        assertEquals(Duration.ofSeconds(10), Durations.parse("10s"));
        assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
        assertEquals(Duration.ofMinutes(2), Durations.parse("2m"));
        assertEquals(Duration.ofHours(1), Durations.parse("1h"));
        assertEquals(Duration.ofNanos(250_000), Durations.parse("250us"));
        assertEquals(Duration.ofNanos(7), Durations.parse("7ns"));
        assertEquals(Duration.ZERO, Durations.parse("0"));
        assertEquals(Duration.ofMillis(200), Durations.parse(" 200MS "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "10", "1.5x", "-1s", "10sec", "s", "ms10", "2x"})
    void rejectsBadTextNamingIt(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Durations.parse(text));
        assertTrue(e.getMessage().contains("duration"), e.getMessage());
        if (!text.isBlank()) {
            assertTrue(e.getMessage().contains("'" + text + "'"), e.getMessage());
        }
    }

    @Test
    void formatIsTheInverseOfParse() {
        for (String s : new String[]{"0", "10s", "500ms", "2m", "1h", "250us", "7ns", "90s"}) {
            assertEquals(Durations.parse(s), Durations.parse(Durations.format(Durations.parse(s))));
        }
        assertEquals("1500ms", Durations.format(Duration.ofMillis(1500)));
        assertEquals("2m", Durations.format(Duration.ofSeconds(120)));
    }
}
