package dev.fluxlab.targets.spring.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KnobArgsTest {

    @Test
    void anUnknownOptionIsRefusedNamingTheAcceptedOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KnobArgs.options(new String[] {"--port=1", "--wokers=4"}, List.of("port", "workers")));
        assertEquals("unknown option '--wokers'; accepted: port, workers", e.getMessage());
    }

    @Test
    void anUnknownChoiceIsRefusedNamingTheOptionAndTheAcceptedValues() {
        assertEquals("b", KnobArgs.choice(Map.of("mode", "b"), "mode", List.of("a", "b"), "a"));
        assertEquals("a", KnobArgs.choice(Map.of(), "mode", List.of("a", "b"), "a"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KnobArgs.choice(Map.of("mode", "c"), "mode", List.of("a", "b"), "a"));
        assertEquals("--mode: unknown value 'c'; accepted: a, b", e.getMessage());
    }
}
