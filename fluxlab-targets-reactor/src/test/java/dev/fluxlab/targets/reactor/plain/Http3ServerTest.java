package dev.fluxlab.targets.reactor.plain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.targets.common.http.ServerProtocol;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The plain Reactor Netty target over HTTP/3: it binds a UDP port and announces it with the QUIC settings; the
 * TCP-only knobs are refused with h3.
 */
class Http3ServerTest {

    /** Its answers over HTTP/3 are checked by fluxlab-it's H3ContractTest, with Netty's HTTP/3 client. */
    @Test
    void bindsAUdpPortAndAnnouncesItsQuicSettings() {
        try (ReactorNettyServer.Running server = ReactorNettyServer.start(ReactorNettyServerConfig.builder()
                .protocol(ServerProtocol.H3).workers(1).build())) {
            Map<String, String> ready = Readiness.parse(server.readinessLine()).orElseThrow().values();
            assertEquals("h3", ready.get(Readiness.PROTOCOL), ready.toString());
            assertEquals("16777216", ready.get(Readiness.H3_MAX_DATA), ready.toString());
            assertEquals("10000", ready.get(Readiness.H3_IDLE_TIMEOUT_MS), ready.toString());
            assertTrue(server.port() > 0, ready.toString());
        }
    }

    @Test
    void tcpOnlyKnobsAreRefusedWithH3() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReactorNettyServerConfig
                .builder().protocol(ServerProtocol.H3).backlog(128).build());
        assertTrue(e.getMessage().startsWith("backlog is a TCP setting; protocol h3 serves QUIC on one UDP socket"),
                e.getMessage());
    }
}
