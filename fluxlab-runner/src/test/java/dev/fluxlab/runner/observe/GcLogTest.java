package dev.fluxlab.runner.observe;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class GcLogTest {

    private static final List<String> LOG = List.of(
            "[0.012s][info][gc] Using G1",
            "[1.500s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->3M(256M) 2.500ms",
            "[5.250s][info][gc] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 27M->4M(256M) 1.250ms",
            "[6.000s][info][gc] GC(2) Concurrent Mark Cycle 12.000ms",
            "[9.100s][info][gc] GC(3) Pause Remark 20M->20M(256M) 0,750ms");

    @Test
    void countsPausesInsideTheWindow() {
        GcLog.Pauses p = GcLog.parse(LOG, 5.0, 10.0);
        assertEquals(2, p.count());
        assertEquals(2.0, p.totalMs(), 1e-9);
        assertEquals("measured", p.scope());
    }

    @Test
    void zgcPausesComeFromPhases() {
        List<String> zgc = List.of(
                "[2.521s][info][gc] GC(0) Major Collection (Metadata GC Threshold)",
                "[2.530s][info][gc,phases] GC(0) Y: Pause Mark Start (Major) 0.011ms",
                "[2.600s][info][gc,phases] GC(0) Y: Pause Mark End 0.020ms",
                "[2.681s][info][gc] GC(0) Major Collection (Metadata GC Threshold) 132M(2%)->92M(2%) 0.161s");
        GcLog.Pauses p = GcLog.parse(zgc, Double.NaN, Double.NaN);
        assertEquals(2, p.count());
        assertEquals(0.031, p.totalMs(), 1e-9);
        assertEquals(List.of("-Xlog:gc,gc+phases:file=" + Path.of("g.log").toAbsolutePath() + ":uptime,level,tags"),
                GcLog.options(Path.of("g.log"), "ZGC"));
    }

    @Test
    void wholeRunWithoutAWindow() {
        GcLog.Pauses p = GcLog.parse(LOG, Double.NaN, Double.NaN);
        assertEquals(3, p.count());
        assertEquals(4.5, p.totalMs(), 1e-9);
        assertEquals("whole-run", p.scope());
    }
}
