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
        assertEquals(List.of("cpu_per_request_us", "cpu_cores", "rss_max_mb", "jit_ms"), FigureName.PER_PROCESS);
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
                () -> new FigureName("gc_pause_ms", "gc_pause_ms", null, null, null, null));
        assertTrue(e.getMessage().startsWith("unknown figure 'gc_pause_ms'; accepted: throughput_rps, latency, "),
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

    private static CellResult cell(CellSummary summary) {
        return new CellResult("c", 1, Map.of(), Map.of(), List.of(), summary, true, List.of(), List.of(), null, null,
                null);
    }
}
