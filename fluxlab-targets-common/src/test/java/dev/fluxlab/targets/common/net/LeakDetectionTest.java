package dev.fluxlab.targets.common.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.util.ResourceLeakDetector;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The knob takes Netty's four levels in any case, refuses others with the list, and sets Netty's level. */
class LeakDetectionTest {

    @Test
    void levelsAreNettysInLowerCase() {
        assertEquals(List.of("disabled", "simple", "advanced", "paranoid"),
                Arrays.stream(LeakDetection.values()).map(LeakDetection::label).toList());
        assertEquals("disabled", LeakDetection.check("DISABLED"));
        assertEquals("paranoid", LeakDetection.check("paranoid"));
        assertNull(LeakDetection.check(null));
    }

    @Test
    void everyNettyLevelHasItsConstant() {
        for (ResourceLeakDetector.Level level : ResourceLeakDetector.Level.values()) {
            assertEquals(level.name(), LeakDetection.of(level.name()).name());
        }
        assertEquals(ResourceLeakDetector.Level.values().length, LeakDetection.values().length);
    }

    @Test
    void unknownLevelIsRefusedWithTheList() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LeakDetection.check("Off"));
        assertEquals("unknown leak-detection 'Off'; accepted: disabled, simple, advanced, paranoid",
                e.getMessage());
    }

    @Test
    void applySetsNettysLevelAndNullLeavesIt() {
        ResourceLeakDetector.Level before = ResourceLeakDetector.getLevel();
        try {
            LeakDetection.apply("disabled");
            assertEquals(ResourceLeakDetector.Level.DISABLED, ResourceLeakDetector.getLevel());
            LeakDetection.apply("Advanced");
            assertEquals(ResourceLeakDetector.Level.ADVANCED, ResourceLeakDetector.getLevel());
            LeakDetection.apply(null);
            assertEquals(ResourceLeakDetector.Level.ADVANCED, ResourceLeakDetector.getLevel());
        } finally {
            ResourceLeakDetector.setLevel(before);
        }
    }
}
