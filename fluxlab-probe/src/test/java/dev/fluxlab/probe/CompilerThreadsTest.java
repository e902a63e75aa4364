package dev.fluxlab.probe;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The compiler threads' CPU from {@code /proc/<pid>/task}: which threads count and how their stat lines are read. */
class CompilerThreadsTest {

    private static void thread(Path tasks, int tid, String comm, long utime, long stime) throws IOException {
        Path t = Files.createDirectories(tasks.resolve(Integer.toString(tid)));
        Files.writeString(t.resolve("comm"), comm + "\n");
        Files.writeString(t.resolve("stat"), tid + " (" + comm + ") S 1 1 1 0 -1 4194368 10 0 0 0 " + utime + " "
                + stime + " 0 0 20 0 1 0 100 0 0\n");
    }

    @Test
    void sumsTheC1AndC2CompilerThreadsOnly(@TempDir Path tasks) throws IOException {
        thread(tasks, 11, "java", 500, 20);
        thread(tasks, 12, "C2 CompilerThre", 120, 3);
        thread(tasks, 13, "C1 CompilerThre", 40, 1);
        thread(tasks, 14, "reactor-http-ep", 900, 80);
        assertEquals(1640.0, CompilerThreads.cpuMs(tasks).getAsDouble(), 1e-9, "(120+3+40+1) ticks of 10 ms");
    }

    @Test
    void aJvmWithoutCompilerThreadsOrAFolderThatIsGoneReadsAsUnknown(@TempDir Path tasks) throws IOException {
        thread(tasks, 11, "java", 500, 20);
        assertFalse(CompilerThreads.cpuMs(tasks).isPresent());
        assertFalse(CompilerThreads.cpuMs(tasks.resolve("gone")).isPresent());
    }

    @Test
    void aCompilerThreadWhoseStatLineIsUnreadableIsLeftOut(@TempDir Path tasks) throws IOException {
        thread(tasks, 12, "C2 CompilerThre", 120, 3);
        Path torn = Files.createDirectories(tasks.resolve("13"));
        Files.writeString(torn.resolve("comm"), "C1 CompilerThre\n");
        Files.writeString(torn.resolve("stat"), "13 (C1 CompilerThre) S 1");
        assertEquals(1230.0, CompilerThreads.cpuMs(tasks).getAsDouble(), 1e-9, "the C2 thread's 123 ticks only");
    }

    @Test
    void thisJvmsOwnCompilerThreadsAreRead() {
        OptionalDouble self = CompilerThreads.cpuMs(ProcessHandle.current().pid());
        assertTrue(self.isPresent(), "a HotSpot JVM on Linux has C1/C2 compiler threads");
        assertTrue(self.getAsDouble() >= 0);
        assertTrue(HotSpotCounters.self().map(s -> !Double.isNaN(s.compilerCpuMs())).orElse(true),
                "the counters of this JVM carry its compiler CPU when they are readable");
    }
}
