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
        // spin until this thread has had 0.3 s of CPU (the JVM's own count), however busy the machine is
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpuEnd = mx.getCurrentThreadCpuTime() + 300_000_000L;
        long wallEnd = System.nanoTime() + 20_000_000_000L;
        double x = 0;
        while (mx.getCurrentThreadCpuTime() < cpuEnd && System.nanoTime() < wallEnd) {
            for (int i = 0; i < 10_000; i++) {
                x += Math.sqrt(x + 1);
            }
        }
        ProcReader.Reading after = ProcReader.read(pid).orElseThrow();
        double used = after.cpuS() - before.cpuS();
        // 0.3 s of CPU on one thread: /proc must have counted about as much (clock ticks of 10 ms)
        assertTrue(used >= 0.2, "CPU seconds counted while spinning: " + used + " (" + x + ")");
        assertTrue(ProcReader.clockTicks() > 0);
    }

    @Test
    void aTreeCountsTheCpuOfChildrenThatAlreadyEnded() throws Exception {
        // the parent runs a busy child to its end (the subshell), waits for it, then idles
        Process p = new ProcessBuilder("sh", "-c",
                "(i=0; while [ $i -lt 150000 ]; do i=$((i+1)); done); echo done; exec sleep 30")
                .redirectErrorStream(true).start();
        try {
            assertEquals("done", new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()))
                    .readLine());
            long pid = p.pid();
            double own = ProcReader.read(pid).orElseThrow().cpuS();
            double tree = ProcReader.readTree(List.of(pid)).orElseThrow().cpuS();
            double children = ProcReader.endedChildrenCpuS(pid);
            assertTrue(children >= 0.05, "the ended child's CPU, from the parent's cutime + cstime: " + children);
            assertEquals(own + children, tree, 0.02, "the tree adds it to its live processes' own CPU");
        } finally {
            p.destroyForcibly().waitFor();
        }
    }

    @Test
    void aMissingProcessIsEmpty() {
        assertTrue(ProcReader.read(Long.MAX_VALUE / 2).isEmpty());
    }

    @Test
    void interpolatesCpuBetweenSamples() {
        List<ProcessSample> s = List.of(new ProcessSample(0, 1.0, 1, 1, null, null), new ProcessSample(1, 2.0, 1, 1, null, null),
                new ProcessSample(3, 2.5, 1, 1, null, null));
        assertEquals(1.0, Sampler.cpuAt(s, -1), 1e-9);
        assertEquals(1.5, Sampler.cpuAt(s, 0.5), 1e-9);
        assertEquals(2.25, Sampler.cpuAt(s, 2), 1e-9);
        assertEquals(2.5, Sampler.cpuAt(s, 9), 1e-9);
        assertTrue(Double.isNaN(Sampler.cpuAt(List.of(), 1)));
    }
    @Test
    void machineCpuSplitsBusyFromIdle() {
        long hz = ProcReader.clockTicks();
        // user nice system idle iowait irq softirq steal guest guest_nice
        ProcReader.MachineReading m = ProcReader.machine("cpu  100 20 30 400 50 6 4 10 70 0");
        org.junit.jupiter.api.Assertions.assertEquals(170.0 / hz, m.busyS(), 1e-9, "guest time is inside user already");
        org.junit.jupiter.api.Assertions.assertEquals(450.0 / hz, m.idleS(), 1e-9);
        // and this machine's own /proc/stat is readable and counts up
        ProcReader.MachineReading a = ProcReader.readMachine().orElseThrow();
        org.junit.jupiter.api.Assertions.assertTrue(a.busyS() > 0 && a.idleS() >= 0, a.toString());
    }

    @Test
    void stealIsReadFromAFakeProcStatSequence(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        long hz = ProcReader.clockTicks();
        java.nio.file.Path stat = tmp.resolve("stat");
        java.nio.file.Files.writeString(stat, "cpu  100 20 30 400 50 6 4 10 70 0\ncpu0 50 10 15 200 25 3 2 5 35 0\n");
        ProcReader.MachineReading a = ProcReader.readMachine(stat).orElseThrow();
        java.nio.file.Files.writeString(stat, "cpu  150 20 30 500 50 6 4 60 70 0\n");
        ProcReader.MachineReading b = ProcReader.readMachine(stat).orElseThrow();
        assertEquals(10.0 / hz, a.stealS(), 1e-9);
        assertEquals(50.0 / hz, b.stealS() - a.stealS(), 1e-9, "steal over the window");
        assertEquals(100.0 / hz, b.busyS() - a.busyS(), 1e-9, "steal is inside busy");
        // an old kernel's line without the steal column: steal unknown, not zero
        org.junit.jupiter.api.Assertions.assertNull(ProcReader.machine("cpu  100 20 30 400 50 6 4").stealS());
        assertTrue(ProcReader.readMachine(tmp.resolve("missing")).isEmpty());
    }
}
