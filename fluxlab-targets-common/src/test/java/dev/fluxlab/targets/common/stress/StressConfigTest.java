package dev.fluxlab.targets.common.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The stress pool's bounds, checked once: the record and every knob parser refuse alike. */
class StressConfigTest {

    @ParameterizedTest(name = "core {0}, max {1}, queue {2}")
    @CsvSource(delimiter = '|', value = {
            "0   | 200 | 1000 | --async-core must be at least 1, was 0",
            "100 | 0   | 1000 | --async-max (0) must be at least --async-core (100)",
            "100 | 99  | 1000 | --async-max (99) must be at least --async-core (100)",
            "100 | 200 | -1   | --async-queue must be at least 0, was -1",
    })
    void poolBoundsAreRefusedByOptionName(int core, int max, int queue, String expected) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class,
                () -> StressConfig.checkPool(core, max, queue)).getMessage());
        assertEquals(expected, assertThrows(IllegalArgumentException.class, () -> new StressConfig(Duration.ZERO,
                core, max, queue, false, VirtualScheduler.PER_TASK)).getMessage());
    }

    @ParameterizedTest(name = "core {0}, max {1}, queue {2}")
    @CsvSource(delimiter = '|', value = {"1 | 1 | 0", "100 | 200 | 1000", "5 | 5 | 0"})
    void theSmallestPoolIsOneThreadWithoutAQueue(int core, int max, int queue) {
        StressConfig.checkPool(core, max, queue);
        assertEquals(max, new StressConfig(Duration.ZERO, core, max, queue, false, VirtualScheduler.PER_TASK)
                .asyncMax());
    }
}
