package dev.fluxlab.runner.process;

import dev.fluxlab.model.run.LogFinding;
import dev.fluxlab.runner.observe.LogScanner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every log fluxlab writes of a process is capped, its head and its tail kept, with a note for the cell, and the
 * findings scan still reads it (issue 38, finding 2: a -javaagent printing 8 KB lines had made a 3-second cell's target
 * log 1.7 GB, the cell valid with no note).
 */
class LogCapTest {

    private static final long CAP = 64L << 20;

    @Test
    void aFloodingProcessKeepsItsHeadAndTailWithinTheCap(@TempDir Path tmp) throws Exception {
        Path log = tmp.resolve("target.log");
        Supervisor supervisor = new Supervisor();
        // 160 MB of 8 KB lines, then a stack trace at the very end
        ChildProcess c = ChildProcess.start("target", "flood", List.of("sh", "-c",
                "echo first-line; yes \"$(head -c 8000 /dev/zero | tr '\\0' x)\" | head -n 20000;"
                        + " echo 'java.lang.OutOfMemoryError: Java heap space';"
                        + " echo '    at dev.fluxlab.Flood.main(Flood.java:1)'; echo last-line"),
                log, null, supervisor);
        try {
            c.process().waitFor();
            c.awaitOutput(Duration.ofSeconds(60));
            long size = Files.size(log);
            assertTrue(size <= CAP + 4096, "the log holds " + size + " bytes");
            List<String> head = Files.readAllLines(log).subList(0, 2);
            assertEquals("first-line", head.getFirst());
            String text = Files.readString(log);
            assertTrue(text.endsWith("last-line\n"), "the tail is kept");
            assertTrue(text.contains("[fluxlab] log truncated at 64 MB: "), "the log says where it was cut");
            assertNotNull(c.logProblem());
            assertTrue(c.logProblem().startsWith("log truncated at 64 MB: target.log keeps the first and the last"),
                    c.logProblem());
            List<LogFinding> found = LogScanner.scan("flood", log);
            assertTrue(found.stream().anyMatch(f -> f.kind().equals("OutOfMemoryError")), found.toString());
            try (var side = Files.list(tmp)) {
                assertEquals(List.of(log), side.toList(), "no side file is left");
            }
        } finally {
            supervisor.close(Duration.ofSeconds(1));
        }
    }

    @Test
    void linesEndAsBufferedReaderEndsThem() throws Exception {
        BoundedLines in = new BoundedLines(new java.io.StringReader("a\r\nb\rc\n\nd"));
        List<String> lines = new java.util.ArrayList<>();
        for (String l; (l = in.readLine()) != null; ) {
            lines.add(l);
        }
        assertEquals(List.of("a", "b", "c", "", "d"), lines);
    }

    @Test
    void aLineWithoutEndIsCut(@TempDir Path tmp) throws Exception {
        Path log = tmp.resolve("target.log");
        Supervisor supervisor = new Supervisor();
        ChildProcess c = ChildProcess.start("target", "noend", List.of("sh", "-c",
                "head -c 3000000 /dev/zero | tr '\\0' x; echo; echo after"), log, null, supervisor);
        try {
            c.process().waitFor();
            c.awaitOutput(Duration.ofSeconds(30));
            List<String> lines = Files.readAllLines(log);
            assertEquals(2, lines.size());
            assertEquals((1 << 20) + " [line cut at 1 MB]".length(), lines.getFirst().length());
            assertTrue(lines.getFirst().endsWith(" [line cut at 1 MB]"));
            assertEquals("after", lines.get(1));
            assertFalse(c.isAlive());
        } finally {
            supervisor.close(Duration.ofSeconds(1));
        }
    }
}
