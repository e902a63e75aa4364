package dev.fluxlab.cli;

import dev.fluxlab.model.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reports a run writes at its end: when they cannot be written (a full disk; here a folder where summary.md goes)
 * the run says so on stderr and its exit code becomes 1, as {@code fluxlab report} on the same disk. It had printed
 * the line on stdout and exited 0.
 */
class RunReportFilesTest {

    @Test
    void reportsThatCannotBeWrittenAreAFailureOnStderr(@TempDir Path tmp) throws Exception {
        var run = ReportAndCompareCommandTest.run("run-a", new double[]{100_000, 101_000});
        Path dir = tmp.resolve("run");
        Json.writeAtomically(dir.resolve("results.json"), run);
        Files.createDirectories(dir.resolve("summary.md")); // where a file must go

        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        AtomicBoolean lost = new AtomicBoolean();
        RunCommand.listener(new PrintWriter(out, true), new PrintWriter(err, true), lost)
                .runFinished(run, dir.resolve("results.json"));
        assertTrue(lost.get());
        assertTrue(err.toString().startsWith("fluxlab run: could not write the reports (") && err.toString().contains("summary.md"), err.toString());
        assertTrue(err.toString().contains("fluxlab report " + dir), err.toString());
        assertFalse(out.toString().contains("could not write"), out.toString());

        Files.delete(dir.resolve("summary.md"));
        AtomicBoolean fine = new AtomicBoolean();
        StringWriter out2 = new StringWriter();
        RunCommand.listener(new PrintWriter(out2, true), new PrintWriter(new StringWriter(), true), fine)
                .runFinished(run, dir.resolve("results.json"));
        assertFalse(fine.get());
        assertEquals(2, out2.toString().lines().filter(l -> l.startsWith("wrote ")).count(), out2.toString());
    }
}
