package dev.fluxlab.runner.console;

import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The run's last line says how many cells are invalid: a newcomer's quick run ended with 'run complete: 16 cell(s) in
 * ...' above one INVALID cell, whose mark was a '!' in a wide table.
 */
class ConsoleListenerTest {

    private static CellResult cell(int index, boolean valid) {
        return new CellResult("c" + index, index, Map.of(), Map.of(), List.of(), null, valid,
                valid ? List.of() : List.of("zero throughput"), List.of(), null, null, null);
    }

    private static String lastLine(List<CellResult> cells) {
        StringWriter text = new StringWriter();
        RunResult run = new RunResult(RunResult.SCHEMA, "r", "s", null, null, "complete", null, null, null, List.of(),
                Map.of(), cells, null);
        new ConsoleListener(new PrintWriter(text, true), false, r -> "").runFinished(run, Path.of("results.json"));
        String[] lines = text.toString().strip().split("\n");
        return lines[lines.length - 1];
    }

    @Test
    void theLastLineCountsTheInvalidCells() {
        String line = lastLine(List.of(cell(1, true), cell(2, false), cell(3, true)));
        assertTrue(line.startsWith("run complete: 3 cell(s), 1 of them invalid (marked ! in the tables, with the reason) "
                + "in results.json"), line);
        assertEquals("run complete: 1 cell(s) in results.json", lastLine(List.of(cell(1, true))));
    }
}
