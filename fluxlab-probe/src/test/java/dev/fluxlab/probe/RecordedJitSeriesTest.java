package dev.fluxlab.probe;

import dev.fluxlab.model.warmup.PendingCompiles;
import dev.fluxlab.model.warmup.WarmupPolicy;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The warm-up's JIT half on counter series recorded from live cold targets (resources {@code jit-series/}: one reading
 * a second of a target's hsperfdata and of its compiler threads' CPU, with the load's verified responses): the queue
 * rule ({@link PendingCompiles}) against the compile-rate rule it replaces where the compiler threads can be read.
 */
class RecordedJitSeriesTest {

    private static final long TARGET = 2;

    /** One recorded second. */
    record Row(int second, long ok, long compiles, double compileMs, long invalidations, double compilerCpuMs) {
    }

    static List<Row> series(String name) throws IOException {
        try (InputStream in = RecordedJitSeriesTest.class.getResourceAsStream("jit-series/" + name)) {
            assertNotNull(in, name);
            List<Row> out = new ArrayList<>();
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList()) {
                if (l.startsWith("#") || l.startsWith("second") || l.isBlank()) {
                    continue;
                }
                String[] f = l.split(",");
                out.add(new Row(Integer.parseInt(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]),
                        Double.parseDouble(f[3]), Long.parseLong(f[4]), Double.parseDouble(f[6])));
            }
            return out;
        }
    }

    private static JitSnapshot snapshot(Row r, boolean withCpu) {
        JitSnapshot s = new JitSnapshot(TARGET, r.second() * 1_000_000_000L, r.compiles(), r.compileMs(), 0,
                r.invalidations());
        return withCpu ? s.withCompilerCpuMs(r.compilerCpuMs()) : s;
    }

    /** The first second from which on {@code rows}' target reads as quiet to a JIT watch, or -1. */
    private static int firstQuiet(List<Row> rows, int from, boolean withCpu) {
        int[] at = {0};
        JitWatch watch = new JitWatch(-1, List.of(TARGET), pid -> pid == TARGET
                ? Optional.of(snapshot(rows.get(at[0]), withCpu)) : Optional.empty());
        for (at[0] = 1; at[0] < rows.size(); at[0]++) {
            watch.tick();
            if (at[0] >= from && watch.quiet()) {
                return rows.get(at[0]).second();
            }
        }
        return -1;
    }

    @Test
    void aDrainedQueueIsSeenASecondBeforeTheCompileRateWindowOnTheHttp11Target() throws IOException {
        List<Row> rows = series("reactor-netty-http11-cold.csv");
        // its compiler threads used 170 ms of CPU in second 12, none in 13, 20 ms in 14: drained at 14; the elapsed
        // compile time (415, 2, 49 ms) averages under 50 ms/s over 3 s only at 15
        assertEquals(14, firstQuiet(rows, 5, true));
        assertEquals(15, firstQuiet(rows, 5, false));
    }

    @Test
    void aLongCompilationInFlightKeepsTheQueueBusyWhereTheElapsedCounterPauses() throws IOException {
        List<Row> rows = series("reactor-netty-h2c-cold.csv");
        // seconds 24 and 25: the elapsed counter grew 2 ms each (a C2 compilation running, booked when it ended in
        // second 26: +3,609 ms) while the compiler threads used 60 and 50 ms of CPU; a 2 s window on the elapsed counter
        // would have called it quiet
        Row r23 = rows.get(23), r25 = rows.get(25);
        assertTrue((r25.compileMs() - r23.compileMs()) / 2 < WarmupPolicy.COMPILE_FLOOR_MS_PER_S);
        List<PendingCompiles.Reading> upTo25 = rows.subList(0, 26).stream()
                .map(r -> snapshot(r, true).pending()).toList();
        assertEquals(Boolean.FALSE, PendingCompiles.drained(upTo25, WarmupPolicy.COMPILE_FLOOR_MS_PER_S));
        // from the load's first compilations (second 5) to the recording's end the target never drained its queue
        assertEquals(-1, firstQuiet(rows, 5, true));
    }

    @Test
    void theJudgeEndsOnRecordedCountersWhenThroughputHasSettled() throws IOException {
        List<Row> rows = series("reactor-netty-http11-cold.csv");
        double[] flat = new double[rows.size()];
        Arrays.fill(flat, 20_000);
        assertEquals(14, judgeEnd(rows, flat, true), "queue drained and throughput flat");
        assertEquals(15, judgeEnd(rows, flat, false), "the compile-rate rule alone");
        // with the recorded (still rising) throughput neither rule ends the warm-up within the recording
        double[] recorded = rows.stream().mapToDouble(Row::ok).toArray();
        assertEquals(-1, judgeEnd(rows, recorded, true));
    }

    @Test
    void theStillCompilingH2cTargetIsNamedWhenTheBoundEndsItsWarmup() throws IOException {
        List<Row> rows = series("reactor-netty-h2c-cold.csv");
        int[] at = {0};
        JitWatch watch = new JitWatch(-1, List.of(TARGET), pid -> pid == TARGET
                ? Optional.of(snapshot(rows.get(at[0]), true)) : Optional.empty());
        WarmupJudge judge = new WarmupJudge(WarmupPolicy.auto(Duration.ZERO, Duration.ofSeconds(28)), watch);
        boolean over = false;
        for (at[0] = 1; at[0] < rows.size() && !over; at[0]++) {
            watch.tick();
            over = judge.second(rows.get(at[0]).ok(), at[0] * 1_000_000_000L);
        }
        assertFalse(over);
        assertFalse(judge.jitQuiet());
        assertTrue(judge.warnings().getFirst().contains("JVM 2 (target) was compiling"), judge.warnings().toString());
    }

    /** The second at which an automatic warm-up without a bound ends on {@code rows}' counters and {@code ok}, or -1. */
    private static int judgeEnd(List<Row> rows, double[] ok, boolean withCpu) {
        int[] at = {0};
        JitWatch watch = new JitWatch(-1, List.of(TARGET), pid -> pid == TARGET
                ? Optional.of(snapshot(rows.get(at[0]), withCpu)) : Optional.empty());
        WarmupJudge judge = new WarmupJudge(WarmupPolicy.auto(Duration.ZERO, Duration.ofMinutes(1)), watch);
        for (at[0] = 1; at[0] < rows.size(); at[0]++) {
            watch.tick();
            if (judge.second((long) ok[at[0]], at[0] * 1_000_000_000L)) {
                return rows.get(at[0]).second();
            }
        }
        return -1;
    }
}
