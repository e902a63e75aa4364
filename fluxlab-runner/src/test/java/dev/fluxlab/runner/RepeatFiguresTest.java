package dev.fluxlab.runner;

import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RepeatFiguresTest {

    private static Cell cell(String load) {
        return Suite.parse("t.yaml", """
                targets: {fake: {}}
                scenarios: {a: {path: /a}}
                load: %s
                """.formatted(load)).cells().get(0);
    }

    private static LoadResult withThreads(Integer threads) {
        return new LoadResult(LoadResult.SCHEMA, "http://127.0.0.1:1/a", "http1.1", "closed", "GET", 64, 1, null, 0,
                null, 1, 10, null, 10, null, 0, 0, 0, 0, null, null, null, null, "nio", null, threads, null, null, null, null, null);
    }

    /**
     * A process whose host's agent ended (a dropped ssh session) makes its cell say what is missing instead of passing
     * valid with the remote CPU NaN and no samples (issue 38, finding 3).
     */
    @Test
    void aProcessMeasuredWithoutItsObservationIsNamed(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws Exception {
        dev.fluxlab.runner.process.Supervisor supervisor = new dev.fluxlab.runner.process.Supervisor();
        dev.fluxlab.runner.process.ChildProcess here = dev.fluxlab.runner.process.ChildProcess.start("target", "front",
                java.util.List.of("sleep", "5"), tmp.resolve("front.log"), null, supervisor);
        dev.fluxlab.runner.process.ChildProcess there = dev.fluxlab.runner.process.ChildProcess.startRemote("target",
                "back", java.util.List.of("sleep", "5"), tmp.resolve("back.log"), null, supervisor, new Gone());
        try {
            assertEquals(java.util.List.of("back: the agent of host 'b' ended"),
                    RepeatFigures.unobserved(java.util.List.of(here, there)));
        } finally {
            supervisor.close(java.time.Duration.ofSeconds(1));
        }
    }

    /**
     * A cell measured without part of its observation says what is missing, also with no host at all: a process with
     * no CPU reading in the measured window, a target JVM without a JIT entry in the load document (issue 38, finding
     * 3: the remote target's CPU had been NaN with no samples and no JIT entry, and the cell valid without a word).
     */
    @Test
    void aProcessWithoutSamplesOrJitEntryIsWarnedOf(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws Exception {
        dev.fluxlab.runner.process.Supervisor supervisor = new dev.fluxlab.runner.process.Supervisor();
        dev.fluxlab.runner.process.ChildProcess back = dev.fluxlab.runner.process.ChildProcess.start("target", "back",
                java.util.List.of("sleep", "5"), tmp.resolve("back.log"), null, supervisor);
        dev.fluxlab.runner.process.ChildProcess front = dev.fluxlab.runner.process.ChildProcess.start("target", "front",
                java.util.List.of("sleep", "5"), tmp.resolve("front.log"), null, supervisor);
        dev.fluxlab.runner.process.ChildProcess injector = dev.fluxlab.runner.process.ChildProcess.start("injector",
                "injector", java.util.List.of("sleep", "5"), tmp.resolve("injector.log"), null, supervisor);
        try {
            java.util.Map<dev.fluxlab.runner.process.ChildProcess, Double> cpu = java.util.Map.of(back, 1.5, front,
                    Double.NaN, injector, 0.7);
            LoadResult doc = withThreads(1).withMoreWatched(java.util.List.of(
                    new dev.fluxlab.model.load.WatchedJvm(injector.pid(), "injector", 0.0, null),
                    new dev.fluxlab.model.load.WatchedJvm(back.pid(), "target", 0.0,
                            new dev.fluxlab.model.load.JitActivity(1.0, 0, 0, 0, 0))));
            assertEquals(java.util.List.of(
                            "front: no CPU samples in the measured window, so its CPU is not known",
                            "front: no JIT entry for its JVM (PID " + front.pid() + ") in the load document, so "
                                    + "whether it compiled while measured is not known"),
                    RepeatFigures.missingObservation(java.util.List.of(back, front, injector), cpu::get,
                            java.util.List.of(back, front), doc));
            // all observed: nothing to say
            assertEquals(java.util.List.of(), RepeatFigures.missingObservation(java.util.List.of(back, injector),
                    cpu::get, java.util.List.of(back), doc));
        } finally {
            supervisor.close(java.time.Duration.ofSeconds(1));
        }
    }

    /** A host whose agent has ended. */
    private static final class Gone implements dev.fluxlab.runner.process.RemoteSide {
        public String host() {
            return "b";
        }

        public void line(String line) {
        }

        public long pid() {
            return 0;
        }

        public java.util.Optional<dev.fluxlab.runner.process.RemoteReading> reading() {
            return java.util.Optional.empty();
        }

        public java.util.Optional<MachineAt> machine() {
            return java.util.Optional.empty();
        }

        public void refresh() {
        }

        public void send(java.nio.file.Path local) {
        }

        public Armed arm(java.nio.file.Path local) {
            return null;
        }

        public void collect() {
        }

        @Override
        public java.util.Optional<String> observationLost() {
            return java.util.Optional.of("the agent of host 'b' ended");
        }
    }

    /** The injector's event loops come from its document; only a document without them falls back to the rule. */
    @Test
    void injectorThreadsAreReadFromTheDocument() {
        Cell c = cell("{connections: 64}");
        assertEquals(7, RepeatFigures.injectorThreads(c, withThreads(7)));
        assertEquals(Math.min(Runtime.getRuntime().availableProcessors(), 64),
                RepeatFigures.injectorThreads(c, withThreads(null)));
        assertEquals(3, RepeatFigures.injectorThreads(cell("{connections: 64, threads: 3}"), withThreads(null)));
    }
}
