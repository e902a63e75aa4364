package dev.fluxlab.runner;

import dev.fluxlab.model.suite.Suite;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The training load's suite: a short fixed warm-up, whatever automatic warm-up settings the suite has. */
class TargetTrainingTest {

    @Test
    void aSuiteWithColdWarmupMinsTrainsOnAFixedWarmup() {
        for (String name : List.of("aot-ab.yaml", "frameworks.yaml", "quick.yaml")) {
            Suite s = Suite.load(Path.of("..", "suites", name));
            Suite training = TargetTraining.trainingSuite(s); // threw "'cold_warmup_min' needs 'warmup: auto'" before
            assertFalse(training.autoWarmup(), name);
            assertEquals(Duration.ofSeconds(2), training.warmup(), name);
            assertEquals(1, training.repeats(), name);
            assertEquals(s.cells().size(), training.cells().size(), name + ": the same cells, so the same caches");
        }
    }

    @Test
    void coldWarmupMinsSetOnTheCommandLineAreDroppedTooAndTheOtherOverridesKept() {
        Suite s = Suite.parse("../suites/aot-ab.yaml", Suite.load(Path.of("..", "suites", "aot-ab.yaml")).text(),
                List.of("warmup_max=12s", "targets.webflux-netty.cold_warmup_min=5s", "/cold_warmup_min=3s",
                        "load.connections=4"));
        Suite training = TargetTraining.trainingSuite(s);
        assertFalse(training.autoWarmup());
        assertEquals(List.of(4), training.cells().stream().map(c -> c.load().connections()).distinct().toList());
        assertTrue(TargetTraining.setsColdWarmupMin("targets.x.cold_warmup_min=1s"));
        assertFalse(TargetTraining.setsColdWarmupMin("targets.cold_warmup_min_x.knobs.a=1"));
    }

    @Test
    void aSuiteWithoutItIsParsedFromItsOwnText() {
        String text = "name: s\ntargets:\n  reactor-netty: {}\nscenarios:\n  p: {path: /plaintext}\n";
        assertEquals(text, TargetTraining.withoutColdWarmupMin(text));
        String both = "name: s\ntargets:\n  reactor-netty: {cold_warmup_min: 9s}\nscenarios:\n  p: {path: /plaintext}\n"
                + "cold_warmup_min: 5s\n";
        String dropped = TargetTraining.withoutColdWarmupMin(both);
        assertFalse(dropped.contains("cold_warmup_min"), dropped);
        assertEquals(Suite.parse("s.yaml", text).cells(), Suite.parse("s.yaml", dropped).cells());
    }
}
