package dev.fluxlab.targets.reactor.plain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import reactor.netty.http.HttpProtocol;

/**
 * {@code --work N} is a count of rounds, the same in every JVM. Its cost is not asserted (a timed test would only
 * measure the machine); what is held is the arithmetic itself, so the amount cannot change silently between fluxlab
 * builds whose runs are compared, and that 0 means no work at all.
 */
class RequestWorkTest {

    /** The values were worked out once, and again by an independent model of the rounds (Python). */
    @Test
    void theRoundsArePinned() {
        assertEquals(5427500397110894934L, RequestWork.mix(1, 1));
        assertEquals(8547458072485717765L, RequestWork.mix(1, 1000));
        assertEquals(-2081141000344032997L, RequestWork.mix(2, 1000));
        assertEquals(1L, RequestWork.mix(0, 1), "0 is not a fixed point");
        assertEquals(-9034731412550057102L, RequestWork.mix(0, 1000));
    }

    @Test
    void nRoundsAreNRounds() {
        // 1050 rounds are 1000 rounds and then 50 more: the work grows with N and nothing else
        assertEquals(RequestWork.mix(1, 1050), RequestWork.mix(RequestWork.mix(1, 1000), 50));
        assertEquals(RequestWork.mix(7, 1000), RequestWork.mix(7, 1000));
    }

    @Test
    void zeroRoundsDoNothing() {
        assertEquals(42L, RequestWork.mix(42, 0));
        assertEquals(0, ReactorNettyServerConfig.builder().build().work(), "no work unless asked for");
        // --work 0 builds no RequestWork, so the routes do not even look the thread's slot up
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RequestWork(0));
        assertTrue(e.getMessage().contains("0 = none"), e.getMessage());
    }

    @Test
    void negativeWorkIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReactorNettyServerConfig.builder().work(-1).build());
        assertEquals("work must be at least 0 (0 = none), was -1", e.getMessage());
    }

    /** The k-th request a thread works on is seeded with k, whatever the other threads did. */
    @Test
    void eachThreadCountsItsOwnRequests() throws Exception {
        RequestWork work = new RequestWork(1000);
        assertEquals(RequestWork.mix(1, 1000), work.apply());
        assertEquals(RequestWork.mix(2, 1000), work.apply());
        long other = CompletableFuture.supplyAsync(work::apply, r -> new Thread(r).start()).get();
        assertEquals(RequestWork.mix(1, 1000), other);
        assertEquals(RequestWork.mix(3, 1000), work.apply());
        assertEquals(1000, work.rounds());
    }

    @Test
    void aServerWithWorkAnswers() {
        try (ReactorNettyServer.Running server = ReactorNettyServer.start(
                ReactorNettyServerConfig.builder().work(1000).workers(1).build());
             TestClient client = new TestClient(server.port(), null, HttpProtocol.HTTP11)) {
            assertEquals(1000, server.config().work());
            for (String path : new String[]{"/plaintext", "/json", "/plaintext"}) {
                TestClient.Reply r = client.get(path);
                assertEquals(200, r.status(), path);
            }
            assertEquals("Hello, World!", client.get("/plaintext").body());
        }
    }
}
