package dev.fluxlab.targets.reactor.plain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.model.StackVersions;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.common.transport.TransportSupport;
import dev.fluxlab.targets.common.transport.TransportUnavailableException;
import dev.fluxlab.targets.reactor.version.LoadedVersions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The plain target compiled against Reactor Netty 1.2 / Netty 4.1: it serves, runs the transport asked for, and its
 * readiness line names the releases this classpath really loaded (the ones the module's pom builds against, passed
 * in by Surefire), never the 1.3 line's.
 */
class ReactorNetty12Test {

    private static final String EXPECTED_REACTOR_NETTY = System.getProperty("fluxlab.expected.reactor-netty");
    private static final String EXPECTED_NETTY = System.getProperty("fluxlab.expected.netty");

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"NIO", "EPOLL", "NATIVE"})
    void servesOnTheOlderLineAndSaysWhichReleasesItLoaded(Transport transport) throws Exception {
        assumeTrue(TransportSupport.isAvailable(transport), () -> transport + " is not available here");
        try (ReactorNettyServer.Running server = ReactorNettyServer.start(ReactorNettyServerConfig.builder()
                .transport(transport).protocol(ServerProtocol.HTTP11).workers(1).build())) {
            ReadinessAttributes ready = Readiness.parse(server.readinessLine()).orElseThrow();
            assertTrue(EXPECTED_REACTOR_NETTY.startsWith("1.2."), EXPECTED_REACTOR_NETTY);
            assertEquals(EXPECTED_REACTOR_NETTY, ready.get(StackVersions.REACTOR_NETTY), server.readinessLine());
            assertEquals(EXPECTED_NETTY, ready.get(StackVersions.NETTY), server.readinessLine());
            // native is epoll on this line (no io_uring), nio where epoll cannot load
            String concrete = TransportSupport.resolve(transport).label();
            assertEquals(concrete, ready.get(Readiness.TRANSPORT));
            assertEquals(concrete, TransportSupport.actual(server.server().channel()));
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/plaintext")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals("Hello, World!", r.body());
        }
    }

    @Test
    void ioUringIsRefusedNamingTheNettyLine() {
        assertTrue(TransportSupport.unavailabilityCause(Transport.IO_URING).isPresent());
        TransportUnavailableException e = assertThrows(TransportUnavailableException.class,
                () -> ReactorNettyServer.start(ReactorNettyServerConfig.builder().transport(Transport.IO_URING).build()));
        assertTrue(e.getMessage().contains("Netty " + EXPECTED_NETTY + " has no io_uring transport"), e.getMessage());
        assertTrue(TransportSupport.resolve(Transport.NATIVE) != Transport.IO_URING, "native is never io_uring here");
    }

    @Test
    void aServerToldToRunAnotherReleaseRefuses() {
        LoadedVersions.require(EXPECTED_REACTOR_NETTY);
        LoadedVersions.require(null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoadedVersions.require("1.3.8"));
        assertTrue(e.getMessage().contains("runs Reactor Netty " + EXPECTED_REACTOR_NETTY), e.getMessage());
    }
}
