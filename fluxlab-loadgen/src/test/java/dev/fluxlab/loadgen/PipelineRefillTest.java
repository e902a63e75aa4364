package dev.fluxlab.loadgen;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When a pipelined HTTP/1.1 connection writes its refill: once half its depth is free, at once without pipelining. */
class PipelineRefillTest {

    @Test
    void aDeepPipelineRefillsOnceHalfOfItIsFree() {
        for (int outstanding = 16; outstanding > 8; outstanding--) {
            assertFalse(Http1Conn.refillDue(16, outstanding), outstanding + " of 16 in flight");
        }
        for (int outstanding = 8; outstanding >= 0; outstanding--) {
            assertTrue(Http1Conn.refillDue(16, outstanding), outstanding + " of 16 in flight");
        }
        assertFalse(Http1Conn.refillDue(5, 4));
        assertTrue(Http1Conn.refillDue(5, 3), "depth 5: two free slots");
        // what the report says a busy connection keeps in flight: from just before a refill to full
        assertEquals(8, Http1Conn.leastInFlight(16));
        assertEquals(3, Http1Conn.leastInFlight(5));
        assertEquals(1, Http1Conn.leastInFlight(2));
        assertEquals(1, Http1Conn.leastInFlight(1));
    }

    @Test
    void withoutPipeliningOrAtDepthTwoEveryFreeSlotIsRefilledAtOnce() {
        assertTrue(Http1Conn.refillDue(1, 0));
        assertFalse(Http1Conn.refillDue(1, 1));
        assertTrue(Http1Conn.refillDue(2, 1));
        assertFalse(Http1Conn.refillDue(2, 2));
        assertTrue(Http1Conn.refillDue(4, 2));
        assertFalse(Http1Conn.refillDue(4, 3));
    }
}
