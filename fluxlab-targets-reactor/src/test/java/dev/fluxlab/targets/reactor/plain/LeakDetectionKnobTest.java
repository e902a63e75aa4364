package dev.fluxlab.targets.reactor.plain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.util.ResourceLeakDetector;
import org.junit.jupiter.api.Test;

/**
 * The plain target's {@code leak-detection} knob: the frontend's levels and refusal, set before the server starts,
 * and no knob leaves Netty's level as it was.
 */
class LeakDetectionKnobTest {

    @Test
    void theLevelIsSetWhenTheServerStarts() {
        ResourceLeakDetector.Level before = ResourceLeakDetector.getLevel();
        try {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.SIMPLE);
            try (ReactorNettyServer.Running server = ReactorNettyServer.start(
                    ReactorNettyServerConfig.builder().workers(1).leakDetection("Disabled").build())) {
                assertEquals("disabled", server.config().leakDetection());
                assertEquals(ResourceLeakDetector.Level.DISABLED, ResourceLeakDetector.getLevel());
            }
            try (ReactorNettyServer.Running server = ReactorNettyServer.start(
                    ReactorNettyServerConfig.builder().workers(1).build())) {
                assertNull(server.config().leakDetection());
                assertEquals(ResourceLeakDetector.Level.DISABLED, ResourceLeakDetector.getLevel());
            }
        } finally {
            ResourceLeakDetector.setLevel(before);
        }
    }

    @Test
    void anUnknownLevelIsRefusedAsTheFrontendRefusesIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReactorNettyServerConfig.builder().leakDetection("off").build());
        assertEquals("unknown leak-detection 'off'; accepted: disabled, simple, advanced, paranoid",
                e.getMessage());
    }
}
