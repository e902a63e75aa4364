package dev.fluxlab.cli;

import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The AOT cache's training workload runs every load it names to a clean end (a renamed flag or a refused workload
 * would leave the launcher with a failed training and injectors without the cache), and stops the targets it started.
 */
class AotTrainCommandTest {

    @Test
    void theTrainingWorkloadRunsToTheEndAndStopsItsTargets() {
        Set<Long> before = children();
        assertEquals(0, Main.commandLine().execute("aot-train", "--seconds", "1"));
        assertEquals(before, children(), "the training's targets are stopped");
    }

    @Test
    void secondsOutOfRangeAreRefused() {
        assertEquals(2, Main.commandLine().execute("aot-train", "--seconds", "0"));
    }

    private static Set<Long> children() {
        return ProcessHandle.current().children().filter(ProcessHandle::isAlive).map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }
}
