package dev.fluxlab.runner.process;

import dev.fluxlab.model.run.ProcessSample;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuWindowTest {

    private static final List<ProcessSample> SAMPLES = List.of(new ProcessSample(0, 0, 1, 1, null, null),
            new ProcessSample(2, 1.0, 1, 1, null, null), new ProcessSample(4, 3.0, 1, 1, null, null), new ProcessSample(6, 3.5, 1, 1, null, null));

    @Test
    void theWindowStartsAtTheMeasureLineAndEndsWithTheLoadOrItsDuration() {
        assertEquals(new CpuWindow(1, 4), CpuWindow.of(1, 4.5, 3), "the document's duration ends it");
        assertEquals(new CpuWindow(1, 3), CpuWindow.of(1, 3, 10), "the load's end cuts it");
        assertEquals(new CpuWindow(2, 5), CpuWindow.of(Double.NaN, 5, 3), "no measure line: the duration before the end");
        assertFalse(CpuWindow.of(Double.NaN, Double.NaN, 3).measured());
        assertFalse(CpuWindow.of(5, 5, 3).measured());
    }

    @Test
    void processFiguresAreInterpolatedOverTheWindow() {
        CpuWindow w = new CpuWindow(1, 5);
        assertEquals(4, w.seconds(), 1e-9);
        // cpu at 1 = 0.5, at 5 = 3.25
        assertEquals(2.75, w.cpuS(SAMPLES), 1e-9);
        assertEquals(2.75 / 4, w.cores(SAMPLES), 1e-9);
        assertEquals(2.75 / 4 * 4 * 1e6 / 1000, w.cpuPerRequestUs(SAMPLES, 4, 1000), 1e-6);
        assertTrue(Double.isNaN(w.cpuPerRequestUs(SAMPLES, 4, 0)));
        assertTrue(Double.isNaN(CpuWindow.NONE.cpuS(SAMPLES)));
        assertTrue(Double.isNaN(CpuWindow.NONE.cores(SAMPLES)));
    }

    @Test
    void shareAndRounding() {
        assertEquals(0.25, CpuWindow.share(1, 4), 1e-9);
        assertTrue(Double.isNaN(CpuWindow.share(Double.NaN, 4)));
        assertTrue(Double.isNaN(CpuWindow.share(1, 0)));
        assertEquals(1.235, CpuWindow.round(1.23456, 3), 1e-12);
        assertTrue(Double.isNaN(CpuWindow.round(Double.NaN, 3)));
    }

    @Test
    void machineCoresIncludeStealWhenTheKernelCountsIt() {
        // 2 CPUs over 10 s: 20 CPU-seconds, of which 12 busy (2 of them stolen) and 8 idle
        List<Sampler.MachineSample> m = List.of(new Sampler.MachineSample(0, 100, 50, 5.0),
                new Sampler.MachineSample(10, 112, 58, 7.0));
        Sampler.MachineCores c = Sampler.machineCores(m, 0, 10).orElseThrow();
        assertEquals(1.2, c.busy(), 1e-9);
        assertEquals(0.8, c.idle(), 1e-9);
        assertEquals(0.2, c.steal(), 1e-9);
        List<Sampler.MachineSample> noSteal = List.of(new Sampler.MachineSample(0, 100, 50, null),
                new Sampler.MachineSample(10, 112, 58, null));
        assertNull(Sampler.machineCores(noSteal, 0, 10).orElseThrow().steal());
        assertTrue(Sampler.machineCores(m, -5, 10).isEmpty(), "a window the samples do not bracket");
    }
}
