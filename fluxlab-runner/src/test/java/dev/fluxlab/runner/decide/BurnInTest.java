package dev.fluxlab.runner.decide;

import dev.fluxlab.model.load.JitActivity;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.load.WatchedJvm;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The trial's burn-in repeats its round while a window finds a JVM compiling, within a third of decide_max. */
class BurnInTest {

    private static final long S = 1_000_000_000L;
    /** 2,500 ms of compile time in a 2 s window: far above a target's floor. */
    private static final WatchedJvm COMPILING = new WatchedJvm(77, WatchedJvm.TARGET, 900.0,
            new JitActivity(2, 120, 2500, 0, 0));
    private static final WatchedJvm QUIET = new WatchedJvm(77, WatchedJvm.TARGET, 1.0, new JitActivity(2, 1, 2, 0, 0));

    private static LoadResult window(WatchedJvm jvm) {
        return new LoadResult(LoadResult.SCHEMA, "http://127.0.0.1:1/", "http1.1", "closed", "GET", 200, 1, null, 0.5,
                true, 2, 40_000, Map.of(), 20_000, null, 0, 0, 1, 0.1, List.of(), null, "us", null, null, null, null,
                true, List.of(jvm), null, null, null);
    }

    @Test
    void oneQuietRoundIsTheUsualBurnInAndSaysNothing() {
        BurnIn b = new BurnIn(Duration.ofMinutes(2));
        b.saw("a", window(QUIET));
        b.saw("b", window(QUIET));
        assertFalse(b.again(10 * S));
        assertEquals(1, b.rounds());
        assertEquals(Optional.empty(), b.note());
    }

    @Test
    void aRoundWithAJvmCompilingIsRepeatedUntilOneIsQuiet() {
        BurnIn b = new BurnIn(Duration.ofMinutes(2));
        b.saw("a", window(QUIET));
        b.saw("b", window(COMPILING));
        assertTrue(b.again(10 * S), "b's target still compiled");
        b.saw("a", window(COMPILING));
        b.saw("b", window(QUIET));
        assertTrue(b.again(15 * S), "a's did in the second round: a third one");
        b.saw("a", window(QUIET));
        b.saw("b", window(QUIET));
        assertFalse(b.again(20 * S));
        assertEquals("burn-in: 3 rounds, until no window found a watched JVM compiling", b.note().orElseThrow());
    }

    @Test
    void theBurnInStopsAtAThirdOfTheBudgetAndSaysTheCountedRoundsBeganOnACompilingJvm() {
        BurnIn b = new BurnIn(Duration.ofMinutes(2)); // a third: 39.6 s
        b.saw("a", window(COMPILING));
        assertTrue(b.again(39 * S));
        b.saw("a", window(COMPILING));
        assertFalse(b.again(40 * S), "past 33 % of 120 s");
        String note = b.note().orElseThrow();
        assertTrue(note.startsWith("burn-in: still compiling after 2 rounds (33 % of decide_max spent), the counted "
                + "rounds began on it: a: measured while JVM 77 (target) was still compiling (120 compilations, "
                + "2500 ms of compile time in 2 s)"), note);
    }
}
