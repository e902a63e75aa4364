package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.load.LatencyHistograms;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.ProcessPlacement;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunResult;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code fluxlab run} with placement, end to end: the Reactor Netty target pinned to CPU 0 and the injector to CPU 1
 * (each JVM reports the one processor it sees, and the command lines carry taskset), then the same target loaded by
 * two injectors whose documents merge exactly (the merged histogram is the sum of theirs, counts add up). The second
 * cell reuses the first one's warm target ({@code fork: shared}), and the warm-up is automatic (bounded): a cold
 * target on one CPU of a busy 2-core machine can answer nothing in its first seconds.
 */
class PlacedRunTest {

    @Test
    void pinnedProcessesSeeTheirCpusAndTwoInjectorsMerge(@TempDir Path tmp) throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2
                && Files.readString(Path.of("/sys/devices/system/cpu/online")).strip().startsWith("0-"),
                "needs CPUs 0 and 1 online");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/taskset")), "taskset (util-linux) is not installed");
        Path suite = Files.writeString(tmp.resolve("placed.yaml"), """
                name: placed
                placement: exclusive
                fork: shared
                targets:
                  reactor-netty:
                    cpus: "0"
                    knobs: {protocol: http1.1, transport: nio}
                    jvm: {heap: 128m}
                scenarios:
                  plaintext: {path: /plaintext, expect: {status: 200, body: "Hello, World!", content_type: text/plain}}
                load: {connections: 4, injectors: [1, 2], cpus: "1"}
                warmup: auto
                warmup_max: 15s
                measure: 2s
                thresholds: {require_stable_warmup: false}
                """);
        Path out = tmp.resolve("run");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        // exclusive placement refuses two injectors sharing CPU 1: the suite is rejected before anything starts
        assertEquals(2, o.code(), o.out() + o.err());
        assertTrue(o.err().contains("placed.yaml:11") && o.err().contains("share CPU 1"), o.err());

        Files.writeString(suite, Files.readString(suite).replace("placement: exclusive", "placement: free"));
        o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        assertEquals(0, o.code(), o.out() + o.err());
        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        assertEquals("free: reactor-netty=0 injector=1; reactor-netty=0 injector-1=1 injector-2=1",
                r.environment().placement());
        assertEquals(2, r.cells().size());

        CellResult one = r.cells().get(0);
        RepeatResult rep = one.repeats().getFirst();
        assertTrue(rep.load().requestsOk() > 0, "measured nothing: " + one.reasons());
        assertEquals(List.of(new ProcessPlacement("reactor-netty", "local", "0", 1, null),
                new ProcessPlacement("injector", "local", "1", 1, null)), rep.placement());
        Path cellDir = Files.list(out.resolve("cells")).sorted().findFirst().orElseThrow();
        assertTrue(Files.readString(cellDir.resolve("reactor-netty-1.cmd")).startsWith("taskset -c 0 "));
        assertTrue(Files.readString(cellDir.resolve("injector-1.cmd")).startsWith("taskset -c 1 "));

        CellResult two = r.cells().get(1);
        RepeatResult merged = two.repeats().getFirst();
        assertEquals(2, merged.injectors().size(), "each injector's own document is kept");
        LoadResult a = merged.injectors().get(0);
        LoadResult b = merged.injectors().get(1);
        assertEquals(List.of(2, 2), List.of(a.connections(), b.connections()), "4 connections split 2 + 2");
        assertTrue(a.requestsOk() > 0 && b.requestsOk() > 0, "both injectors measured: " + two.reasons());
        assertEquals(a.requestsOk() + b.requestsOk(), merged.load().requestsOk());
        assertEquals(a.throughputRps() + b.throughputRps(), merged.load().throughputRps(), 1e-6);
        Histogram sum = LatencyHistograms.decode(a.histogram());
        sum.add(LatencyHistograms.decode(b.histogram()));
        assertEquals(LatencyHistograms.summary(sum), merged.load().latencyMs().corrected(),
                "percentiles come from the added histograms");
        assertTrue(Math.abs(a.measureStartMs() - b.measureStartMs()) < 1000,
                "the gate started both measured phases together: " + a.measureStartMs() + " vs " + b.measureStartMs());
        assertEquals(List.of("reactor-netty", "injector-1", "injector-2"),
                merged.placement().stream().map(ProcessPlacement::process).toList());

        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("## Placement") && md.contains("## Several injectors"), md);
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("id=\"placement\"") && html.contains("id=\"injectors\""), "report sections");
    }
}
