package dev.fluxlab.cli;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static dev.fluxlab.cli.ReportAndCompareCommandTest.fluxlab;
import static dev.fluxlab.cli.ReportAndCompareCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The disk as a user meets it at its worst (issue 38's hostile classes the first probe did not reach): a disk that fills
 * while a run is added to the history index, and a results folder on a read-only mount read by {@code report} and
 * {@code compare}. Root ignores permission bits, so both use a small tmpfs this test mounts (as root; skipped
 * otherwise, saying so): full, or remounted read-only.
 */
class HostileDiskTest {

    @TempDir
    Path tmp;

    private static RunResult dated(String id, int minute, double rps) {
        RunResult r = run(id, new double[]{rps * 0.995, rps, rps * 1.005}, new double[]{70_000});
        String t = String.format("2026-11-22T10:%02d:00Z", minute);
        return new RunResult(r.schema(), r.runId(), r.suite(), r.suiteFile(), r.description(), r.status(), t, t,
                r.environment(), r.tables(), r.settings(), r.cells(), r.noise());
    }

    private Path mount(String name, String size) throws Exception {
        Path mnt = Files.createDirectories(tmp.resolve(name));
        Assumptions.assumeTrue(sh("mount -t tmpfs -o size=" + size + " tmpfs '" + mnt + "'") == 0,
                "needs root to mount a tmpfs (a full or read-only disk); run the tests as root, as CI does");
        return mnt;
    }

    /** Fills the file system of {@code dir} to its last byte. */
    private static Path fill(Path dir) {
        Path filler = dir.resolve("filler");
        byte[] block = new byte[4096];
        try (OutputStream o = Files.newOutputStream(filler)) {
            while (true) {
                o.write(block);
            }
        } catch (IOException full) {
            // No space left on device: what the test wants
        }
        return filler;
    }

    /**
     * The disk fills while a finished run is added to the history index: the run's results stay whole, the run says
     * in one line that the index was not updated, and the index is not damaged: {@code fluxlab history} reads the
     * runs it had, and once there is room again the next run is added.
     */
    @Test
    void aDiskThatFillsDuringTheIndexWriteLosesNoResultsAndDamagesNoIndex() throws Exception {
        Path base = mount("results", "2m");
        try {
            for (int i = 0; i < 3; i++) {
                Json.writeAtomically(base.resolve("run-" + i).resolve("results.json"), dated("run-" + i, i, 100_000));
            }
            assertEquals(0, fluxlab("history", "--rebuild", base.toString()).exit());
            Path last = base.resolve("run-3").resolve("results.json");
            Json.writeAtomically(last, dated("run-3", 3, 120_000));
            byte[] results = Files.readAllBytes(last);
            Path filler = fill(base);

            StringWriter said = new StringWriter();
            HistoryCommand.recordRun(last.getParent(), new PrintWriter(said));
            List<String> lines = said.toString().lines().toList();
            assertEquals(1, lines.size(), "one line: " + said);
            assertTrue(lines.getFirst().contains("not added to the history index"), said.toString());
            assertArrayEquals(results, Files.readAllBytes(last), "the run's results.json is untouched");
            try (Stream<Path> left = Files.list(base)) {
                assertEquals(List.of(), left.map(p -> p.getFileName().toString())
                        .filter(n -> n.startsWith(".history.sqlite-")).toList(), "no journal left behind");
            }

            Files.delete(filler);
            var history = fluxlab("history", "--results", base.toString());
            assertEquals(0, history.exit(), history.err());
            assertTrue(history.out().contains("over 3 runs"), "the index kept its 3 runs: " + history.out());
            StringWriter again = new StringWriter();
            HistoryCommand.recordRun(last.getParent(), new PrintWriter(again));
            assertEquals("", again.toString(), "with room again the run is added");
            var after = fluxlab("history", "--results", base.toString());
            assertTrue(after.out().contains("over 4 runs"), after.out());
        } finally {
            sh("umount '" + base + "'");
        }
    }

    /**
     * A results folder on a read-only mount: {@code report} (which writes summary.md and report.html into it) says
     * which folder cannot be written and what to do, exits non-zero and leaves nothing half-written; {@code report
     * --json} and {@code compare}, which only read it, work.
     */
    @Test
    void aReadOnlyResultsFolderIsOneClearErrorOrJustRead() throws Exception {
        Path base = mount("ro", "1m");
        try {
            Path a = base.resolve("run-a");
            Path b = base.resolve("run-b");
            Json.writeAtomically(a.resolve("results.json"), dated("run-a", 0, 100_000));
            Json.writeAtomically(b.resolve("results.json"), dated("run-b", 1, 110_000));
            Assumptions.assumeTrue(sh("mount -o remount,ro '" + base + "'") == 0, "cannot remount the tmpfs read-only");
            List<String> before = listing(base);

            var report = fluxlab("report", a.toString());
            assertNotEquals(0, report.exit(), report.out());
            String err = report.err().strip();
            assertEquals(1, err.lines().count(), "one line: " + err);
            assertTrue(err.contains(a.toString()) && err.contains("read-only file system") && err.contains("copy the folder"), err);

            var compare = fluxlab("compare", a.toString(), b.toString());
            assertEquals(0, compare.exit(), compare.err());
            assertTrue(compare.out().contains("1.10x  better"), compare.out());
            assertEquals(before, listing(base), "nothing written on the read-only mount");
        } finally {
            sh("umount '" + base + "'");
        }
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.map(Path::toString).sorted().toList();
        }
    }

    private static int sh(String command) throws Exception {
        return new ProcessBuilder("sh", "-c", command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    }
}
