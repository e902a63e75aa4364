package dev.fluxlab.probe;

import dev.fluxlab.model.run.MachineSpeed;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MachineSpeedProbeTest {

    @Test
    void workloadIsDeterministic() {
        ReferenceWorkload w = new ReferenceWorkload();
        assertEquals(ReferenceWorkload.CHECKSUM, w.run());
        assertEquals(ReferenceWorkload.CHECKSUM, w.run(), "the table is reset before every run");
    }

    @Test
    void measuresAPlausibleSpeedInAboutHalfASecond() {
        long t0 = System.nanoTime();
        MachineSpeed s = MachineSpeedProbe.measure();
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(MachineSpeedProbe.SAMPLES, s.samples());
        // at least 10 M operations per second: 2 M operations (one run) in 200 ms even on a busy shared core
        assertTrue(s.opsPerSecond() > 10e6, "speed " + s.opsPerSecond());
        assertTrue(s.relativeSpread() >= 0, "spread " + s.relativeSpread());
        assertTrue(seconds < 10, "took " + seconds + " s");
        Instant.parse(s.at());
    }

    @Test
    void bestSampleAndHowFarTheMedianFellShort() {
        MachineSpeed s = MachineSpeedProbe.of(new double[]{90, 110, 100, 80, 120}, Instant.EPOCH);
        assertEquals(120, s.opsPerSecond(), "disturbances only slow a CPU-bound loop: the best sample is the machine");
        assertEquals(20.0 / 120, s.relativeSpread(), 1e-4);
        assertEquals(5, s.samples());
        MachineSpeed even = MachineSpeedProbe.of(new double[]{100, 200}, Instant.EPOCH);
        assertEquals(200, even.opsPerSecond());
        assertEquals(0.25, even.relativeSpread(), 1e-9);
    }
}
