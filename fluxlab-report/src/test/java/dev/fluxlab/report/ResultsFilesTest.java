package dev.fluxlab.report;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultsFilesTest {

    @TempDir
    Path dir;

    @Test
    void readsAFolderOrTheFileAndRoundTripsThroughJson() throws Exception {
        RunResult run = Fixtures.run();
        Json.writeAtomically(dir.resolve("results.json"), run);
        RunResult fromDir = ResultsFiles.load(dir);
        RunResult fromFile = ResultsFiles.load(dir.resolve("results.json"));
        assertEquals(run.runId(), fromDir.runId());
        assertEquals(3, fromFile.cells().size());
        // what the report shows from the file is what it shows from memory
        assertEquals(TextReport.lines(ReportModel.of(run)), TextReport.lines(ReportModel.of(fromDir)));
        List<Path> written = ReportFiles.write(fromDir, dir);
        assertTrue(Files.readString(written.get(0)).contains("# fluxlab run"));
        assertTrue(Files.readString(written.get(1)).startsWith("<!DOCTYPE html>"));
    }

    @Test
    void missingResultsJsonIsAClearError() {
        ReportInputException e = assertThrows(ReportInputException.class, () -> ResultsFiles.load(dir));
        assertTrue(e.getMessage().contains("has no results.json"), e.getMessage());
        e = assertThrows(ReportInputException.class, () -> ResultsFiles.load(dir.resolve("nope")));
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
        // an empty path is no folder, not the working directory
        e = assertThrows(ReportInputException.class, () -> ResultsFiles.load(Path.of("")));
        assertEquals(dev.fluxlab.model.Refusal.emptyPath("the results folder"), e.getMessage());
    }

    @Test
    void unknownSchemaOrGarbageIsRefused() throws Exception {
        Files.writeString(dir.resolve("results.json"), "{\"schema\":\"fluxlab.run/99\",\"cells\":[]}");
        ReportInputException e = assertThrows(ReportInputException.class, () -> ResultsFiles.load(dir));
        assertTrue(e.getMessage().contains("fluxlab.run/99") && e.getMessage().contains(RunResult.SCHEMA), e.getMessage());
        Files.writeString(dir.resolve("results.json"), "{\"cells\":[]}");
        e = assertThrows(ReportInputException.class, () -> ResultsFiles.load(dir));
        assertTrue(e.getMessage().contains("no \"schema\""), e.getMessage());
        Files.writeString(dir.resolve("results.json"), "this is not json");
        e = assertThrows(ReportInputException.class, () -> ResultsFiles.load(dir));
        assertTrue(e.getMessage().contains("not a readable fluxlab results document"), e.getMessage());
    }

    /** 2,000,000 cells had run the report out of memory after 41 s; no run holds more than the suite's limit. */
    @Test
    void moreCellsThanARunCanHoldIsRefusedBeforeTheReport() throws Exception {
        StringBuilder json = new StringBuilder("{\"schema\":\"fluxlab.run/1\",\"cells\":[");
        for (int i = 0; i <= dev.fluxlab.model.suite.Suite.MAX_CELLS; i++) {
            json.append(i == 0 ? "" : ",").append("{\"id\":\"x").append(i).append("\"}");
        }
        Files.writeString(dir.resolve("results.json"), json.append("]}"));
        ReportInputException e = assertThrows(ReportInputException.class, () -> ResultsFiles.load(dir));
        assertTrue(e.getMessage().contains("holds 10001 cells, more than a run can have (10000)"), e.getMessage());

        StringBuilder repeats = new StringBuilder("{\"schema\":\"fluxlab.run/1\",\"cells\":[{\"id\":\"x\",\"repeats\":[");
        for (int i = 0; i <= 2 * dev.fluxlab.model.suite.Suite.MAX_REPEATS; i++) {
            repeats.append(i == 0 ? "" : ",").append("{\"repeat\":").append(i + 1).append("}");
        }
        Files.writeString(dir.resolve("results.json"), repeats.append("]}]}"));
        e = assertThrows(ReportInputException.class, () -> ResultsFiles.load(dir));
        assertTrue(e.getMessage().contains("holds a cell of 2001 repeats"), e.getMessage());
    }
}
