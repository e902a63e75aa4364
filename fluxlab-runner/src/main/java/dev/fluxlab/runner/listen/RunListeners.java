package dev.fluxlab.runner.listen;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Cell;

import java.nio.file.Path;
import java.util.List;

/** Several listeners as one, called in order; a failing listener does not stop the others or the run. */
public final class RunListeners implements RunListener {

    private final List<RunListener> listeners;

    private RunListeners(List<RunListener> listeners) {
        this.listeners = List.copyOf(listeners);
    }

    public static RunListener of(RunListener... listeners) {
        return new RunListeners(List.of(listeners));
    }

    private void each(java.util.function.Consumer<RunListener> call) {
        for (RunListener l : listeners) {
            try {
                call.accept(l);
            } catch (RuntimeException e) {
                System.err.println("fluxlab: a run listener failed: " + e);
            }
        }
    }

    @Override
    public void runStarted(RunResult run, int cellsToRun, Path resultsFile) {
        each(l -> l.runStarted(run, cellsToRun, resultsFile));
    }

    @Override
    public void note(String line) {
        each(l -> l.note(line));
    }

    @Override
    public void cellStarted(Cell cell, Position position) {
        each(l -> l.cellStarted(cell, position));
    }

    @Override
    public void progress(Cell cell, Position position, Progress progress) {
        each(l -> l.progress(cell, position, progress));
    }

    @Override
    public void cellFinished(Cell cell, Position position, CellResult result) {
        each(l -> l.cellFinished(cell, position, result));
    }

    @Override
    public void notice(String line) {
        each(l -> l.notice(line));
    }

    @Override
    public void runFinished(RunResult run, Path resultsFile) {
        each(l -> l.runFinished(run, resultsFile));
    }
}
