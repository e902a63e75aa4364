package dev.fluxlab.gatling;

import dev.fluxlab.model.contract.GatlingArgs;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the simulation adds to the runner's cell: the URL taken apart for Gatling, and a request count shared out. */
class CellSettingsTest {

    private static CellSettings cell(String url, int connections, int streams, Long requests) {
        return new CellSettings(new GatlingArgs(url, "h2", connections, streams, Duration.ZERO, Duration.ofSeconds(3),
                requests, "GET", null, null, 200, null, Duration.ofSeconds(10)));
    }

    @Test
    void theUrlSplitsIntoGatlingsBaseUrlAndThePathAsSent() {
        CellSettings c = cell("https://127.0.0.1:40793/users/1/orders?x=2", 1, 1, null);
        assertEquals("https://127.0.0.1:40793", c.baseUrl());
        assertEquals("/users/1/orders?x=2", c.path());
        CellSettings bare = cell("http://127.0.0.1:8080", 1, 1, null);
        assertEquals("http://127.0.0.1:8080", bare.baseUrl());
        assertEquals("/", bare.path());
    }

    @Test
    void aRequestCountIsSharedOutInWholeBatchesTheFirstUsersTakingTheRest() {
        CellSettings c = cell("https://h:1/p", 3, 8, 1000L);
        assertEquals(1000, c.requests());
        long[] batches = {c.batches(0), c.batches(1), c.batches(2)};
        assertEquals(125, batches[0] + batches[1] + batches[2], "1000 requests are 125 batches of 8");
        assertEquals(42, batches[0]);
        assertEquals(42, batches[1]);
        assertEquals(41, batches[2]);
        assertEquals(0, cell("https://h:1/p", 3, 8, null).requests(), "no count: the phase lasts its duration");
    }
}
