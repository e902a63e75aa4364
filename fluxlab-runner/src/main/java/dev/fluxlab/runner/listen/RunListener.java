package dev.fluxlab.runner.listen;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Cell;

import java.nio.file.Path;

/**
 * What a run tells the outside world while it goes: the terminal progress line, the end table, reports.
 * The runner calls these from its own thread (progress from the injector's output thread); implementations must
 * be quick and must not throw.
 */
public interface RunListener {

    /** Before the first cell: the run document (status running) and how many cells will run now. */
    default void runStarted(RunResult run, int cellsToRun, Path resultsFile) {
    }

    /** A line worth telling before the cells: what preparing the suite's hosts did. */
    default void note(String line) {
    }

    /** A cell (one repeat of it) is about to start its processes. */
    default void cellStarted(Cell cell, Position position) {
    }

    /** Live figures of the running repeat; at most a few times a second. */
    default void progress(Cell cell, Position position, Progress progress) {
    }

    /** A cell finished (all its repeats) and was written to results.json. */
    default void cellFinished(Cell cell, Position position, CellResult result) {
    }

    /** A run-wide notice in one line (e.g. why the run goes on unprofiled). */
    default void notice(String line) {
    }

    /** The run ended (complete, interrupted or failed) and results.json is final. */
    default void runFinished(RunResult run, Path resultsFile) {
    }

    /** Where the run is: cell {@code cell} of {@code cells} in this invocation, repeat {@code repeat} of {@code repeats}. */
    record Position(int cell, int cells, int repeat, int repeats) {
    }

    /**
     * A live reading of a repeat.
     *
     * @param phase       {@code starting}, {@code warmup}, {@code measure} or {@code stopping}
     * @param t           seconds into the phase
     * @param phaseLength the phase's length (for an adaptive warm-up: its bound); 0 when unknown
     * @param boundOnly   true when {@code phaseLength} is a bound (adaptive warm-up)
     * @param rps         verified responses per second in the last second
     * @param ok          verified responses so far in the phase
     * @param errors      errors so far in the phase
     */
    record Progress(String phase, double t, double phaseLength, boolean boundOnly, double rps, long ok, long errors) {
    }

    /** A listener that ignores everything (every method is a no-op by default). */
    RunListener NONE = new RunListener() {
    };
}
