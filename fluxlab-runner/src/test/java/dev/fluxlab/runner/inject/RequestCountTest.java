package dev.fluxlab.runner.inject;

import dev.fluxlab.model.load.LoadResult;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** h2load over TLS (https, ALPN h2) and a fixed request count ({@code -n}) in the tools' command lines and output. */
class RequestCountTest {

    private static final LoadRequest H2 = new LoadRequest("https://127.0.0.1:40793/plaintext", "h2", 4, 10, 1,
            Duration.ofSeconds(30), "GET", Map.of(), null, null, true, Path.of("."));

    @Test
    void h2loadOverTlsOffersH2OnlyAndCountsRequests() {
        List<String> cmd = new H2loadInjector().command("h2load", H2.withRequests(400L));
        assertTrue(cmd.contains("--npn-list=h2"), "ALPN offers h2 only: " + cmd);
        assertTrue(cmd.contains("--requests=400"), cmd.toString());
        assertFalse(cmd.stream().anyMatch(a -> a.startsWith("--duration")), "-n instead of -D: " + cmd);
        assertFalse(cmd.contains("--h1"));
        assertEquals("https://127.0.0.1:40793/plaintext", cmd.get(cmd.size() - 1));
        assertTrue(new H2loadInjector().unsupported("h2", 10, "GET").isEmpty());
        List<String> timed = new H2loadInjector().command("h2load", H2.withDuration(Duration.ofSeconds(3)));
        assertTrue(timed.contains("--duration=3") && timed.stream().noneMatch(a -> a.startsWith("--requests")), timed.toString());
    }

    @Test
    void h2loadOverTlsRecorded() throws IOException {
        LoadResult r = new H2loadInjector().parse(ParsersTest.recorded("h2load-h2-tls.txt"), H2.withRequests(400L));
        assertEquals(400, r.requestsOk());
        assertEquals("h2", r.protocol());
        assertTrue(r.throughputRps() > 0);
    }

    @Test
    void h2loadThatFellBackToHttp11IsRefused() throws IOException {
        String h1 = ParsersTest.recorded("h2load-h2-tls.txt").replace("Application protocol: h2", "Application protocol: http/1.1");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new H2loadInjector().parse(h1, H2));
        assertTrue(e.getMessage().contains("negotiated http/1.1, not h2"), e.getMessage());
    }

    @Test
    void abCountsWithNAndWrkCannot() {
        LoadRequest h1 = new LoadRequest("http://127.0.0.1:1/json", "http1.1", 8, 1, 1, Duration.ofSeconds(30), "GET",
                Map.of(), null, null, false, Path.of("."), 5000L);
        List<String> cmd = new AbInjector().command("ab", h1);
        int n = cmd.indexOf("-n");
        assertEquals("5000", cmd.get(n + 1));
        // bounded by the phase's time too, -t before -n (ab's -t sets a count of its own that -n replaces): ab stops
        // at the first, and the runner judges "measured M of N" from its output
        int t = cmd.indexOf("-t");
        assertTrue(t >= 0 && t < n, cmd.toString());
        assertEquals("30", cmd.get(t + 1));
        assertFalse(new WrkInjector().countsRequests());
        assertTrue(new AbInjector().countsRequests() && new H2loadInjector().countsRequests());
    }
}
