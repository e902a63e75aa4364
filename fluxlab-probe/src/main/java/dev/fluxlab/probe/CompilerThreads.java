package dev.fluxlab.probe;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalDouble;

/**
 * The CPU time a HotSpot JVM's JIT compiler threads have used, from {@code /proc/<pid>/task/<tid>/stat} of its
 * threads named {@code C1 CompilerThre} or {@code C2 CompilerThre} (Linux cuts thread names to 15 characters; the
 * dynamically added compiler threads carry the same names): whether the JVM is compiling right now, which its
 * performance counters cannot say ({@link dev.fluxlab.model.warmup.PendingCompiles}). Read without attaching, like
 * {@link HotSpotCounters}; a JVM that is gone, another user's, or a system without {@code /proc} reads as empty.
 */
public final class CompilerThreads {

    /**
     * Clock ticks per second of {@code /proc}'s CPU times: Linux's USER_HZ, 100 on every architecture the lab runs on
     * (the runner asks {@code getconf CLK_TCK} for its samples; this module starts no process).
     */
    static final double USER_HZ = 100;

    private CompilerThreads() {
    }

    /** Milliseconds of CPU JVM {@code pid}'s compiler threads have used so far; empty when unreadable. */
    public static OptionalDouble cpuMs(long pid) {
        return cpuMs(Path.of("/proc", Long.toString(pid), "task"));
    }

    /** The same from a {@code task} folder (tests give their own). */
    static OptionalDouble cpuMs(Path tasks) {
        long ticks = 0;
        boolean any = false;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(tasks)) {
            for (Path t : ds) {
                try {
                    if (!isCompiler(Files.readString(t.resolve("comm")).strip())) {
                        continue;
                    }
                } catch (IOException e) {
                    continue; // a thread that ended between the listing and the read
                }
                var stat = ProcStat.read(t.resolve("stat")); // empty: it ended meanwhile
                if (stat.isPresent()) {
                    ticks += stat.get().cpuTicks();
                    any = true;
                }
            }
        } catch (IOException | SecurityException e) {
            return OptionalDouble.empty();
        }
        return any ? OptionalDouble.of(ticks * 1000 / USER_HZ) : OptionalDouble.empty();
    }

    /** Whether a thread of this name is a HotSpot JIT compiler thread. */
    static boolean isCompiler(String comm) {
        return comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre");
    }
}
