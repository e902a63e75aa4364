package dev.fluxlab.runner;

import dev.fluxlab.runner.listen.RunListeners;
import dev.fluxlab.runner.listen.RunListener;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The composite forwards every call: a default left unforwarded is a line the person at the terminal never sees. */
class RunListenersTest {

    @Test
    void everyListenerMethodIsForwarded() {
        List<String> missing = new ArrayList<>();
        for (Method m : RunListener.class.getDeclaredMethods()) {
            try {
                RunListeners.class.getDeclaredMethod(m.getName(), m.getParameterTypes());
            } catch (NoSuchMethodException e) {
                missing.add(m.getName());
            }
        }
        assertEquals(List.of(), missing, "RunListeners must forward these (profiling's 'not profiled' notice was lost)");
    }

    @Test
    void aNoticeReachesEveryListener() {
        List<String> seen = new ArrayList<>();
        RunListener a = new RunListener() {
            @Override
            public void notice(String line) {
                seen.add("a " + line);
            }
        };
        RunListener b = new RunListener() {
            @Override
            public void notice(String line) {
                seen.add("b " + line);
            }
        };
        RunListeners.of(a, b).notice("not profiled: x");
        assertEquals(List.of("a not profiled: x", "b not profiled: x"), seen);
    }
}
