package dev.fluxlab.runner.process;

import dev.fluxlab.model.run.ProcessSample;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcReaderTest {

    @Test
    void readsThisJvm() {
        long pid = ProcessHandle.current().pid();
        ProcReader.Reading before = ProcReader.read(pid).orElseThrow();
        assertTrue(before.rssMb() > 10, "a JVM has more than 10 MiB resident: " + before.rssMb());
        assertTrue(before.threads() >= Thread.activeCount(), "threads: " + before.threads());
        long end = System.nanoTime() + 300_000_000L;
        double x = 0;
        while (System.nanoTime() < end) {
            x += Math.sqrt(x + 1);
        }
        ProcReader.Reading after = ProcReader.read(pid).orElseThrow();
        double used = after.cpuS() - before.cpuS();
        // 0.3 s of spinning on one thread: at least a few clock ticks must have been counted
        assertTrue(used >= 0.1, "CPU seconds counted while spinning: " + used + " (" + x + ")");
        assertTrue(ProcReader.clockTicks() > 0);
    }

    @Test
    void aMissingProcessIsEmpty() {
        assertTrue(ProcReader.read(Long.MAX_VALUE / 2).isEmpty());
    }

    @Test
    void interpolatesCpuBetweenSamples() {
        List<ProcessSample> s = List.of(new ProcessSample(0, 1.0, 1, 1), new ProcessSample(1, 2.0, 1, 1),
                new ProcessSample(3, 2.5, 1, 1));
        assertEquals(1.0, Sampler.cpuAt(s, -1), 1e-9);
        assertEquals(1.5, Sampler.cpuAt(s, 0.5), 1e-9);
        assertEquals(2.25, Sampler.cpuAt(s, 2), 1e-9);
        assertEquals(2.5, Sampler.cpuAt(s, 9), 1e-9);
        assertTrue(Double.isNaN(Sampler.cpuAt(List.of(), 1)));
    }
}
