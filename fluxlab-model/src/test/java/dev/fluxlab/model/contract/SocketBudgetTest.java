package dev.fluxlab.model.contract;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SocketBudgetTest {

    @Test
    void connectionsBeyondTheDescriptorLimitAreRefusedWithTheLimitAndTheFix() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SocketBudget(1024, 40).check(1_000_000));
        assertTrue(e.getMessage().contains("may open 1024 files (ulimit -n) with 40 open already"), e.getMessage());
        assertTrue(e.getMessage().contains("at most 920"), e.getMessage());
        assertDoesNotThrow(() -> new SocketBudget(1024, 40).check(920));
        assertThrows(IllegalArgumentException.class, () -> new SocketBudget(1024, 40).check(921));
        assertEquals(920, new SocketBudget(1024, 40).fitting());
        assertEquals(0, new SocketBudget(64, 40).fitting(), "none fit, never a negative count");
        assertTrue(e.getMessage().contains("or raise the limit first (ulimit -n 1000104 or more)"), e.getMessage());
    }

    /** With nothing fitting, "lower --connections to at most 0" was the advice (ulimit -n 96): only raising helps. */
    @Test
    void whenNothingFitsTheFixIsTheLimitTheConnectionsNeed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SocketBudget(96, 40).check(10));
        assertTrue(e.getMessage().endsWith(": raise the limit first (ulimit -n 114 or more)"), e.getMessage());
        assertTrue(!e.getMessage().contains("at most 0"), e.getMessage());
    }

    @Test
    void anUnreadableLimitRefusesNothing() {
        assertDoesNotThrow(() -> new SocketBudget(-1, 10).check(1_000_000));
        assertDoesNotThrow(() -> new SocketBudget(1024, -1).check(1_000_000));
        assertTrue(new SocketBudget(-1, 10).fits(Integer.MAX_VALUE));
    }

    @Test
    void thisProcessesOwnLimitIsRead() {
        long max = ((com.sun.management.UnixOperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getMaxFileDescriptorCount();
        assertTrue(max > 0, "readable here: " + max);
        assertEquals(max, SocketBudget.here().max());
        if (max < Integer.MAX_VALUE) {
            assertThrows(IllegalArgumentException.class, () -> SocketBudget.here().check(Integer.MAX_VALUE));
        }
        assertDoesNotThrow(() -> SocketBudget.here().check(1));
    }
}
