package dev.fluxlab.model.run;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FigureNameTest {

    @Test
    void partsOfEachKind() {
        assertEquals(FigureName.THROUGHPUT, FigureName.parse("throughput").figure());
        FigureName p99 = FigureName.parse("latency_p99_ms");
        assertEquals(FigureName.LATENCY, p99.figure());
        assertEquals("p99", p99.percentile());
        assertEquals("p999", FigureName.parse("p999_ms").percentile());
        FigureName cpu = FigureName.parse("cpu_cores.Backend");
        assertEquals("cpu_cores", cpu.figure());
        assertEquals("Backend", cpu.process());
        assertNull(FigureName.parse("rss_max_mb").process());
        FigureName ratio = FigureName.parse("cpu_per_request_us.injector/injector=fluxlab");
        assertTrue(ratio.isRatio());
        assertEquals("cpu_per_request_us", ratio.figure());
        assertEquals("injector", ratio.process());
        assertEquals("injector", ratio.ratioKnob());
        assertEquals("fluxlab", ratio.ratioValue());
    }

    @Test
    void aLongTextIsNoFigureAndTakesNoTime() {
        // the ratio pattern would backtrack over every split of the blanks: quadratic in their number
        String hostile = "x/" + "a".repeat(50_000) + "=" + " ".repeat(200_000) + "!/";
        long start = System.nanoTime();
        assertNull(FigureName.parse(hostile));
        assertTrue(System.nanoTime() - start < 1_000_000_000L, "refused by its length");
        assertTrue(FigureName.isFigure("throughput_rps/" + "k".repeat(200) + "=v"), "a long but real ratio");
    }

    @Test
    void unknownNamesAreRefused() {
        for (String bad : new String[]{"", " ", "req_per_sec", "latency_pfoo_ms", "bogus/target=netty", "cpu_cores.",
                "throughput_rps/target=", "cpu_cores.a/b", "latency_p0_ms", "latency_p100_ms", "latency_p95_ms",
                "latency_p999999999999999999999_ms"}) {
            assertFalse(FigureName.isFigure(bad), bad);
        }
        for (String name : FigureName.COMMON) {
            assertTrue(FigureName.isFigure(name), name);
        }
    }
}
