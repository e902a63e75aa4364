package dev.fluxlab.runner.process;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChildProcessTest {

    /**
     * A log that cannot be written (here /dev/full, as a disk that filled mid-run) stops the copy, not the reading:
     * the runner still hears every line, e.g. the injector's progress and end lines it waits for under
     * {@code fork: shared}. Before, the first failed write ended the read loop and the run waited a minute for its
     * injector's end line.
     */
    @Test
    void aLogThatCannotBeWrittenDoesNotStopTheLines() throws Exception {
        Path full = Path.of("/dev/full");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isWritable(full), "/dev/full is needed");
        Supervisor supervisor = new Supervisor();
        AtomicInteger heard = new AtomicInteger();
        ChildProcess c = ChildProcess.start("injector", "full", List.of("sh", "-c",
                "i=0; while [ $i -lt 3000 ]; do echo line $i; i=$((i+1)); done; echo fluxlab-load-end"),
                full, line -> heard.incrementAndGet(), supervisor);
        try {
            assertTrue(c.awaitLine(l -> l.equals("fluxlab-load-end"), Duration.ofSeconds(20)).isPresent(),
                    "the last line arrives though the log is full");
            c.awaitOutput(Duration.ofSeconds(5));
            assertEquals(3001, heard.get());
            assertNotNull(c.logProblem());
            assertTrue(c.logProblem().contains("/dev/full") && c.logProblem().contains("No space left"), c.logProblem());
        } finally {
            supervisor.close(Duration.ofSeconds(1));
        }
    }

    /**
     * A kept process's next log replaces what an interrupted attempt of the same repeat left there (--resume), and is
     * added to only when the process comes back to it. The resumed run's injector-1.log had held both attempts.
     */
    @Test
    void aKeptProcessReplacesALogLeftByAnEarlierAttempt(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        Path first = tmp.resolve("injector-1.log");
        Path next = tmp.resolve("injector-2.log");
        Files.writeString(next, "an interrupted attempt's line\n");
        Supervisor supervisor = new Supervisor();
        ChildProcess c = ChildProcess.start("injector", "kept", List.of("sh", "-c", "echo one; sleep 1; echo two"),
                first, null, supervisor);
        try {
            assertTrue(c.awaitLine("one"::equals, Duration.ofSeconds(10)).isPresent());
            c.logTo(next);
            c.awaitOutput(Duration.ofSeconds(10));
            assertEquals("one\n", Files.readString(first));
            assertEquals("two\n", Files.readString(next), "the earlier attempt's line is gone");
        } finally {
            supervisor.close(Duration.ofSeconds(1));
        }
    }
}
