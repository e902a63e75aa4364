package dev.fluxlab.probe;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HotSpotCountersTest {

    private final List<Process> children = new ArrayList<>();

    @AfterEach
    void stopChildren() throws InterruptedException {
        for (Process p : children) {
            p.destroy();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void compileCountsOfAChildJvmRiseWhileItWorks() throws Exception {
        Child c = start();
        JitSnapshot before = HotSpotCounters.jit(c.pid()).orElseThrow();
        c.work();
        JitSnapshot after = HotSpotCounters.jit(c.pid()).orElseThrow();
        assertTrue(after.compiles() > before.compiles(), before + " -> " + after);
        assertTrue(after.compileMs() > before.compileMs(), before + " -> " + after);
        assertTrue(after.since(before).compileMsPerSecond() > 0);
        // the compiler threads' CPU is read beside the counters (Linux /proc) and reaches the activity
        var activity = after.since(before);
        assertTrue(activity.compilerCpuMs() != null && activity.compilerCpuMs() >= 0, activity.toString());
        assertEquals(0, after.bailouts() - before.bailouts(), "no compilation of this simple code is abandoned");
    }

    @Test
    void agreesWithJcmdPerfCounterPrint() throws Exception {
        Child c = start();
        c.work();
        JitSnapshot ours = HotSpotCounters.jit(c.pid()).orElseThrow();
        Map<String, Long> jcmd = jcmd(c.pid());
        JitSnapshot oursAfter = HotSpotCounters.jit(c.pid()).orElseThrow();
        // the attach itself may make the child compile a few methods: jcmd's figures lie between our two readings
        long compiles = jcmd.get("sun.ci.totalCompiles");
        assertTrue(ours.compiles() <= compiles && compiles <= oursAfter.compiles(),
                ours.compiles() + " <= " + compiles + " <= " + oursAfter.compiles());
        double ms = jcmd.get("java.ci.totalTime") * 1000.0 / jcmd.get("sun.os.hrt.frequency");
        assertTrue(ours.compileMs() <= ms + 1e-6 && ms <= oursAfter.compileMs() + 1e-6,
                ours.compileMs() + " <= " + ms + " <= " + oursAfter.compileMs());
        assertEquals(jcmd.get("sun.ci.totalInvalidates"), oursAfter.invalidations());
    }

    /**
     * jstat reads the same file without attaching (no compilation of its own in the child): its {@code -compiler}
     * columns (Compiled, Failed, Invalid, Time in seconds to two decimals) lie between two readings of ours taken
     * around it, the child's background compilations being the only difference.
     */
    @Test
    void agreesWithJstatCompiler() throws Exception {
        Child c = start();
        c.work();
        JitSnapshot ours = HotSpotCounters.jit(c.pid()).orElseThrow();
        String[] row = jstatCompiler(c.pid());
        JitSnapshot oursAfter = HotSpotCounters.jit(c.pid()).orElseThrow();
        long compiled = Long.parseLong(row[0]);
        assertTrue(ours.compiles() <= compiled && compiled <= oursAfter.compiles(),
                ours.compiles() + " <= " + compiled + " <= " + oursAfter.compiles());
        long failed = Long.parseLong(row[1]);
        assertTrue(ours.bailouts() <= failed && failed <= oursAfter.bailouts(), failed + " failed vs " + ours);
        long invalid = Long.parseLong(row[2]);
        assertTrue(ours.invalidations() <= invalid && invalid <= oursAfter.invalidations(), invalid + " vs " + ours);
        double seconds = Double.parseDouble(row[3]);
        // jstat rounds to 10 ms
        assertTrue(ours.compileMs() / 1e3 - 0.005 <= seconds && seconds <= oursAfter.compileMs() / 1e3 + 0.005,
                ours.compileMs() + " ms <= " + seconds + " s <= " + oursAfter.compileMs() + " ms");
        assertTrue(ours.compileMs() > 10, "the child compiled for a while: " + ours);
    }

    /**
     * A real JDK 25 hsperfdata file (a JVM that ran a loop of string work, copied from /tmp/hsperfdata_root) and what
     * jstat read from that very file ({@code -snap}, every counter, in the .txt beside it): every scalar long counter
     * (152) is read with jstat's value, and the JIT figures follow (1332 compilations, 1728582661 ticks at 1 GHz).
     */
    @Test
    void readsAFixtureFileAsJstatDoes() throws Exception {
        byte[] image;
        try (var in = new java.util.zip.GZIPInputStream(HotSpotCountersTest.class.getResourceAsStream(
                "hsperfdata-jdk25.gz"))) {
            image = in.readAllBytes();
        }
        Map<String, Long> jstat = new HashMap<>();
        try (var lines = new BufferedReader(new InputStreamReader(HotSpotCountersTest.class.getResourceAsStream(
                "hsperfdata-jdk25.jstat-snap.txt"), java.nio.charset.StandardCharsets.US_ASCII))) {
            lines.lines().filter(l -> !l.startsWith("#")).forEach(l -> {
                int eq = l.indexOf('=');
                jstat.put(l.substring(0, eq), Long.parseLong(l.substring(eq + 1)));
            });
        }
        // jstat also shows the file's prologue (its version, size, used bytes...) as sun.perfdata.* counters; they are
        // no entries
        jstat.keySet().removeIf(k -> k.startsWith("sun.perfdata."));
        Map<String, Long> ours = HotSpotCounters.parse(image).orElseThrow();
        assertEquals(152, jstat.size());
        java.util.Set<String> differ = new java.util.TreeSet<>(jstat.keySet());
        differ.addAll(ours.keySet());
        differ.removeIf(k -> java.util.Objects.equals(jstat.get(k), ours.get(k)));
        assertEquals(java.util.Set.of(), differ, "counters read otherwise than jstat did");
        JitSnapshot jit = HotSpotCounters.jit(1, 0, ours).orElseThrow();
        assertEquals(1332, jit.compiles());
        assertEquals(1728.582661, jit.compileMs(), 1e-9);
        assertEquals(0, jit.bailouts());
        assertEquals(0, jit.invalidations());
    }

    @Test
    void absentCountersAreEmptyNotAnError() throws Exception {
        assertTrue(HotSpotCounters.jit(Long.MAX_VALUE).isEmpty(), "no such process");
        Child noPerf = start("-XX:-UsePerfData");
        assertTrue(HotSpotCounters.jit(noPerf.pid()).isEmpty(), "a JVM started with -XX:-UsePerfData");
        assertTrue(HotSpotCounters.parse(new byte[64]).isEmpty(), "not a PerfData image");
        assertTrue(HotSpotCounters.parse(new byte[]{(byte) 0xca, (byte) 0xfe}).isEmpty(), "truncated");
        assertTrue(HotSpotCounters.longs(Path.of("/nonexistent/hsperfdata")).isEmpty());
    }

    @Test
    void readsItsOwnJvm() {
        assertTrue(HotSpotCounters.self().orElseThrow().compiles() > 0);
    }

    /** The data row of {@code jstat -compiler pid}: Compiled, Failed, Invalid, Time (s), FailedType, FailedMethod. */
    private static String[] jstatCompiler(long pid) throws IOException, InterruptedException {
        Path jstat = Path.of(System.getProperty("java.home"), "bin", "jstat");
        Process p = new ProcessBuilder(jstat.toString(), "-compiler", Long.toString(pid)).redirectErrorStream(true)
                .start();
        List<String> lines;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            lines = r.lines().toList();
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertTrue(lines.size() >= 2 && lines.get(0).trim().startsWith("Compiled Failed Invalid   Time"),
                "jstat -compiler printed " + lines);
        return lines.get(1).trim().split("\\s+");
    }

    private Map<String, Long> jcmd(long pid) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "PerfCounter.print")
                .redirectErrorStream(true).start();
        Map<String, Long> out = new HashMap<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            for (String line; (line = r.readLine()) != null; ) {
                int eq = line.indexOf('=');
                if (eq > 0 && line.substring(eq + 1).matches("-?\\d+")) {
                    out.put(line.substring(0, eq), Long.parseLong(line.substring(eq + 1)));
                }
            }
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertFalse(out.isEmpty(), "jcmd printed no counters");
        return out;
    }

    private Child start(String... jvmOptions) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of(jvmOptions));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), BusyChild.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        children.add(p);
        Child c = new Child(p, new BufferedReader(new InputStreamReader(p.getInputStream())),
                new PrintWriter(p.getOutputStream(), true));
        c.expect("ready");
        return c;
    }

    private record Child(Process process, BufferedReader out, PrintWriter in) {
        long pid() {
            return process.pid();
        }

        void work() throws IOException {
            in.println("work");
            expect("done");
        }

        void expect(String prefix) throws IOException {
            for (String line; (line = out.readLine()) != null; ) {
                if (line.startsWith(prefix)) {
                    return;
                }
            }
            throw new IOException("child ended before printing '" + prefix + "'");
        }
    }
}
