package dev.fluxlab.cli;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.fluxlab.cli.ReportAndCompareCommandTest.fluxlab;
import static dev.fluxlab.cli.ReportAndCompareCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code fluxlab history} over synthetic runs in a temporary results base (figures made up for the test). */
class HistoryCommandTest {

    @TempDir
    Path base;

    private Path write(String id, int minute, double epoll) throws Exception {
        RunResult r = run(id, new double[]{epoll * 0.995, epoll, epoll * 1.005}, new double[]{70_000});
        String t = String.format("2026-11-22T10:%02d:00Z", minute);
        RunResult dated = new RunResult(r.schema(), r.runId(), r.suite(), r.suiteFile(), r.description(), r.status(), t, t,
                r.environment(), r.tables(), r.settings(), r.cells(), r.noise());
        Path dir = base.resolve(id);
        Json.writeAtomically(dir.resolve("results.json"), dated);
        return dir;
    }

    @Test
    void runsAreRecordedAndTheHistoryShowsTheStepAndWritesTheChart() throws Exception {
        StringWriter first = new StringWriter();
        HistoryCommand.recordRun(write("run-0", 0, 100_000), new PrintWriter(first));
        assertTrue(first.toString().contains("not added to a history index") && first.toString().contains("--rebuild"),
                first.toString());
        assertFalse(Files.exists(base.resolve(".history.sqlite")), "a run elsewhere writes only its own folder");
        assertEquals(0, fluxlab("history", "--rebuild", base.toString()).exit());
        for (int i = 1; i < 8; i++) {
            StringWriter sink = new StringWriter();
            HistoryCommand.recordRun(write("run-" + i, i, i < 4 ? 100_000 : 120_000), new PrintWriter(sink));
            assertEquals("", sink.toString(), "recording is silent when it works");
        }
        Path html = base.resolve("out/trend.html");
        var r = fluxlab("history", "--results", base.toString(), "--cell", "*epoll*", "--html", html.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("suite synthetic: Throughput (req/s) over 8 runs"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("run-4") && l.contains("better")), r.out());
        assertFalse(r.out().contains("transport=nio"), "--cell keeps only epoll: " + r.out());
        String page = Files.readString(html);
        assertTrue(page.contains("data-charts-expected=\"1\""), "one chart");
        assertTrue(page.contains("Chart.js"), "Chart.js inlined");

        Path index = dev.fluxlab.history.HistoryIndex.file(base);
        byte[] before = Files.readAllBytes(index);
        var onIndex = fluxlab("history", "--results", base.toString(), "--html", index.toString());
        assertEquals(2, onIndex.exit(), onIndex.err());
        assertTrue(onIndex.err().contains("is the history index, which this command reads"), onIndex.err());
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(index)), "the index is untouched");
        for (String bad : java.util.List.of("/", "")) {
            var refused = fluxlab("history", "--results", base.toString(), "--html", bad);
            assertEquals(2, refused.exit(), refused.err());
            assertTrue(refused.err().contains(bad.isEmpty() ? dev.fluxlab.model.Refusal.emptyPath("--html") : "is a folder"),
                    refused.err());
        }

        var p99 = fluxlab("history", "synthetic", "--results", base.toString(), "--figure", "p99");
        assertEquals(0, p99.exit(), p99.err());
        assertTrue(p99.out().contains("Latency p99 (ms)"), p99.out());
    }

    @Test
    void rebuildIndexesExistingFoldersAndBadInputIsOneClearLine() throws Exception {
        write("a", 0, 100_000);
        write("b", 1, 100_000);
        var missing = fluxlab("history", "--results", base.toString());
        assertEquals(2, missing.exit());
        assertTrue(missing.err().contains("no history index at") && missing.err().contains("--rebuild"), missing.err());

        var rebuilt = fluxlab("history", "--rebuild", base.toString());
        assertEquals(0, rebuilt.exit(), rebuilt.err());
        assertTrue(rebuilt.out().contains("indexed 2 runs in " + base.toAbsolutePath().resolve(".history.sqlite")), rebuilt.out());

        var unknownSuite = fluxlab("history", "nope", "--results", base.toString());
        assertEquals(2, unknownSuite.exit());
        assertTrue(unknownSuite.err().contains("indexed suites: synthetic"), unknownSuite.err());
        var unknownFigure = fluxlab("history", "--results", base.toString(), "--figure", "bogus");
        assertEquals(2, unknownFigure.exit());
        assertTrue(unknownFigure.err().contains("indexed figures:"), unknownFigure.err());
        // an empty --figure printed the default figure (throughput) as if it had been asked for
        var emptyFigure = fluxlab("history", "--results", base.toString(), "--figure", "");
        assertEquals(2, emptyFigure.exit(), emptyFigure.out());
        assertEquals("", emptyFigure.out());
        assertTrue(emptyFigure.err().startsWith("fluxlab history: --figure needs a figure name (got an empty one)"),
                emptyFigure.err());
        var emptyCell = fluxlab("history", "--results", base.toString(), "--cell", " ");
        assertEquals(2, emptyCell.exit(), emptyCell.out());
        assertTrue(emptyCell.err().startsWith("fluxlab history: --cell needs a glob (got an empty one)"),
                emptyCell.err());

        Files.writeString(base.resolve(".history.sqlite"), "garbage ".repeat(600));
        var corrupt = fluxlab("history", "--results", base.toString());
        assertEquals(2, corrupt.exit());
        assertTrue(corrupt.err().contains("is not a readable fluxlab history index"), corrupt.err());
        assertFalse(corrupt.err().contains("\tat "), "no stack trace");
        assertEquals(0, fluxlab("history", "--rebuild", base.toString()).exit(), "a rebuild replaces a corrupt file");
        assertEquals(2, fluxlab("history", "--rebuild", base.resolve("none").toString()).exit(), "no such folder");
    }
}
