package dev.fluxlab.runner;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.listen.RunListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The run-level defects: losing results.json, two runners in one folder, resuming a foreign document. */
class RunnerDefectsTest {

    /** Three one-second cells of the fake target (the interruption test's suite). */
    private static final String THREE = InterruptAndResumeTest.SUITE.formatted("1s");

    /**
     * results.json becomes unwritable after the first cell (a directory took its name): the run fails with one
     * message naming the file, starts no further cell, keeps the cell folders, and does not report completion.
     */
    @Test
    void aLostResultsFileFailsTheRunAndStartsNoFurtherCell(@TempDir Path tmp) throws Exception {
        Path pidDir = tmp.resolve("pids");
        Path dir = tmp.resolve("run");
        AtomicBoolean reportedFinished = new AtomicBoolean();
        RunListener breaker = new RunListener() {
            @Override
            public void cellFinished(Cell cell, Position position, CellResult result) {
                if (position.cell() == 1) {
                    try {
                        Files.delete(dir.resolve(Runner.RESULTS_FILE));
                        Files.createDirectories(dir.resolve(Runner.RESULTS_FILE).resolve("blocker"));
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }

            @Override
            public void runFinished(RunResult run, Path resultsFile) {
                reportedFinished.set(true);
            }
        };
        Runner runner = Runner.builder(FakeRegistry.registry(pidDir)).listener(breaker).grace(Duration.ofSeconds(2)).build();
        ResultsLostException e = assertThrows(ResultsLostException.class,
                () -> runner.run(Suite.parse("three.yaml", THREE), dir, null));
        assertTrue(e.getMessage().startsWith("could not write " + dir.toAbsolutePath().resolve("results.json")),
                e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertFalse(reportedFinished.get(), "the run is not reported as finished");
        try (Stream<Path> cells = Files.list(dir.resolve("cells"))) {
            assertEquals(2, cells.count(), "cells 1 and 2 keep their folders, cell 3 never started");
        }
        RunnerEndToEndTest.assertNoneAlive(pidDir);
        assertTrue(runner.liveChildren().isEmpty());
    }

    @Test
    void aSecondRunnerOnTheSameFolderIsRefusedBeforeStartingAnything(@TempDir Path tmp) throws Exception {
        Path pidDir = tmp.resolve("pids");
        Path dir = tmp.resolve("run");
        try (ResultsLock held = ResultsLock.acquire(dir)) {
            Runner second = Runner.builder(FakeRegistry.registry(pidDir)).grace(Duration.ofSeconds(2)).build();
            ResultsInUseException e = assertThrows(ResultsInUseException.class,
                    () -> second.run(Suite.parse("three.yaml", THREE), dir, null));
            assertTrue(e.getMessage().startsWith(dir.toAbsolutePath() + " is in use by fluxlab pid "
                    + ProcessHandle.current().pid() + " on "), e.getMessage());
            assertTrue(e.getMessage().endsWith("; wait for it or stop it"), e.getMessage());
        }
        assertFalse(Files.exists(dir.resolve(Runner.RESULTS_FILE)), "nothing was written");
        assertFalse(Files.exists(dir.resolve("cells")), "nothing was started");
        assertFalse(Files.exists(pidDir), "no child was started");
    }

    /** The three-cell suite with its target on a suite host no ssh reaches (a name that does not resolve). */
    private static final String ON_A_HOST = """
            name: placed
            hosts:
              far: {ssh: fluxlab-test@nohost.invalid, address: 10.255.255.1}
            targets:
              fake:
                knobs: {mode: ok, workers: [1, 2, 3]}
                host: far
            scenarios: {a: {path: /a}}
            warmup: 0s
            measure: 1s
            """;

    /**
     * A {@code --resume} of a hosts run while it still goes: refused on the folder's lock before any host is touched.
     * The hosts had been prepared first, and closing them on the refusal removed the live run's folder on every host.
     */
    @Test
    void aSecondRunnerOnAHostsRunsFolderIsRefusedBeforeTouchingAnyHost(@TempDir Path tmp) throws Exception {
        Path pidDir = tmp.resolve("pids");
        Path dir = tmp.resolve("run");
        try (ResultsLock held = ResultsLock.acquire(dir)) {
            Runner second = Runner.builder(FakeRegistry.registry(pidDir)).grace(Duration.ofSeconds(2)).build();
            // an unreachable host: had it been prepared first, this would be its HostException
            assertThrows(ResultsInUseException.class, () -> second.run(Suite.parse("placed.yaml", ON_A_HOST), dir,
                    null));
        }
        assertFalse(Files.exists(pidDir), "no child was started");
    }

    /** A new run whose host cannot be prepared leaves no folder behind: nothing was started. */
    @Test
    void aNewRunWhoseHostFailsLeavesNoFolder(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("run");
        Runner runner = Runner.builder(FakeRegistry.registry(tmp.resolve("pids"))).grace(Duration.ofSeconds(2)).build();
        assertThrows(dev.fluxlab.runner.host.HostException.class,
                () -> runner.run(Suite.parse("placed.yaml", ON_A_HOST), dir, null));
        assertFalse(Files.exists(dir), "the folder the run created holding only its lock is removed");
    }

    @Test
    void resumeRefusesAnotherSchemaAndAnEmptyDocument(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve(Runner.RESULTS_FILE), "{\"schema\":\"other.run/2\",\"cells\":[]}");
        IOException other = assertThrows(IOException.class, () -> Runner.load(tmp));
        assertTrue(other.getMessage().contains("schema \"other.run/2\" but this fluxlab reads \"fluxlab.run/1\""), other.getMessage());
        Files.writeString(tmp.resolve(Runner.RESULTS_FILE), "{}");
        IOException empty = assertThrows(IOException.class, () -> Runner.load(tmp));
        assertTrue(empty.getMessage().contains("not a fluxlab run document"), empty.getMessage());
        Files.writeString(tmp.resolve(Runner.RESULTS_FILE), "{\"schema\":\"fluxlab.run/1\"}");
        assertTrue(Runner.load(tmp).cells().isEmpty(), "a document without cells has none to keep");
    }

    /** Resuming read the whole document before the report's checks ran; it now has the same reader. */
    @Test
    void resumeRefusesADocumentNoRunWritesBeforeReadingItIntoARun(@TempDir Path tmp) throws Exception {
        StringBuilder json = new StringBuilder("{\"schema\":\"fluxlab.run/1\",\"cells\":[");
        for (int i = 0; i <= dev.fluxlab.model.suite.Suite.MAX_CELLS; i++) {
            json.append(i == 0 ? "" : ",").append("{\"id\":\"x").append(i).append("\"}");
        }
        Files.writeString(tmp.resolve(Runner.RESULTS_FILE), json.append("]}"));
        IOException many = assertThrows(dev.fluxlab.model.results.ResultsFile.Refused.class, () -> Runner.load(tmp));
        assertTrue(many.getMessage().contains("holds 10001 cells, more than a run can have (10000)"), many.getMessage());
        Files.writeString(tmp.resolve(Runner.RESULTS_FILE), "{\"schema\":\"fluxlab.run/1\",\"cells\":[{\"id\":\"a\",\"repeats\":[null]}]}");
        IOException hole = assertThrows(dev.fluxlab.model.results.ResultsFile.Refused.class, () -> Runner.load(tmp));
        assertTrue(hole.getMessage().contains("is damaged: cells[0].repeats[0] is null"), hole.getMessage());
    }
}
