package dev.fluxlab.probe;

import dev.fluxlab.model.load.JitActivity;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class JitSnapshotTest {

    @Test
    void theActivityCarriesTheCompilerThreadsCpuWhenBothReadingsHaveIt() {
        JitSnapshot a = new JitSnapshot(1, 1_000_000_000L, 100, 400.0, 0, 0, 250.0);
        JitSnapshot b = new JitSnapshot(1, 5_000_000_000L, 205, 708.4, 0, 0, 370.0);
        JitActivity d = b.since(a);
        assertEquals(4.0, d.seconds(), 1e-9);
        assertEquals(105, d.compiles());
        assertEquals(308.4, d.compileMs(), 1e-9);
        assertEquals(120.0, d.compilerCpuMs(), 1e-9);
        assertEquals(30.0, d.workMsPerSecond(), 1e-9);
    }

    @Test
    void noCompilerCpuWhenEitherReadingLacksItOrItWentDown() {
        JitSnapshot counted = new JitSnapshot(1, 0, 100, 400.0, 0, 0, 250.0);
        JitSnapshot unread = new JitSnapshot(1, 4_000_000_000L, 205, 708.4, 0, 0);
        assertNull(unread.since(counted).compilerCpuMs());
        assertNull(counted.since(unread).compilerCpuMs());
        // a dynamically added compiler thread that ended took its CPU time with it: the difference would undercount
        JitSnapshot shrunk = new JitSnapshot(1, 4_000_000_000L, 205, 708.4, 0, 0, 200.0);
        JitActivity d = shrunk.since(counted);
        assertNull(d.compilerCpuMs());
        assertEquals(308.4 / 4, d.workMsPerSecond(), 1e-9, "the elapsed time is judged instead");
    }
}
