package dev.fluxlab.runner.process;

import dev.fluxlab.model.run.ProcessSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runner's CPU figure of a process (its {@link Sampler}'s /proc readings over a {@link CpuWindow}) against a child
 * that burns a known amount of CPU: 0.5 s on each of two threads, one in user mode and one mostly in the kernel, as
 * the child's own thread CPU clocks count it; and nothing while it waits.
 */
class CpuOfAChildTest {

    @Test
    void aChildsCpuIsWhatItBurnedOnAllItsThreadsInUserAndKernelMode(@TempDir Path tmp) throws Exception {
        Supervisor supervisor = new Supervisor();
        Sampler sampler = new Sampler(System.nanoTime());
        try {
            ChildProcess child = ChildProcess.start("target", "burner", List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseSerialGC",
                    "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                    CpuBurnChild.class.getName()), tmp.resolve("burner.log"), null, supervisor, java.util.Map.of(), true);
            assertTrue(child.awaitLine("ready"::equals, Duration.ofSeconds(30)).isPresent(), child.lastLines(20));
            sampler.watch(child);
            PrintWriter in = new PrintWriter(child.process().getOutputStream(), true);

            double from = sample(sampler, child);
            in.println("burn 500");
            String burned = child.awaitLine(l -> l.startsWith("burned "), Duration.ofSeconds(60)).orElseThrow();
            double to = sample(sampler, child);
            double truth = Long.parseLong(burned.substring(7)) / 1e9;
            CpuWindow busy = new CpuWindow(from, to);
            double measured = busy.cpuS(sampler.samples(child));
            // the child's own clocks count at least the 1.0 s asked; /proc counts in 10 ms ticks at both ends, and
            // the child's JIT and collector add a little to what its two threads used (a 0.2 s margin on a busy
            // machine); a reader of the main thread alone, of user time alone, or at the wrong tick rate is off by half
            assertTrue(truth >= 1.0, "the child burned " + truth + " s");
            assertTrue(measured >= truth - 0.03 && measured <= truth + 0.2, "the runner counted " + measured
                    + " CPU-s of a child that burned " + truth);
            assertEquals(measured / (to - from), busy.cores(sampler.samples(child)), 1e-9);

            double idleFrom = sample(sampler, child);
            Thread.sleep(1000);
            double idleTo = sample(sampler, child);
            double idle = new CpuWindow(idleFrom, idleTo).cpuS(sampler.samples(child));
            // an idle JVM's own threads (its timers, a periodic safepoint check) use a few ms a second
            assertTrue(idle >= 0 && idle <= 0.05, "the runner counted " + idle + " CPU-s of a child that waited 1 s");
        } finally {
            sampler.close();
            supervisor.close(Duration.ofSeconds(2));
        }
    }

    /** Takes a sample of every watched process now; returns the time of {@code child}'s newest one. */
    private static double sample(Sampler sampler, ChildProcess child) {
        sampler.sampleNow();
        List<ProcessSample> s = sampler.samples(child);
        return s.get(s.size() - 1).t();
    }
}
