package dev.fluxlab.targets.other;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RouterTest {

    private final Router router = new Router();

    private String body(String method, String uri) {
        return new String(router.route(method, uri).body(), StandardCharsets.UTF_8);
    }

    @Test
    void templates() {
        assertEquals(Optional.of(Map.of("user", "a", "order", "b")), new PathRoute(Endpoints.ORDERS).match("/users/a/orders/b"));
        assertEquals(Optional.empty(), new PathRoute(Endpoints.ORDERS).match("/users/a/orders/b/c"));
        assertEquals(Optional.empty(), new PathRoute(Endpoints.ORDERS).match("/users/a/orders/"));
        assertEquals(Optional.empty(), new PathRoute(Endpoints.HELLO).match("/hello"));
        assertEquals(Optional.of(Map.of()), new PathRoute("/json").match("/json"));
    }

    @Test
    void routes() {
        assertEquals("Hello, World!", body("GET", "/plaintext?x=1"));
        assertEquals("Hello, ann!", body("GET", "/hello/ann"));
        assertEquals("{\"user\":\"u\",\"order\":\"7\"}", body("GET", "/users/u/orders/7"));
        assertEquals(404, router.route("GET", "/hello/a%20b").status(), "variables outside [A-Za-z0-9._-] are not echoed");
        assertEquals(404, router.route("GET", "/nope").status());
        assertEquals(405, router.route("POST", "/hello/ann").status());
    }

    @Test
    void concurrentMatchingGivesEachCallerItsOwnVariables() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> wrong = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int id = t;
                wrong.add(pool.submit(() -> {
                    int bad = 0;
                    for (int i = 0; i < 20_000; i++) {
                        String name = "n" + id + "-" + i;
                        if (!body("GET", "/hello/" + name).equals("Hello, " + name + "!")) {
                            bad++;
                        }
                    }
                    return bad;
                }));
            }
            for (Future<Integer> f : wrong) {
                assertEquals(0, f.get());
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
