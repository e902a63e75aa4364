package dev.fluxlab.runner;

import dev.fluxlab.model.run.CellProfile;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.console.ConsoleListener;
import dev.fluxlab.runner.profile.ProfilerLibrary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A profiled run without a usable profiler library: one clear line, and the run goes on unprofiled. */
class ProfilerMissingTest {

    @Test
    void aMissingLibraryIsOneLineAndTheRunGoesOnUnprofiled(@TempDir Path tmp) throws Exception {
        Suite suite = Suite.parse("p.yaml", """
                targets: {fake: {}}
                scenarios: {a: {path: /a, expect: {status: 200}}}
                load: {connections: 2}
                warmup: 1s
                measure: 1s
                profile: [cpu, alloc]
                """);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Path missing = tmp.resolve("nowhere/libasyncProfiler.so");
        RunResult r = Runner.builder(FakeRegistry.registry(tmp.resolve("pids")))
                .listener(new ConsoleListener(new PrintWriter(console, true), false, run -> ""))
                .profiler(new ProfilerLibrary(missing, "java"))
                .grace(Duration.ofSeconds(2)).build()
                .run(suite, tmp.resolve("run"), null);

        assertEquals("complete", r.status());
        CellResult cell = r.cells().getFirst();
        assertTrue(cell.valid(), cell.reasons().toString());
        assertEquals(1, cell.repeats().size());
        List<String> lines = console.toString().lines().filter(l -> l.startsWith("not profiled")).toList();
        assertEquals(1, lines.size(), "one line for the run, not one per cell or mode: " + console);
        assertTrue(lines.getFirst().contains(missing.toString()) && lines.getFirst().contains("missing"), lines.getFirst());
        assertEquals(List.of("cpu", "alloc"), cell.profiles().stream().map(CellProfile::mode).toList());
        for (CellProfile p : cell.profiles()) {
            assertNull(p.repeat(), "no profiled repeat was run");
            assertEquals(List.of(lines.getFirst().substring("not profiled: ".length())), p.notes());
        }
        assertTrue(console.toString().lines().noneMatch(l -> l.contains("Exception")), console.toString());
    }
}
