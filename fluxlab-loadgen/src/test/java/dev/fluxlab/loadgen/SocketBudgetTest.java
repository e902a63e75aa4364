package dev.fluxlab.loadgen;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SocketBudgetTest {

    @Test
    void connectionsBeyondTheDescriptorLimitAreRefusedWithTheLimitAndTheFix() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SocketBudget.check(1_000_000, 1024, 40));
        assertTrue(e.getMessage().contains("may open 1024 files (ulimit -n) with 40 open already"), e.getMessage());
        assertTrue(e.getMessage().contains("at most 920"), e.getMessage());
        assertDoesNotThrow(() -> SocketBudget.check(920, 1024, 40));
        assertThrows(IllegalArgumentException.class, () -> SocketBudget.check(921, 1024, 40));
    }

    @Test
    void anUnreadableLimitRefusesNothing() {
        assertDoesNotThrow(() -> SocketBudget.check(1_000_000, -1, 10));
        assertDoesNotThrow(() -> SocketBudget.check(1_000_000, 1024, -1));
    }

    @Test
    void thisProcessesOwnLimitIsRead() {
        long max = ((com.sun.management.UnixOperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getMaxFileDescriptorCount();
        assertTrue(max > 0, "readable here: " + max);
        if (max < Integer.MAX_VALUE) {
            assertThrows(IllegalArgumentException.class, () -> SocketBudget.check(Integer.MAX_VALUE));
        }
        assertDoesNotThrow(() -> SocketBudget.check(1));
    }
}
