package dev.fluxlab.targets.reactor.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.targets.common.fault.Stall;
import dev.fluxlab.targets.reactor.plain.ReactorNettyServer;
import dev.fluxlab.targets.reactor.plain.ReactorNettyServerConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --stall 200ms@1s} on a live server: some responses are held for about the pause, most are not. */
class StallServerTest {

    @Test
    void someRequestsAreHeldAndTheRestAreNot() throws Exception {
        try (ReactorNettyServer.Running server = ReactorNettyServer.start(ReactorNettyServerConfig.builder()
                .workers(1).stall(Stall.parse("200ms@1s")).build());
             HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            HttpRequest request = HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/plaintext")).build();
            List<Long> millis = new ArrayList<>();
            long end = System.nanoTime() + 2_500_000_000L; // bounded: 2.5 s or 5000 requests
            while (System.nanoTime() < end && millis.size() < 5000) {
                long t0 = System.nanoTime();
                HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
                millis.add((System.nanoTime() - t0) / 1_000_000L);
                assertEquals(200, r.statusCode());
                assertEquals("Hello, World!", r.body());
            }
            long held = millis.stream().filter(m -> m >= 150).count();
            long quick = millis.stream().filter(m -> m < 100).count();
            // every stall window holds the request in flight when it opens: at least two windows in 2.5 s
            assertTrue(held >= 1, "some requests were held: " + millis);
            assertTrue(quick > held, "outside the windows the server answers at once: " + quick + " quick vs "
                    + held + " held");
        }
    }
}
