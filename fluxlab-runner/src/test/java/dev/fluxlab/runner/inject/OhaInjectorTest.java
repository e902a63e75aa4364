package dev.fluxlab.runner.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** oha, the HTTP/3 peer: the command line it is given and what it refuses. */
class OhaInjectorTest {

    private static LoadRequest request(String protocol, int inFlight, Long requests) {
        return new LoadRequest("https://127.0.0.1:4433/plaintext", protocol, 8, inFlight, 2, Duration.ofSeconds(2),
                "GET", Map.of("x-a", "1"), null, null, true, Path.of("."), requests);
    }

    @Test
    void h3IsQuicWithStreamsPerConnectionForTheDurationAwaitingTheLastRequests() {
        List<String> cmd = new OhaInjector().command("/usr/local/bin/oha", request("h3", 8, null));
        assertEquals(List.of("/usr/local/bin/oha", "--no-tui", "--output-format", "json", "--worker-threads", "2",
                "-c", "8", "-p", "8", "-z", "2s", "-w", "--http-version", "3", "--insecure", "-m", "GET", "-H",
                "x-a: 1", "https://127.0.0.1:4433/plaintext"), cmd);
    }

    @Test
    void http11HasNoStreamsAndACountIsN() {
        List<String> cmd = new OhaInjector().command("oha", request(" HTTP1.1 ", 1, 500L));
        assertTrue(!cmd.contains("-p") && !cmd.contains("-z") && !cmd.contains("-w"), cmd.toString());
        assertEquals("500", cmd.get(cmd.indexOf("-n") + 1), cmd.toString());
        assertEquals("1.1", cmd.get(cmd.indexOf("--http-version") + 1), cmd.toString());
    }

    @Test
    void whatItCannotDoIsNamed() {
        OhaInjector oha = new OhaInjector();
        assertTrue(oha.unsupported("h3", 64, "GET").isEmpty());
        assertTrue(oha.unsupported("h2", 8, "GET").isEmpty());
        assertEquals("oha speaks [http1.1, h2, h3] here, not h2c; use h2load for h2c",
                oha.unsupported("h2c", 8, "GET").orElseThrow());
        assertTrue(oha.unsupported("http1.1", 16, "GET").orElseThrow().startsWith("oha does not pipeline HTTP/1.1"));
        assertTrue(ExternalInjectors.missing(oha).contains("cargo install oha --version 1.16.0 --features http3 "
                + "--locked"), ExternalInjectors.missing(oha));
    }
}
