package dev.fluxlab.model.run;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FigureKindTest {

    @Test
    void eachKindIsNamedByItsKeyAndFoundByIt() {
        for (FigureKind kind : FigureKind.values()) {
            assertSame(kind, FigureKind.byKey(kind.key()).orElseThrow());
            String name = kind.form().kind() == FigureKind.Form.Kind.PERCENTILE
                    ? kind.form().prefix() + kind.form().percentiles().get(0) + kind.form().suffix() : kind.key();
            assertSame(kind, FigureName.parse(name).kind(), name);
        }
        assertEquals(FigureKind.keys(), FigureName.BASES);
        assertEquals(List.of("cpu_per_request_us", "cpu_cores", "rss_max_mb", "threads_max", "gc_pauses", "gc_pause_ms",
                "jit_ms"), FigureName.PER_PROCESS);
    }

    @Test
    void messagesListTheTablesNamesAsBefore() {
        // the wording of before the table; a figure added later joins the list, before the ratios
        String accepted = FigureName.accepted();
        assertTrue(accepted.startsWith("throughput_rps, latency_p50_ms, latency_p90_ms, latency_p99_ms, latency_p999_ms, "
                + "latency_max_ms, error_rate, errors, cpu_per_request_us, cpu_cores, rss_max_mb, warmup_s (also "
                + "latency_mean_ms, latency_p75_ms, latency_p9999_ms, and cpu_cores.<process> etc. for a named process, "
                + "log_findings, "), accepted);
        assertTrue(accepted.endsWith("and ratios such as throughput_rps/target=netty)"), accepted);
    }

    @Test
    void anUndeclaredBaseFigureIsRefusedNamingTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new FigureName("safepoint_ms", "safepoint_ms", null, null, null, null));
        assertTrue(e.getMessage().startsWith("unknown figure 'safepoint_ms'; accepted: throughput_rps, latency, "),
                e.getMessage());
    }

    @Test
    void labelsUnitsDirectionsAndFormatsAreTheTables() {
        assertEquals("Latency p99", FigureName.parse("latency_p99_ms").kind().label(FigureName.parse("latency_p99_ms")));
        assertEquals("CPU cores of backend", FigureKind.CPU_CORES.label(FigureName.parse("cpu_cores.backend")));
        assertEquals("Max RSS of the target", FigureKind.RSS_MAX_MB.label(FigureName.parse("rss_max_mb")));
        assertTrue(FigureKind.THROUGHPUT.higherIsBetter());
        for (FigureKind kind : List.of(FigureKind.LATENCY, FigureKind.ERROR_RATE, FigureKind.ERRORS,
                FigureKind.CPU_PER_REQUEST_US, FigureKind.CPU_CORES, FigureKind.RSS_MAX_MB, FigureKind.WARMUP_S,
                FigureKind.LOG_FINDINGS)) {
            assertEquals(FigureKind.Direction.LOWER, kind.direction(), kind.key());
        }
        assertEquals(FigureKind.Format.PERCENT, FigureKind.ERROR_RATE.format());
        assertEquals("µs/req", FigureKind.CPU_PER_REQUEST_US.unit());
    }

    @Test
    void eachKindIsReadFromItsPartOfTheSummary() {
        Stat rps = new Stat(100, 90, 110, 100, 5, 3);
        Stat p99 = new Stat(2, 1, 3, 2, 0.5, 3);
        Stat rss = new Stat(64, 60, 70, 64, 2, 3);
        CellSummary summary = new CellSummary(rps, Map.of("p99", p99), null, null, null, null, Map.of("t", rss), null);
        assertEquals(rps, FigureValue.of(FigureName.parse("throughput"), cell(summary)));
        assertEquals(p99, FigureValue.of(FigureName.parse("p99_ms"), cell(summary)));
        assertEquals(rss, FigureValue.of(FigureName.parse("rss_max_mb.t"), cell(summary)));
        assertEquals(0, FigureValue.of(FigureName.parse("errors"), cell(summary)).n(), "absent: no value, never null");
    }

    @Test
    void threadsGcAndTheMeasuredPhaseAreReadFromTheUsedRepeats() {
        ProcessStats target = new ProcessStats("target", "t", 1, 1, 10, 0.5, 100, 40, 12L, 35.5, null, false, null,
                null, "measured");
        ProcessStats injector = new ProcessStats("injector", "fluxlab-load", 2, 1, 10, 0.5, 100, 9, null, null, null,
                false, null, null, null);
        ProcessStats target2 = new ProcessStats("target", "t", 1, 1, 10, 0.5, 100, 44, 14L, 40.5, null, false, null,
                null, "measured");
        RepeatResult r1 = repeat(1, List.of(target, injector), 5.0);
        RepeatResult r2 = repeat(2, List.of(target2, injector), 7.0);
        CellResult cell = new CellResult("c", 1, Map.of(), Map.of(), List.of(r1, r2), null, true, List.of(), List.of(),
                null, null, null);
        assertEquals(42, FigureValue.of(FigureName.parse("threads_max"), cell).median(), 1e-9);
        assertEquals(9, FigureValue.of(FigureName.parse("threads_max.fluxlab-load"), cell).median(), 1e-9);
        assertEquals(13, FigureValue.of(FigureName.parse("gc_pauses"), cell).median(), 1e-9);
        assertEquals(38, FigureValue.of(FigureName.parse("gc_pause_ms.t"), cell).median(), 1e-9);
        assertEquals(0, FigureValue.of(FigureName.parse("gc_pauses.fluxlab-load"), cell).n(), "unknown: no value");
        assertEquals(6, FigureValue.of(FigureName.parse("measure_s"), cell).median(), 1e-9);
        assertEquals("Max threads of the target", FigureKind.THREADS_MAX.label(FigureName.parse("threads_max")));
    }

    @Test
    void transferIsTheBytesReceivedOverTheMeasuredPhaseInKbAndUnknownWithoutACount() {
        RepeatResult counted1 = repeat(1, List.of(), 2.0, 2L * 1024 * 500);    // 500 KB/s
        RepeatResult counted2 = repeat(2, List.of(), 4.0, 4L * 1024 * 700);    // 700 KB/s
        CellResult cell = new CellResult("c", 1, Map.of(), Map.of(), List.of(counted1, counted2), null, true,
                List.of(), List.of(), null, null, null);
        FigureName name = FigureName.parse("transfer_kb_s");
        assertEquals(600, FigureValue.of(name, cell).median(), 1e-9);
        assertEquals(600, FigureValue.of(FigureName.parse("transfer"), cell).median(), 1e-9, "its short name");
        assertEquals("Transfer", FigureKind.TRANSFER.label(name));
        assertEquals("KB/s", FigureKind.TRANSFER.unit());
        CellResult old = new CellResult("c", 1, Map.of(), Map.of(), List.of(repeat(1, List.of(), 2.0)), null, true,
                List.of(), List.of(), null, null, null);
        assertEquals(0, FigureValue.of(name, old).n(), "a document without bytes_received: no value, not 0");
    }

    private static RepeatResult repeat(int n, List<ProcessStats> processes, double durationS, long bytes) {
        dev.fluxlab.model.load.LoadResult load = dev.fluxlab.model.Json.mapper().convertValue(
                Map.of("schema", "fluxlab.load/1", "duration_s", durationS, "throughput_rps", 100.0,
                        "bytes_received", bytes), dev.fluxlab.model.load.LoadResult.class);
        return dev.fluxlab.model.Json.mapper().convertValue(Map.of("repeat", n, "valid", true, "load", load,
                "processes", processes), RepeatResult.class);
    }

    private static RepeatResult repeat(int n, List<ProcessStats> processes, double durationS) {
        dev.fluxlab.model.load.LoadResult load = dev.fluxlab.model.Json.mapper().convertValue(
                Map.of("schema", "fluxlab.load/1", "duration_s", durationS, "throughput_rps", 100.0),
                dev.fluxlab.model.load.LoadResult.class);
        return dev.fluxlab.model.Json.mapper().convertValue(Map.of("repeat", n, "valid", true, "load", load,
                "processes", processes), RepeatResult.class);
    }

    private static CellResult cell(CellSummary summary) {
        return new CellResult("c", 1, Map.of(), Map.of(), List.of(), summary, true, List.of(), List.of(), null, null,
                null);
    }
}
