package dev.fluxlab.model.suite;

import dev.fluxlab.model.profile.ProfileMode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The suite's {@code profile}: one mode or a list, recorded in the settings, unknown names refused at their line. */
class SuiteProfileTest {

    private static final String BASE = "targets: {reactor-netty: {}}\nscenarios: {get: {path: /}}\n";

    @Test
    void oneModeOrAListInTheSettings() {
        assertEquals(List.of(), Suite.parse("s.yaml", BASE).profileModes());
        assertEquals(List.of(ProfileMode.CPU), Suite.parse("s.yaml", BASE + "profile: cpu\n").profileModes());
        Suite s = Suite.parse("s.yaml", BASE + "profile: [wall, JFR, wall]\n");
        assertEquals(List.of(ProfileMode.WALL, ProfileMode.JFR), s.profileModes());
        assertEquals(List.of("wall", "jfr"), s.settings().get("profile"));
    }

    @Test
    void anUnknownModeIsRefusedAtItsLine() {
        SuiteException e = assertThrows(SuiteException.class,
                () -> Suite.parse("s.yaml", BASE + "profile: [cpu, flame]\n"));
        assertTrue(e.getMessage().contains("s.yaml:3:16") && e.getMessage().contains("cpu, alloc, wall, lock, jfr")
                && e.getMessage().contains("'flame'"), e.getMessage());
    }
}
