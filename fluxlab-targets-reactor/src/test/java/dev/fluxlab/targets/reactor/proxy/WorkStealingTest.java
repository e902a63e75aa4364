package dev.fluxlab.targets.reactor.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.reactor.client.ClientMode;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpMethod;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.DisposableServer;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.server.HttpServer;

/**
 * Work stealing under a backend that is slow for one loop's connection: with one backend connection of 4 streams per
 * loop pool, the backend connection the first request arrives on answers after 300 ms, the other at
 * once. A burst on the slow loop fills its pool; the pool's own metrics say it would wait, so requests go through the
 * other loop's pool: the steal counters move, and every request is answered (or counted as a backend error).
 */
class WorkStealingTest {

    private static final int BURST = 40;

    /**
     * An h2c backend answering {@code GET /get}; every stream of the first connection a request arrives on waits
     * {@code delay}. Decided by the request, not at accept time, so the slow connection is always one a pool uses.
     */
    private static DisposableServer slowFirstConnectionBackend(Duration delay) {
        AtomicReference<Channel> slow = new AtomicReference<>();
        return HttpServer.create().host("127.0.0.1").port(0).protocol(HttpProtocol.H2C)
                .handle((req, res) -> {
                    Channel stream = ((Connection) req).channel();
                    Channel tcp = stream.parent() != null ? stream.parent() : stream;
                    slow.compareAndSet(null, tcp);
                    Mono<String> body = Mono.just("fluxlab get ok");
                    if (slow.get() == tcp) {
                        body = body.delayElement(delay);
                    }
                    return req.receive().then(res.sendString(body).then());
                })
                .bindNow(Duration.ofSeconds(10));
    }

    @Test
    void aLoopWhosePoolWouldWaitStealsFromTheOtherAndLosesNothing() throws Exception {
        DisposableServer backend = slowFirstConnectionBackend(Duration.ofMillis(300));
        List<Client> clients = new ArrayList<>();
        try (FrontendServer.Running fe = FrontendServer.start(FrontendConfig.builder()
                     .protocol(ServerProtocol.H2C).workers(2).clientMode(ClientMode.WORK_STEALING)
                     .maxConnections(1).maxConcurrentStreams(4L)
                     .backendUrl("http://127.0.0.1:" + backend.port()).build())) {
            // inbound connections until both loops have one; each sends one request, so each loop's pool opens its
            // backend connection. Which of the two the backend accepted first (and made slow) is read from the time
            // each loop's first request took, not assumed from the order the pools connected in
            Map<String, Client> firstOnLoop = new LinkedHashMap<>();
            Map<String, Long> firstMillis = new HashMap<>();
            for (int i = 0; i < 8 && firstOnLoop.size() < 2; i++) {
                Client c = new Client(fe.port(), false, HttpProtocol.H2C);
                clients.add(c);
                Map<String, Map<String, Number>> before = loops(fe);
                long t0 = System.nanoTime();
                assertEquals(200, c.call(HttpMethod.GET, "/get", null).status());
                long ms = (System.nanoTime() - t0) / 1_000_000;
                String loop = loopGrown(before, loops(fe));
                if (!firstOnLoop.containsKey(loop)) {
                    firstOnLoop.put(loop, c);
                    firstMillis.put(loop, ms);
                }
            }
            assertEquals(2, firstOnLoop.size(), "no inbound connection landed on the second loop: " + loops(fe));
            // the slow connection's first answer waits 300 ms on top of whatever the fast one waits: the longer of the two
            slowLoop = firstMillis.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
            assertTrue(firstMillis.get(slowLoop) >= 300, "neither loop's pool holds the backend's slow connection: "
                    + "first requests took " + firstMillis + " ms; " + fe.statsJson());
            Client slow = firstOnLoop.get(slowLoop);
            int warm = clients.size();

            // the burst on the slow loop, one request every 5 ms: the pool's metrics count an acquire once it has been
            // made, so requests read in the same event-loop pass are all decided against the same state
            Client thief = slow;
            List<Client.Reply> replies = Flux.range(0, BURST).delayElements(Duration.ofMillis(5))
                    .flatMap(i -> thief.exchange(HttpMethod.GET, "/get", null), BURST)
                    .collectList().block(Duration.ofSeconds(30));
            assertEquals(BURST, replies.size());
            assertTrue(replies.stream().allMatch(r -> r.status() == 200 && r.body().equals("fluxlab get ok")),
                    replies.toString());

            Map<String, Object> doc = new ObjectMapper().readValue(fe.statsJson(), Map.class);
            Map<String, Map<String, Number>> loops = loops(fe);
            long requests = sum(loops, "frontend_requests");
            long stolenBy = sum(loops, "stolen_by");
            long stolenFrom = sum(loops, "stolen_from");
            assertEquals(BURST + warm, requests, loops.toString());
            assertEquals(requests, sum(loops, "backend_responses") + sum(loops, "backend_errors"),
                    "every request answered or counted as an error: " + loops);
            assertEquals(0, sum(loops, "backend_errors"), loops.toString());
            assertTrue(stolenBy > 0, "the slow loop stole: " + doc);
            assertEquals(stolenBy, stolenFrom, loops.toString());
            assertEquals(slowLoop, loopWith(loops, "stolen_by"), loops.toString());
            assertTrue(!slowLoop.equals(loopWith(loops, "stolen_from")), loops.toString());
            assertTrue(loops.values().stream().allMatch(l -> l.containsKey("pending_tasks")), loops.toString());
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> pools = (List<Map<String, Object>>) doc.get("pool_metrics");
            assertEquals(2, pools.size(), pools.toString());
            assertTrue(pools.stream().allMatch(p -> ((Number) p.get("connections")).intValue() == 1), pools.toString());
            System.out.println("work-stealing smoke: " + stolenBy + " of " + BURST + " burst requests stolen; loops "
                    + loops + "; pools " + pools);
        } finally {
            clients.forEach(Client::close);
            backend.disposeNow(Duration.ofSeconds(5));
        }
    }

    private String slowLoop;

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Number>> loops(FrontendServer.Running fe) throws Exception {
        return (Map<String, Map<String, Number>>) new ObjectMapper().readValue(fe.statsJson(), Map.class).get("loops");
    }

    /** The loop whose frontend_requests grew between two snapshots. */
    private static String loopGrown(Map<String, Map<String, Number>> before, Map<String, Map<String, Number>> after) {
        return after.entrySet().stream().filter(e -> e.getValue().getOrDefault("frontend_requests", 0).longValue()
                        > before.getOrDefault(e.getKey(), Map.of()).getOrDefault("frontend_requests", 0).longValue())
                .map(Map.Entry::getKey).findFirst().orElseThrow();
    }

    private static long sum(Map<String, Map<String, Number>> loops, String counter) {
        return loops.values().stream().mapToLong(m -> m.getOrDefault(counter, 0).longValue()).sum();
    }

    private static String loopWith(Map<String, Map<String, Number>> loops, String counter) {
        return loops.entrySet().stream().filter(e -> e.getValue().getOrDefault(counter, 0).longValue() > 0)
                .map(Map.Entry::getKey).findFirst().orElseThrow();
    }
}
