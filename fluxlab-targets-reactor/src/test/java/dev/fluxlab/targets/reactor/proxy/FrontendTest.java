package dev.fluxlab.targets.reactor.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.reactor.client.ClientMode;
import dev.fluxlab.targets.reactor.plain.ReactorNettyServer;
import dev.fluxlab.targets.reactor.plain.ReactorNettyServerConfig;
import io.netty.handler.codec.http.HttpMethod;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.netty.http.HttpProtocol;

/** Frontend -> backend: every route on every protocol pair, and the event-loop placement of every client mode. */
class FrontendTest {

    static final String JSON = "{\"id\":42,\"name\":\"fluxlab\",\"tags\":[\"a\",\"b\"],\"nested\":{\"ok\":true}}";

    private static ReactorNettyServer.Running backend(ServerProtocol protocol) {
        return ReactorNettyServer.start(ReactorNettyServerConfig.builder().protocol(protocol).workers(1).build());
    }

    @ParameterizedTest(name = "inbound {0} (client {1}) -> backend {2}")
    @CsvSource({"h2,H2,h2", "h2,HTTP11,h2", "h2c,H2C,h2c", "http1.1,HTTP11,h2"})
    void everyRouteRelaysTheBackendsBody(String inbound, HttpProtocol clientProtocol, String backendProtocol) {
        ServerProtocol bp = ServerProtocol.of(backendProtocol);
        try (ReactorNettyServer.Running be = backend(bp);
             FrontendServer.Running fe = FrontendServer.start(FrontendConfig.builder()
                     .protocol(ServerProtocol.of(inbound)).workers(1)
                     .backendUrl((bp.secure() ? "https" : "http") + "://127.0.0.1:" + be.port()).build());
             Client c = new Client(fe.port(), ServerProtocol.of(inbound).secure(), clientProtocol)) {
            Client.Reply get = c.call(HttpMethod.GET, "/get", null);
            assertEquals(200, get.status());
            assertEquals("fluxlab get ok", get.body());
            assertEquals(clientProtocol == HttpProtocol.HTTP11 ? "HTTP/1.1" : "HTTP/2.0", get.version());
            Client.Reply post = c.call(HttpMethod.POST, "/post", JSON);
            assertEquals(200, post.status());
            assertEquals(JSON, post.body());
            Client.Reply post2 = c.call(HttpMethod.POST, "/post2", JSON);
            assertEquals(200, post2.status());
            assertEquals(JSON, post2.body(), "Jackson re-serialises compact JSON unchanged");
            assertEquals(400, c.call(HttpMethod.POST, "/post2", "not json").status());
            assertEquals(404, c.call(HttpMethod.GET, "/nope", null).status());
            // 1 get + 1 post + (permission + post) = 4 backend responses
            assertEquals(4, fe.stats().total("backend_responses"));
            ReadinessAttributes ready = Readiness.parse(fe.readinessLine()).orElseThrow();
            assertTrue(ready.get(Readiness.STATS).endsWith("/stats"), ready.get(Readiness.STATS));
            assertEquals("colocated", ready.get(Readiness.CLIENT_MODE));
        }
    }

    @Test
    void unreadPermissionBodyStillAnswers() {
        try (ReactorNettyServer.Running be = backend(ServerProtocol.H2C);
             FrontendServer.Running fe = FrontendServer.start(FrontendConfig.builder()
                     .protocol(ServerProtocol.H2C).workers(1).consumePermissionBody(false)
                     .backendUrl("http://127.0.0.1:" + be.port()).build());
             Client c = new Client(fe.port(), false, HttpProtocol.H2C)) {
            Client.Reply post2 = c.call(HttpMethod.POST, "/post2", JSON);
            assertEquals(200, post2.status());
            assertEquals(JSON, post2.body());
            // h2c by prior knowledge only: the stats are announced on an HTTP/1.1 side port
            String stats = Readiness.parse(fe.readinessLine()).orElseThrow().get(Readiness.STATS);
            assertTrue(stats.startsWith("http://127.0.0.1:") && stats.endsWith("/stats"), stats);
            try (java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient()) {
                String body = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(stats)).build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString()).body();
                assertTrue(body.contains("\"backend_responses\":2"), body);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }
    }

    /** Runs 24 concurrent requests over one inbound HTTP/2 connection (so all arrive on one frontend loop). */
    private static Map<String, Map<String, Long>> placement(ClientMode mode, int inboundConnections) throws Exception {
        try (ReactorNettyServer.Running be = backend(ServerProtocol.H2C);
             FrontendServer.Running fe = FrontendServer.start(FrontendConfig.builder()
                     .protocol(ServerProtocol.H2C).workers(2).clientMode(mode).clientWorkers(2)
                     .maxConcurrentStreams(1L).maxConnections(4)
                     .backendUrl("http://127.0.0.1:" + be.port()).build())) {
            for (int i = 0; i < inboundConnections; i++) {
                try (Client c = new Client(fe.port(), false, HttpProtocol.H2C)) {
                    List<Client.Reply> replies = c.concurrent(24, HttpMethod.GET, "/get", null);
                    assertTrue(replies.stream().allMatch(r -> r.status() == 200), replies.toString());
                }
            }
            @SuppressWarnings("unchecked")
            Map<String, Map<String, Long>> loops = (Map<String, Map<String, Long>>) (Map<?, ?>)
                    new ObjectMapper().readValue(fe.statsJson(), Map.class).get("loops");
            return new ObjectMapper().convertValue(loops,
                    new com.fasterxml.jackson.core.type.TypeReference<Map<String, Map<String, Long>>>() { });
        }
    }

    private static Set<String> with(Map<String, Map<String, Long>> loops, String counter) {
        Set<String> s = new TreeSet<>();
        loops.forEach((name, c) -> {
            if (c.getOrDefault(counter, 0L) > 0) {
                s.add(name);
            }
        });
        return s;
    }

    @Test
    void colocatedPutsEveryBackendConnectionOnTheRequestsLoop() throws Exception {
        Map<String, Map<String, Long>> loops = placement(ClientMode.COLOCATED, 1);
        Set<String> requestLoops = with(loops, "frontend_requests");
        assertEquals(1, requestLoops.size(), loops.toString());
        assertEquals(requestLoops, with(loops, "backend_connections"), loops.toString());
        assertTrue(loops.get(requestLoops.iterator().next()).get("backend_connections") >= 2, loops.toString());
    }

    @Test
    void noColocationMovesBackendConnectionsOffTheRequestsLoop() throws Exception {
        Map<String, Map<String, Long>> loops = placement(ClientMode.NO_COLOCATION, 1);
        Set<String> connectionLoops = with(loops, "backend_connections");
        Set<String> responseLoops = with(loops, "backend_responses");
        assertTrue(!connectionLoops.isEmpty() && connectionLoops.stream().allMatch(n -> n.startsWith("fluxlab-client")),
                loops.toString());
        assertTrue(responseLoops.stream().allMatch(n -> n.startsWith("fluxlab-client")), loops.toString());
        assertTrue(with(loops, "frontend_requests").stream().allMatch(n -> n.startsWith("fluxlab-fe")),
                loops.toString());
    }

    @Test
    void noColocationSpreadsBackendConnectionsOverItsClientLoops() throws Exception {
        // 24 requests at once with 1 stream per connection: the pool opens its 4 connections at once, each on the
        // client group's next loop, so both client loops hold some (on Netty 4.2.18 without ChooserSafeLoopResources
        // all 4 landed on one)
        Map<String, Map<String, Long>> loops = placement(ClientMode.NO_COLOCATION, 1);
        Set<String> connectionLoops = with(loops, "backend_connections");
        assertEquals(Set.of("fluxlab-client"), prefixes(connectionLoops), loops.toString());
        assertEquals(2, connectionLoops.size(), "both client loops: " + loops);
        assertEquals(4, loops.values().stream().mapToLong(c -> c.getOrDefault("backend_connections", 0L)).sum(),
                loops.toString());
    }

    private static Set<String> prefixes(Set<String> threads) {
        Set<String> s = new TreeSet<>();
        threads.forEach(t -> s.add(t.substring(0, t.indexOf("-", t.indexOf("-") + 1))));
        return s;
    }

    @Test
    void perLoopPoolsKeepEachLoopsConnectionsOnThatLoop() throws Exception {
        Map<String, Map<String, Long>> loops = placement(ClientMode.PER_LOOP_POOLS, 2);
        Set<String> requestLoops = with(loops, "frontend_requests");
        assertEquals(2, requestLoops.size(), "two inbound connections land on the two loops: " + loops);
        assertEquals(requestLoops, with(loops, "backend_connections"), loops.toString());
        assertEquals(requestLoops, with(loops, "backend_responses"), loops.toString());
    }
}
