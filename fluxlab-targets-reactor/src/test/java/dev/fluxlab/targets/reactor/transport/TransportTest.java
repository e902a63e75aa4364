package dev.fluxlab.targets.reactor.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.net.PortInUseException;
import dev.fluxlab.targets.common.transport.TransportSupport;
import dev.fluxlab.targets.common.transport.TransportUnavailableException;
import dev.fluxlab.targets.reactor.plain.ReactorNettyServer;
import dev.fluxlab.targets.reactor.plain.ReactorNettyServerConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Each explicit transport really runs (read from the bound channel), and the readiness line says so. */
class TransportTest {

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"NIO", "EPOLL", "IO_URING"})
    void explicitTransportTakesEffect(Transport transport) throws Exception {
        assumeTrue(TransportSupport.isAvailable(transport), () -> transport + " is not available here: "
                + TransportSupport.unavailabilityCause(transport).map(Throwable::toString).orElse("?"));
        try (ReactorNettyServer.Running server = ReactorNettyServer.start(
                ReactorNettyServerConfig.builder().transport(transport).workers(3).selectCount(1).build())) {
            ReadinessAttributes ready = Readiness.parse(server.readinessLine()).orElseThrow();
            assertEquals(transport.label(), ready.get(Readiness.TRANSPORT));
            assertEquals(transport.label(), TransportSupport.actual(server.server().channel()));
            assertEquals("3", ready.get(Readiness.WORKERS));
            assertEquals("Hello, World!", plaintext(server.port()));
        }
    }

    @Test
    void nativeReportsWhatItGot() throws Exception {
        try (ReactorNettyServer.Running server = ReactorNettyServer.start(ReactorNettyServerConfig.builder().build())) {
            assertEquals(TransportSupport.resolve(Transport.NATIVE).label(), server.transport());
            assertEquals(TransportLoops.DEFAULT_WORKERS, server.workers());
            assertEquals("Hello, World!", plaintext(server.port()));
        }
    }

    @Test
    void unavailableExplicitTransportFailsNamingNettysCause() {
        TransportUnavailableException e = new TransportUnavailableException(Transport.EPOLL,
                new UnsatisfiedLinkError("no netty_transport_native_epoll"));
        assertTrue(e.getMessage().contains("epoll is not available"), e.getMessage());
        assertTrue(e.getMessage().contains("no netty_transport_native_epoll"), e.getMessage());
    }

    @Test
    void unknownTransportNamesTheChoices() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Transport.of("uring2"));
        assertTrue(e.getMessage().contains("'uring2'") && e.getMessage().contains("io_uring, epoll, nio"),
                e.getMessage());
        assertEquals(Transport.IO_URING, Transport.of("io_uring"));
    }

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"NIO", "EPOLL", "IO_URING"})
    void busyPortIsReportedAsSuch(Transport transport) {
        assumeTrue(TransportSupport.isAvailable(transport), () -> transport + " is not available here");
        try (ReactorNettyServer.Running first = ReactorNettyServer.start(
                ReactorNettyServerConfig.builder().workers(1).build())) {
            PortInUseException e = assertThrows(PortInUseException.class, () -> ReactorNettyServer.start(
                    ReactorNettyServerConfig.builder().transport(transport).workers(1).port(first.port()).build()));
            assertEquals("port " + first.port() + " is in use; pick another or use --port 0", e.getMessage());
        }
    }

    @Test
    void tcpFastOpenIsRefusedOnNio() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReactorNettyServer.start(
                ReactorNettyServerConfig.builder().transport(Transport.NIO).tcpFastOpen(16).build()));
        assertTrue(e.getMessage().contains("--tcp-fastopen") && e.getMessage().contains("nio"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"EPOLL", "IO_URING"})
    void socketOptionsApplyOnNativeTransports(Transport transport) throws Exception {
        assumeTrue(TransportSupport.isAvailable(transport), () -> transport + " is not available here");
        try (ReactorNettyServer.Running server = ReactorNettyServer.start(ReactorNettyServerConfig.builder()
                .transport(transport).workers(1).backlog(512).rcvbuf(262_144).sndbuf(262_144).tcpFastOpen(64)
                .tcpNoDelay(false).build())) {
            assertEquals(transport.label(), server.transport());
            assertEquals(512, server.server().channel().config().getOption(io.netty.channel.ChannelOption.SO_BACKLOG));
            assertEquals("Hello, World!", plaintext(server.port()));
        }
    }

    static String plaintext(int port) throws Exception {
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/plaintext")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            return r.body();
        }
    }
}
