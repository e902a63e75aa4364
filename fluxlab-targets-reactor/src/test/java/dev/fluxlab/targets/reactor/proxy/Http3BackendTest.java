package dev.fluxlab.targets.reactor.proxy;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.common.quic.QuicUnavailableException;
import dev.fluxlab.targets.reactor.client.BackendProtocol;
import dev.fluxlab.targets.reactor.client.BackendWire;
import dev.fluxlab.targets.reactor.client.ClientMode;
import dev.fluxlab.targets.reactor.plain.ReactorNettyServer;
import dev.fluxlab.targets.reactor.plain.ReactorNettyServerConfig;
import io.netty.handler.codec.http.HttpMethod;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import picocli.CommandLine;
import reactor.netty.http.HttpProtocol;

/**
 * The frontend reaching its backend over HTTP/3 ({@code --backend-protocol h3}): every route relayed from a plain
 * Reactor Netty target serving h3 in this JVM, in every client mode, and the combinations that cannot work refused
 * with one line naming the fix. The frontend runs on epoll: its h3 client gets no answer on io_uring (refused).
 */
class Http3BackendTest {

    private static ReactorNettyServer.Running h3Backend() {
        return ReactorNettyServer.start(ReactorNettyServerConfig.builder().protocol(ServerProtocol.H3).workers(1)
                .build());
    }

    private static FrontendConfig.Builder frontend(int backendPort) {
        return FrontendConfig.builder().transport(Transport.EPOLL).backendProtocol(BackendProtocol.H3)
                .backendUrl("https://127.0.0.1:" + backendPort);
    }

    @ParameterizedTest(name = "inbound {0} (client {1}) -> backend h3")
    @CsvSource({"h2,H2", "h2c,H2C"})
    void everyRouteRelaysTheH3BackendsBody(String inbound, HttpProtocol clientProtocol) {
        try (ReactorNettyServer.Running be = h3Backend();
             FrontendServer.Running fe = FrontendServer.start(frontend(be.port())
                     .protocol(ServerProtocol.of(inbound)).workers(1).build());
             Client c = new Client(fe.port(), ServerProtocol.of(inbound).secure(), clientProtocol)) {
            Client.Reply get = c.call(HttpMethod.GET, "/get", null);
            assertEquals(200, get.status());
            assertEquals("fluxlab get ok", get.body());
            Client.Reply post = c.call(HttpMethod.POST, "/post", FrontendTest.JSON);
            assertEquals(200, post.status());
            assertEquals(FrontendTest.JSON, post.body());
            Client.Reply post2 = c.call(HttpMethod.POST, "/post2", FrontendTest.JSON);
            assertEquals(200, post2.status());
            assertEquals(FrontendTest.JSON, post2.body());
            assertEquals(400, c.call(HttpMethod.POST, "/post2", "not json").status());
            assertEquals(404, c.call(HttpMethod.GET, "/nope", null).status());
            assertEquals(4, fe.stats().total("backend_responses"));
            assertEquals(0, fe.stats().total("backend_errors"));
            // one QUIC connection, counted once (not its streams)
            assertEquals(1, fe.stats().total("backend_connections"), fe.statsJson());
            ReadinessAttributes ready = Readiness.parse(fe.readinessLine()).orElseThrow();
            assertEquals("h3", ready.get(Readiness.BACKEND_PROTOCOL));
            assertTrue(fe.statsJson().contains("\"backend_protocol\":\"h3\""), fe.statsJson());
        }
    }

    /** 24 requests at once over one inbound connection, through pools of at most 2 connections x 1 stream. */
    @ParameterizedTest
    @EnumSource(ClientMode.class)
    void everyClientModeReachesAnH3BackendWithinItsPoolLimits(ClientMode mode) throws Exception {
        try (ReactorNettyServer.Running be = h3Backend();
             FrontendServer.Running fe = FrontendServer.start(frontend(be.port())
                     .protocol(ServerProtocol.H2C).workers(2).clientMode(mode).clientWorkers(2)
                     .maxConnections(2).maxConcurrentStreams(1L).build());
             Client c = new Client(fe.port(), false, HttpProtocol.H2C)) {
            List<Client.Reply> replies = c.concurrent(24, HttpMethod.GET, "/get", null);
            assertTrue(replies.stream().allMatch(r -> r.status() == 200 && r.body().equals("fluxlab get ok")),
                    replies.toString());
            JsonNode stats = new ObjectMapper().readTree(fe.statsJson());
            long pools = stats.get("pools").asLong();
            long connections = 0;
            long waits = 0;
            for (JsonNode pool : stats.get("pool_metrics")) {
                assertTrue(pool.get("connections").asLong() <= 2, stats.toString());
                connections += pool.get("connections").asLong();
                waits += pool.get("acquire_waits").asLong();
            }
            assertTrue(connections >= 1 && connections <= 2 * pools, stats.toString());
            assertEquals(connections, fe.stats().total("backend_connections"), stats.toString());
            // 24 at once through at most 2 connections x 1 stream per pool: the limits held, so most acquires waited
            assertTrue(waits >= 12, stats.toString());
            assertEquals(24, fe.stats().total("backend_responses"), stats.toString());
        }
    }

    @Test
    void theUrlsSchemeStillChoosesWithoutTheKnob() {
        assertEquals(BackendProtocol.H2, FrontendConfig.builder().backendUrl("https://127.0.0.1:8443").build()
                .backendProtocol());
        assertEquals(BackendProtocol.H2C, FrontendConfig.builder().backendUrl("http://127.0.0.1:8080").build()
                .backendProtocol());
    }

    @Test
    void aSchemeThatContradictsTheProtocolIsRefusedNamingTheFix() {
        IllegalArgumentException h3 = assertThrows(IllegalArgumentException.class, () -> FrontendConfig.builder()
                .backendProtocol(BackendProtocol.H3).backendUrl("http://127.0.0.1:8443").build());
        assertTrue(h3.getMessage().startsWith("--backend-protocol h3 is HTTP/3 over QUIC with TLS 1.3, so "
                + "--backend-url must be https://HOST:PORT with the backend's UDP port"), h3.getMessage());
        IllegalArgumentException h2 = assertThrows(IllegalArgumentException.class, () -> FrontendConfig.builder()
                .backendProtocol(BackendProtocol.H2).backendUrl("http://127.0.0.1:8080").build());
        assertTrue(h2.getMessage().endsWith("for a cleartext backend use --backend-protocol h2c"), h2.getMessage());
        IllegalArgumentException h2c = assertThrows(IllegalArgumentException.class, () -> FrontendConfig.builder()
                .backendProtocol(BackendProtocol.H2C).backendUrl("https://127.0.0.1:8443").build());
        assertTrue(h2c.getMessage().endsWith("for a TLS backend use --backend-protocol h2 (or h3)"), h2c.getMessage());
    }

    @Test
    void anUnknownProtocolIsRefusedListingTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BackendProtocol.of("h4"));
        assertEquals("unknown backend protocol 'h4'; accepted: h2, h2c, h3", e.getMessage());
    }

    @Test
    void ioUringIsRefusedForH3NamingTheTransportsThatWork() {
        IllegalArgumentException explicit = assertThrows(IllegalArgumentException.class,
                () -> FrontendServer.requireQuicTransport(Transport.IO_URING, Transport.IO_URING));
        assertTrue(explicit.getMessage().startsWith("--backend-protocol h3 does not work on io_uring (--transport "
                + "io_uring)"), explicit.getMessage());
        assertTrue(explicit.getMessage().endsWith("use --transport epoll (or nio)"), explicit.getMessage());
        IllegalArgumentException picked = assertThrows(IllegalArgumentException.class,
                () -> FrontendServer.requireQuicTransport(Transport.NATIVE, Transport.IO_URING));
        assertTrue(picked.getMessage().contains("(--transport native picks io_uring on this machine)"),
                picked.getMessage());
        assertDoesNotThrow(() -> FrontendServer.requireQuicTransport(Transport.NATIVE, Transport.EPOLL));
        assertDoesNotThrow(() -> FrontendServer.requireQuicTransport(Transport.NIO, Transport.NIO));
    }

    @Test
    void quicMissingIsOneLineNamingTheFix() {
        QuicUnavailableException e = assertThrows(QuicUnavailableException.class, () -> BackendWire.requireQuic(
                Optional.of("Netty's native QUIC library (netty-codec-native-quic) does not load on linux-aarch64: "
                        + "UnsatisfiedLinkError: no netty_quiche42")));
        assertTrue(e.getMessage().startsWith("--backend-protocol h3 (HTTP/3 to the backend) cannot be used here: "
                + "Netty's native QUIC library"), e.getMessage());
        assertTrue(e.getMessage().endsWith("reach the backend over h2 (--backend-protocol h2, the backend serving "
                + "--protocol h2) on this machine"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertDoesNotThrow(() -> BackendWire.requireQuic(Optional.empty()));
    }

    @Test
    void theCommandLineRefusesAContradictionWithExitTwo() {
        CommandLine cl = dev.fluxlab.targets.common.serve.ServeEntry.commandLine(
                new dev.fluxlab.targets.reactor.serve.ReactorServe());
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        assertEquals(2, cl.execute("frontend", "--backend-url", "http://127.0.0.1:9", "--backend-protocol", "h3"));
        assertTrue(err.toString().contains(": --backend-protocol h3 is HTTP/3 over QUIC with TLS 1.3"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, cl.execute("frontend", "--backend-url", "https://127.0.0.1:9", "--backend-protocol", "h4"));
        assertTrue(err.toString().contains("unknown backend protocol 'h4'; accepted: h2, h2c, h3"), err.toString());
    }

    @Test
    void anH3ClientBindsItsUdpSocketsToTheBackendsLoopback() {
        assertEquals("127.0.0.1", BackendWire.udpBind("127.0.0.1").getAddress().getHostAddress());
        assertEquals("0:0:0:0:0:0:0:1", BackendWire.udpBind("[::1]").getAddress().getHostAddress());
        assertEquals(0, BackendWire.udpBind("localhost").getPort());
        assertTrue(BackendWire.udpBind("10.1.2.3").getAddress().isAnyLocalAddress());
        assertEquals(new InetSocketAddress(0), BackendWire.udpBind("10.1.2.3"));
    }
}
