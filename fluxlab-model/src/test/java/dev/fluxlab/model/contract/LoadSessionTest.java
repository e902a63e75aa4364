package dev.fluxlab.model.contract;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The kept injector's job and end lines: written by one side, read by the other, one line each. */
class LoadSessionTest {

    @Test
    void aJobIsOneLineAndReadsBackWordForWord() {
        List<String> argv = List.of("load", "http://127.0.0.1:8080/a b", "-H", "X-Q: \"quoted\"\nnext", "--json",
                "/tmp/ü.json");
        String line = LoadSession.job(argv);
        assertFalse(line.contains("\n"), line);
        assertEquals(argv, LoadSession.parseJob(line));
    }

    @Test
    void onlyLoadCommandLinesAreJobs() {
        assertThrows(IllegalArgumentException.class, () -> LoadSession.job(List.of("serve", "netty")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LoadSession.parseJob("[\"run\", \"quick\"]"));
        assertTrue(e.getMessage().contains("starts with \"load\""), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LoadSession.parseJob("load http://x"));
        assertThrows(IllegalArgumentException.class, () -> LoadSession.parseJob("[]"));
        assertThrows(IllegalArgumentException.class, () -> LoadSession.parseJob("[\"load\", null]"));
        assertThrows(IllegalArgumentException.class, () -> LoadSession.parseJob("{\"load\": 1}"));
    }

    @Test
    void theEndLineCarriesTheExitCode() {
        assertEquals(Optional.of(2), LoadSession.parseEnd(LoadSession.end(2)));
        assertEquals(Optional.of(0), LoadSession.parseEnd("fluxlab-load-end exit=0"));
        assertEquals(Optional.empty(), LoadSession.parseEnd("fluxlab-progress phase=end t=4 ok=0 errors=0 rps=0"));
        assertEquals(Optional.empty(), LoadSession.parseEnd("fluxlab-load-end exit=x"));
        assertEquals(Optional.empty(), LoadSession.parseEnd(null));
    }
}
