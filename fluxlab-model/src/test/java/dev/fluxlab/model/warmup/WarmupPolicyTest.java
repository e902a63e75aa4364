package dev.fluxlab.model.warmup;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WarmupPolicyTest {

    @Test
    void oneDefaultForEveryDriver() {
        WarmupPolicy d = WarmupPolicy.parse(null, null, null);
        assertEquals(WarmupPolicy.DEFAULT, d);
        assertTrue(d.auto());
        assertEquals(Duration.ofSeconds(30), d.max());
        assertEquals(Duration.ZERO, d.min());
        assertEquals(d.max(), d.bound());
        assertEquals("auto", d.spelling());
        // the command-line defaults (annotation constants) and the durations are the same values
        assertEquals(WarmupPolicy.DEFAULT, WarmupPolicy.parse(WarmupPolicy.AUTO, WarmupPolicy.DEFAULT_MIN_TEXT,
                WarmupPolicy.DEFAULT_MAX_TEXT));
    }

    @Test
    void fixedAndAutoSpellings() {
        WarmupPolicy f = WarmupPolicy.parse("5s", null, "60s");
        assertFalse(f.auto());
        assertEquals(Duration.ofSeconds(5), f.bound());
        assertEquals("5s", f.spelling());
        WarmupPolicy a = WarmupPolicy.parse(" AUTO ", "2s", "9s");
        assertTrue(a.auto());
        assertEquals(Duration.ofSeconds(2), a.min());
        assertEquals(Duration.ofSeconds(9), a.bound());
        assertThrows(IllegalArgumentException.class, () -> WarmupPolicy.parse("soon", null, null));
    }
}
