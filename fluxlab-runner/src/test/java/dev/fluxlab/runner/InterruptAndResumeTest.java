package dev.fluxlab.runner;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.fake.RunMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

class InterruptAndResumeTest {

    static final String SUITE = """
            name: three
            targets:
              fake:
                knobs: {mode: ok, workers: [1, 2, 3]}
            scenarios: {a: {path: /a}}
            warmup: 0s
            measure: %s
            """;

    /**
     * Starts a runner JVM on the three-cell suite (20 s cells) and returns once the first cell's injector is in its
     * measured phase, with target and injector running.
     */
    private static Process startRunAndAwaitMeasure(Path tmp, Path pidDir, Path runDir, Path log) throws Exception {
        Path registry = Files.writeString(tmp.resolve("registry.yaml"), FakeRegistry.yaml(pidDir));
        Path suite = Files.writeString(tmp.resolve("three.yaml"), SUITE.formatted("20s"));
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), RunMain.class.getName(),
                registry.toString(), suite.toString(), runDir.toString()));
        Process run = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Path injectorLog = runDir.resolve("cells").resolve("001-fake-workers=1").resolve("injector-1.log");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!(Files.exists(injectorLog) && Files.readString(injectorLog).contains("phase=measure"))) {
            if (System.nanoTime() > deadline || !run.isAlive()) {
                run.destroyForcibly();
                fail("the run did not reach its measured phase; its output:\n" + Files.readString(log));
            }
            Thread.sleep(100);
        }
        assertEquals(2, RunnerEndToEndTest.pids(pidDir).size(), "target and injector are running");
        return run;
    }

    @Test
    void sigtermStopsEveryChildAndKeepsResults(@TempDir Path tmp) throws Exception {
        Path pidDir = tmp.resolve("pids");
        Path runDir = tmp.resolve("run");
        Path log = tmp.resolve("runmain.log");
        Process run = startRunAndAwaitMeasure(tmp, pidDir, runDir, log);
        try {
            run.destroy(); // SIGTERM
            assertTrue(run.waitFor(30, TimeUnit.SECONDS), "the run did not stop after SIGTERM");
            assertEquals(143, run.exitValue(), "SIGTERM ends the JVM with 128 + 15, as fluxlab run --help says");
        } finally {
            run.destroyForcibly();
        }
        RunnerEndToEndTest.assertNoneAlive(pidDir);
        RunResult r = Json.read(runDir.resolve("results.json"), RunResult.class);
        assertEquals("interrupted", r.status(), Files.readString(log));
        assertNotNull(r.finishedAt());
        assertTrue(r.cells().isEmpty(), "the interrupted cell is not stored as if complete");
        assertTrue(Files.exists(runDir.resolve("suite.yaml")));
        String out = Files.readString(log);
        assertTrue(out.contains("run interrupted: 0 cell(s)"), out);
        assertTrue(out.contains("fluxlab run --resume " + runDir.toAbsolutePath()), out);
    }

    /**
     * A runner killed with SIGKILL cannot stop anything, yet no child outlives it for long: every child of the runner
     * watches its parent (dev.fluxlab.model.ParentWatch) and exits within a few seconds.
     */
    @Test
    void childrenOfAKilledRunnerStopByThemselves(@TempDir Path tmp) throws Exception {
        Path pidDir = tmp.resolve("pids");
        Process run = startRunAndAwaitMeasure(tmp, pidDir, tmp.resolve("run"), tmp.resolve("runmain.log"));
        List<Long> children;
        try {
            children = RunnerEndToEndTest.pids(pidDir);
            run.destroyForcibly(); // SIGKILL: the runner's own clean-up never runs
            assertTrue(run.waitFor(10, TimeUnit.SECONDS));
        } finally {
            run.destroyForcibly();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        try {
            for (long pid : children) {
                ProcessHandle h = ProcessHandle.of(pid).orElse(null);
                while (h != null && h.isAlive() && System.nanoTime() < deadline) {
                    Thread.sleep(100);
                }
                assertFalse(h != null && h.isAlive(), "child " + pid + " outlived its killed runner by 15 s");
            }
        } finally {
            for (long pid : children) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    @Test
    void resumeRunsOnlyMissingCells(@TempDir Path tmp) throws Exception {
        Path pidDir = tmp.resolve("pids");
        Suite suite = Suite.parse("three.yaml", SUITE.formatted("1s"));
        Path runDir = tmp.resolve("run");
        Runner first = Runner.builder(FakeRegistry.registry(pidDir)).grace(Duration.ofSeconds(2)).build();
        RunResult complete = first.run(suite, runDir, null);
        assertEquals(3, complete.cells().size());

        // pretend the run was interrupted after cells 1 and 3
        List<CellResult> kept = List.of(complete.cells().get(0), complete.cells().get(2));
        RunResult cut = new RunResult(complete.schema(), complete.runId(), complete.suite(), complete.suiteFile(),
                complete.description(), "interrupted", complete.startedAt(), complete.finishedAt(),
                complete.environment(), complete.tables(), complete.settings(), kept, complete.noise());
        Json.writeAtomically(runDir.resolve("results.json"), cut);

        RunResult previous = Runner.load(runDir);
        Suite stored = Suite.load(runDir.resolve(Runner.SUITE_COPY));
        RunResult resumed = Runner.builder(FakeRegistry.registry(pidDir)).grace(Duration.ofSeconds(2)).build()
                .run(stored, runDir, previous);

        assertEquals("complete", resumed.status());
        assertEquals(complete.runId(), resumed.runId());
        assertEquals(3, resumed.cells().size());
        assertEquals(List.of(1, 2, 3), resumed.cells().stream().map(CellResult::index).toList());
        assertEquals(kept.get(0).repeats().get(0).startedAt(), resumed.cells().get(0).repeats().get(0).startedAt());
        assertEquals(kept.get(1).repeats().get(0).startedAt(), resumed.cells().get(2).repeats().get(0).startedAt());
        assertNotEquals(complete.cells().get(1).repeats().get(0).startedAt(),
                resumed.cells().get(1).repeats().get(0).startedAt(), "cell 2 ran again");
        assertTrue(resumed.cells().get(1).valid(), resumed.cells().get(1).reasons().toString());
        RunnerEndToEndTest.assertNoneAlive(pidDir);
        assertFalse(new File(runDir.toFile(), "results.json.tmp").exists());
    }
}
