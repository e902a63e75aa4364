package dev.fluxlab.targets.reactor.plain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.targets.common.http.ServerProtocol;
import io.netty.handler.codec.http.HttpMethod;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import reactor.netty.http.HttpProtocol;

/** Every endpoint on every protocol, checked the way the injector checks responses. */
class EndpointsTest {

    @ParameterizedTest
    @EnumSource(ServerProtocol.class)
    void everyEndpointAnswersOnEveryProtocol(ServerProtocol protocol) {
        try (ReactorNettyServer.Running server = ReactorNettyServer.start(
                ReactorNettyServerConfig.builder().protocol(protocol).workers(2).build())) {
            ReadinessAttributes ready = Readiness.parse(server.readinessLine()).orElseThrow();
            assertEquals(protocol.label(), ready.get(Readiness.PROTOCOL));
            assertEquals(String.valueOf(server.port()), ready.get(Readiness.PORT));
            X509Certificate trust = server.certificate().orElse(null);
            assertEquals(protocol.secure(), trust != null);
            switch (protocol) {
                case HTTP11 -> checkAll(server, HttpProtocol.HTTP11, null, "HTTP/1.1");
                case H2C -> checkAll(server, HttpProtocol.H2C, null, "HTTP/2.0");
                case H2 -> {
                    checkAll(server, HttpProtocol.H2, trust, "HTTP/2.0");
                    // ALPN falls back to HTTP/1.1 for clients that do not offer h2
                    checkAll(server, HttpProtocol.HTTP11, trust, "HTTP/1.1");
                }
                case HTTP11_H2C -> {
                    checkAll(server, HttpProtocol.HTTP11, null, "HTTP/1.1");
                    checkAll(server, HttpProtocol.H2C, null, "HTTP/2.0");
                    // HTTP/1.1 Upgrade: h2c on the same port
                    checkAll(server, null, "HTTP/2.0", HttpProtocol.HTTP11, HttpProtocol.H2C);
                }
            }
        }
    }

    private static void checkAll(ReactorNettyServer.Running server, HttpProtocol clientProtocol,
                                 X509Certificate trust, String expectedVersion) {
        checkAll(server, trust, expectedVersion, clientProtocol);
    }

    private static void checkAll(ReactorNettyServer.Running server, X509Certificate trust, String expectedVersion,
                                 HttpProtocol... clientProtocols) {
        try (TestClient client = new TestClient(server.port(), trust, clientProtocols)) {
            check(client.get("/plaintext"), expectedVersion, 200, "text/plain", "Hello, World!");
            check(client.get("/json"), expectedVersion, 200, "application/json", "{\"message\":\"Hello, World!\"}");
            check(client.get("/get"), expectedVersion, 200, "text/plain", PlainRoutes.GET);
            check(client.get("/checkPermission"), expectedVersion, 200, "application/json", "{\"allowed\":true}");
            check(client.get("/plaintext?x=1"), expectedVersion, 200, "text/plain", "Hello, World!");
            String json = "{\"id\":42,\"name\":\"" + "x".repeat(1000) + "\"}";
            check(client.exchange(HttpMethod.POST, "/post", null, json), expectedVersion, 200, "application/json",
                    json);
            check(client.exchange(HttpMethod.POST, "/post", "application/x-fluxlab; charset=utf-8", "abc"),
                    expectedVersion, 200, "application/x-fluxlab; charset=utf-8", "abc");
            String big = "0123456789abcdef".repeat(20_000); // 320 KiB: beyond HTTP/2's default window
            check(client.exchange(HttpMethod.POST, "/post", "text/plain", big), expectedVersion, 200, "text/plain",
                    big);
            check(client.exchange(HttpMethod.POST, "/post", null, null), expectedVersion, 200, "application/json", "");
            check(client.get("/nope"), expectedVersion, 404, "text/plain", "Not Found");
            // a body sent to a GET route is read, not left on the connection
            check(client.exchange(HttpMethod.POST, "/plaintext", "text/plain", "ignored"), expectedVersion, 405,
                    "text/plain", "Method Not Allowed");
            check(client.get("/plaintext"), expectedVersion, 200, "text/plain", "Hello, World!");
        }
    }

    private static void check(TestClient.Reply r, String version, int status, String contentType, String body) {
        assertEquals(version, r.version(), "negotiated protocol");
        assertEquals(status, r.status(), "status");
        assertEquals(body, r.body(), "body");
        assertEquals(contentType, r.headers().get("Content-Type"), "Content-Type");
        assertEquals(String.valueOf(body.getBytes(StandardCharsets.UTF_8).length), r.headers().get("Content-Length"),
                "Content-Length");
        assertEquals(PlainRoutes.SERVER_NAME, r.headers().get("Server"), "Server");
        String date = r.headers().get("Date");
        assertNotNull(date, "Date");
        Instant when = ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        assertTrue(Duration.between(when, Instant.now()).abs().compareTo(Duration.ofSeconds(30)) < 0,
                "Date " + date + " is current");
    }

    @Test
    void injectedFailuresHitEveryNthResponse() {
        try (ReactorNettyServer.Running server = ReactorNettyServer.start(
                ReactorNettyServerConfig.builder().failEvery(3L).workers(1).build());
             TestClient client = new TestClient(server.port(), null, HttpProtocol.HTTP11)) {
            int[] statuses = new int[9];
            for (int i = 0; i < statuses.length; i++) {
                TestClient.Reply r = client.get("/plaintext");
                statuses[i] = r.status();
                assertEquals(r.body().getBytes(StandardCharsets.UTF_8).length,
                        Integer.parseInt(r.headers().get("Content-Length")));
            }
            assertEquals("[200, 200, 500, 200, 200, 500, 200, 200, 500]", java.util.Arrays.toString(statuses));
        }
    }
}
