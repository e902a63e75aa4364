package dev.fluxlab.runner;

import com.fasterxml.jackson.databind.JsonNode;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.results.ResultsFile;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A results folder to continue ({@code fluxlab run --resume DIR}), and the rules that decide whether it can be: the
 * runner writes the folder (results.json, the suite copy, the recorded {@code --set} overrides and A/A setting), so
 * it alone says what a run in it was. Each refusal is a {@link Refused} whose message names the problem and the fix;
 * nothing is started before every rule has passed.
 *
 * @param dir      the folder
 * @param previous the run it holds so far
 */
public record Resume(Path dir, RunResult previous) {

    /** A folder that cannot be resumed; the message is complete (the command adds only its own name). */
    public static final class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }

    /**
     * Reads the run in {@code dir}.
     *
     * @throws Refused when it holds no results.json, or one that is not a run this fluxlab wrote or cannot be read
     */
    public static Resume open(Path dir) throws Refused {
        if (!Files.isRegularFile(dir.resolve(Runner.RESULTS_FILE))) {
            throw new Refused(dir + " has no " + Runner.RESULTS_FILE + "; give a results folder of an earlier run");
        }
        try {
            return new Resume(dir, Runner.load(dir));
        } catch (ResultsFile.Refused e) {
            throw new Refused("cannot resume: " + e.getMessage());
        } catch (IOException e) {
            throw new Refused("cannot resume from " + dir.resolve(Runner.RESULTS_FILE) + ": " + Json.problem(e)
                    + "; --resume takes the folder of an earlier run with its " + Runner.RESULTS_FILE + " intact");
        }
    }

    /** Whether the run ended with every cell done: there is nothing to resume. */
    public boolean complete() {
        return "complete".equals(previous.status());
    }

    /**
     * Whether the resumed run is an A/A run: as it was recorded, whatever was asked.
     *
     * @param asked whether {@code --aa} was given
     * @throws Refused when {@code --aa} was given for a run whose cells ran without A/A pairs
     */
    public boolean aa(boolean asked) throws Refused {
        boolean recorded = previous.settings() != null && Boolean.TRUE.equals(previous.settings().get("aa"));
        if (asked && !recorded) {
            throw new Refused("--aa cannot make the run in " + dir + " an A/A run, since its cells ran without A/A "
                    + "pairs; resume it without --aa, or start a new run with --aa");
        }
        return recorded;
    }

    /** The {@code --set} overrides the run recorded ({@code settings.set}), to apply again. */
    public List<String> overrides() {
        Object recorded = previous.settings() == null ? null : previous.settings().get(Suite.OVERRIDES);
        return recorded instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
    }

    /**
     * The run's own copy of its suite: the file it was started from may have changed since, and only the copy says
     * what ran.
     *
     * @throws Refused when the folder has no copy
     */
    public Path suiteCopy() throws Refused {
        Path copy = dir.resolve(Runner.SUITE_COPY);
        if (!Files.isRegularFile(copy)) {
            throw new Refused("cannot resume: " + dir + " has no " + Runner.SUITE_COPY + ", the copy of the suite its "
                    + "cells ran" + (previous.suiteFile() == null ? "" : "; if " + previous.suiteFile()
                    + ", which it was started from, is unchanged, copy it to " + copy + " and resume again"));
        }
        return copy;
    }

    /**
     * Checks that {@code suite} (the loaded suite copy with the recorded overrides) is the run the results describe.
     *
     * @throws Refused naming {@link #notTheSameRun why not}
     */
    public void check(Suite suite) throws Refused {
        String mixed = notTheSameRun(previous, suite);
        if (mixed != null) {
            throw new Refused("cannot resume " + dir + ": " + mixed + "; nothing was started");
        }
    }

    /**
     * Why the results a folder holds are not the run its suite copy describes, or null when they are: another suite's
     * name, settings other than the recorded ones (the suite copy edited since: 15 cells of 1 repeat of 4 s counted as
     * done under 3 repeats of 30 s), or measured cells the suite does not have (merged into a document that then
     * said "suite: tiny" over 16 quick cells). Settings only one side knows (an older fluxlab's document) are not
     * compared.
     */
    static String notTheSameRun(RunResult previous, Suite s) {
        if (previous.suite() != null && !previous.suite().equals(s.name())) {
            return "its results.json is of suite '" + previous.suite() + "' and its suite copy is suite '" + s.name()
                    + "'; the folder mixes two runs: start a new run";
        }
        if (previous.settings() != null) {
            JsonNode was = Json.mapper().valueToTree(previous.settings());
            JsonNode now = Json.mapper().valueToTree(s.settings());
            List<String> changed = new ArrayList<>();
            was.properties().forEach(e -> {
                if (now.has(e.getKey()) && !now.get(e.getKey()).equals(e.getValue())) {
                    changed.add(e.getKey() + ": " + e.getValue() + " -> " + now.get(e.getKey()));
                }
            });
            if (!changed.isEmpty()) {
                return "its suite copy's settings differ from the ones the run recorded (" + String.join(", ", changed)
                        + "): it was edited since; restore it, or start a new run";
            }
        }
        Set<String> ids = new HashSet<>();
        s.cells().forEach(c -> ids.add(c.id()));
        List<String> foreign = previous.cells() == null ? List.of() : previous.cells().stream()
                .map(CellResult::id).filter(id -> id != null && !ids.contains(id)).toList();
        if (!foreign.isEmpty()) {
            return foreign.size() + " measured cell(s) of its results.json are not cells of its suite copy (e.g. "
                    + foreign.get(0) + "); the folder mixes two runs: start a new run";
        }
        return null;
    }
}
