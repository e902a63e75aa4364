package dev.fluxlab.runner;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.console.ConsoleListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** End to end with fake target and injector processes (test-only mains): real child JVMs, real /proc sampling. */
class RunnerEndToEndTest {

    static List<Long> pids(Path pidDir) throws IOException {
        if (!Files.isDirectory(pidDir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(pidDir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".pid"))
                    .map(n -> Long.parseLong(n.substring(0, n.length() - 4))).toList();
        }
    }

    static void assertNoneAlive(Path pidDir) throws IOException {
        List<Long> pids = pids(pidDir);
        assertFalse(pids.isEmpty(), "the fakes wrote no pid files");
        for (long pid : pids) {
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "child " + pid + " survived");
        }
    }

    @Test
    void runsCellsJudgesThemAndWritesResults(@TempDir Path tmp) throws Exception {
        Path pidDir = tmp.resolve("pids");
        Suite suite = Suite.parse("tiny.yaml", """
                name: tiny
                targets:
                  fake:
                    knobs: {mode: [ok, crash, never-ready, oom, warn]}
                scenarios:
                  a: {path: /a, expect: {status: 200}}
                load: {connections: 2}
                warmup: auto
                warmup_max: 3s
                measure: 2s
                startup_timeout: 3s
                """);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Runner runner = Runner.builder(FakeRegistry.registry(pidDir))
                .listener(new ConsoleListener(new PrintWriter(console, true), false, run -> ""))
                .grace(Duration.ofSeconds(2)).build();
        Path dir = tmp.resolve("run");
        RunResult r = runner.run(suite, dir, null);

        assertEquals("complete", r.status());
        RunResult stored = Json.read(dir.resolve("results.json"), RunResult.class);
        assertEquals(RunResult.SCHEMA, stored.schema());
        assertEquals(5, stored.cells().size());
        assertTrue(Files.exists(dir.resolve("suite.yaml")));
        assertNotNull(stored.environment().kernel());

        CellResult ok = stored.cells().get(0);
        assertTrue(ok.valid(), ok.reasons().toString());
        RepeatResult rep = ok.repeats().get(0);
        assertEquals(2000, rep.load().requestsOk());
        assertEquals(1000.0, ok.summary().throughputRps().median(), 1e-9);
        assertEquals(2, rep.processes().size());
        ProcessStats target = rep.processes().get(0);
        assertEquals("target", target.role());
        assertFalse(target.samples().isEmpty());
        assertTrue(target.rssMaxMb() > 0);
        assertTrue(target.threadsMax() > 1);
        assertEquals("measured", target.gcScope());
        assertTrue(Files.exists(dir.resolve(target.log())), target.log());
        ProcessStats injector = rep.processes().get(1);
        assertEquals("injector", injector.role());
        assertTrue(injector.cpuS() > 0, "injector CPU in the measured phase: " + injector.cpuS());
        assertNotNull(rep.measuredS());
        assertEquals("nio", rep.readiness().get("fake").get(Readiness.TRANSPORT),
                "the transport the target reports is kept");
        assertTrue(Files.readString(dir.resolve(ok.dir()).resolve("injector-1.cmd")).contains("--warmup auto --warmup-max 3s"));

        CellResult crash = stored.cells().get(1);
        assertFalse(crash.valid());
        assertTrue(crash.reasons().stream().anyMatch(s -> s.contains("fake (exit code 3) exited before the run ended")),
                crash.reasons().toString());

        CellResult never = stored.cells().get(2);
        assertFalse(never.valid());
        assertTrue(never.reasons().get(0).contains("did not print its readiness line within 3s"), never.reasons().toString());
        assertTrue(never.reasons().get(0).contains("fake target starting"), "shows the log tail: " + never.reasons());

        CellResult oom = stored.cells().get(3);
        assertFalse(oom.valid());
        assertTrue(oom.reasons().stream().anyMatch(s -> s.contains("OutOfMemoryError")), oom.reasons().toString());

        CellResult warn = stored.cells().get(4);
        assertTrue(warn.valid(), warn.reasons().toString());
        assertTrue(warn.reasons().stream().anyMatch(s -> s.startsWith("warning: ") && s.contains("Http2Exception")),
                warn.reasons().toString());

        String text = console.toString();
        System.out.println(text);
        assertTrue(text.contains("[cell 1/5] fake ok | measure"), text);
        assertTrue(text.contains("run complete: 5 cell(s)"), text);
        assertTrue(text.contains("| INVALID"), text);
        assertNoneAlive(pidDir);
        assertTrue(runner.liveChildren().isEmpty());
    }

    @Test
    void sharedForkReusesIdenticalTargetsAndCountsLogFindingsOncePerCell(@TempDir Path tmp) throws Exception {
        Path pidDir = tmp.resolve("pids");
        Suite suite = Suite.parse("shared.yaml", """
                name: shared
                fork: shared
                targets:
                  fake:
                    knobs: {mode: [ok, warn]}
                scenarios:
                  a: {path: /a}
                load: {connections: [1, 2]}
                warmup: auto
                warmup_max: 1s
                cold_warmup_min: 1s
                measure: 1s
                """);
        Runner runner = Runner.builder(FakeRegistry.registry(pidDir)).grace(Duration.ofSeconds(2)).build();
        RunResult r = runner.run(suite, tmp.resolve("run"), null);

        assertEquals("complete", r.status());
        assertEquals(4, r.cells().size());
        // the cold minimum goes to the injector of each group's first cell only, whose targets were just started
        for (int i = 0; i < 4; i++) {
            String cmd = Files.readString(tmp.resolve("run").resolve(r.cells().get(i).dir()).resolve("injector-1.cmd"));
            assertEquals(i % 2 == 0, cmd.contains("--warmup-min 1s"), "cell " + (i + 1) + ": " + cmd);
        }
        long[] targetPids = new long[4];
        for (int i = 0; i < 4; i++) {
            CellResult c = r.cells().get(i);
            assertTrue(c.valid(), c.id() + ": " + c.reasons());
            ProcessStats target = c.repeats().get(0).processes().get(0);
            assertEquals("target", target.role());
            assertFalse(target.samples().isEmpty(), "a shared target is sampled in every cell");
            assertFalse(Double.isNaN(target.cpuS()), "CPU of a shared target is measured in every cell");
            targetPids[i] = target.pid();
        }
        assertEquals(targetPids[0], targetPids[1], "cells 1 and 2 have identical targets: one JVM");
        assertEquals(targetPids[2], targetPids[3], "cells 3 and 4 have identical targets: one JVM");
        assertTrue(targetPids[0] != targetPids[2], "another target configuration starts another JVM");
        assertEquals(null, r.cells().get(0).repeats().get(0).targetsFrom());
        assertEquals(r.cells().get(0).id(), r.cells().get(1).repeats().get(0).targetsFrom());
        assertEquals(r.cells().get(2).id(), r.cells().get(3).repeats().get(0).targetsFrom());
        assertTrue(r.cells().get(2).reasons().stream().anyMatch(s -> s.contains("Http2Exception")),
                "the first cell of the warn target sees its log line: " + r.cells().get(2).reasons());
        assertTrue(r.cells().get(3).reasons().stream().noneMatch(s -> s.contains("Http2Exception")),
                "the next cell on the same target does not count it again: " + r.cells().get(3).reasons());
        assertEquals("shared", r.settings().get("fork"));
        assertNoneAlive(pidDir);
        assertTrue(runner.liveChildren().isEmpty());
    }

    /**
     * repeat_order: interleaved runs repeat 1 of each cell of a target group in order and repeat 2 in reverse
     * (A B B A) on one shared target JVM, then the next group; results stay per cell, in cell order.
     */
    @Test
    void interleavedRepeatsRunABBAWithinEachTargetGroup(@TempDir Path tmp) throws Exception {
        Path pidDir = tmp.resolve("pids");
        Suite suite = Suite.parse("abba.yaml", """
                name: abba
                fork: shared
                repeat_order: interleaved
                repeats: 2
                targets:
                  fake:
                    knobs: {mode: ok, workers: [1, 2]}
                scenarios:
                  a: {path: /a}
                load: {connections: [1, 2]}
                warmup: 0s
                measure: 1s
                """);
        Runner runner = Runner.builder(FakeRegistry.registry(pidDir)).grace(Duration.ofSeconds(2)).build();
        RunResult r = runner.run(suite, tmp.resolve("run"), null);

        assertEquals("complete", r.status());
        assertEquals(4, r.cells().size());
        assertEquals("interleaved", r.settings().get("repeat_order"));
        for (CellResult c : r.cells()) {
            assertTrue(c.valid(), c.id() + ": " + c.reasons());
            assertEquals(List.of(1, 2), c.repeats().stream().map(RepeatResult::repeat).toList());
            for (RepeatResult rr : c.repeats()) {
                assertNotNull(rr.machine(), "the whole machine's CPU in the window");
                assertTrue(rr.machine().cores() >= 1 && rr.machine().busyCores() >= 0 && rr.machine().idleCores() >= 0,
                        rr.machine().toString());
            }
        }
        // per group (workers=1: cells 1, 2; workers=2: cells 3, 4): A1 < B1 < B2 < A2, and group 1 before group 2
        for (int g = 0; g < 2; g++) {
            CellResult a = r.cells().get(2 * g);
            CellResult b = r.cells().get(2 * g + 1);
            List<Instant> order = List.of(start(a, 0), start(b, 0), start(b, 1), start(a, 1));
            assertEquals(order.stream().sorted().toList(), order, "A1 B1 B2 A2 in group " + (g + 1));
            long pid = a.repeats().get(0).processes().get(0).pid();
            for (CellResult c : List.of(a, b)) {
                for (RepeatResult rr : c.repeats()) {
                    assertEquals(pid, rr.processes().get(0).pid(), "one shared target JVM per group");
                }
            }
        }
        assertTrue(start(r.cells().get(0), 1).isBefore(start(r.cells().get(2), 0)), "a group finishes before the next starts");
        assertNoneAlive(pidDir);
    }

    private static Instant start(CellResult c, int repeat) {
        return Instant.parse(c.repeats().get(repeat).startedAt());
    }

    @Test
    void startsSeveralProcessesInOrderAndLoadsTheEntry(@TempDir Path tmp) throws Exception {
        Path pidDir = tmp.resolve("pids");
        Suite suite = Suite.parse("chain.yaml", """
                targets:
                  chain:
                    entry: frontend
                    processes:
                      backend: {target: fake, knobs: {transport: nio}}
                      frontend: {target: fake, knobs: {upstream: "http://127.0.0.1:${backend.port}/"}}
                scenarios: {a: {path: /a}}
                warmup: 0s
                measure: 1s
                """);
        RunResult r = Runner.builder(FakeRegistry.registry(pidDir)).grace(Duration.ofSeconds(2)).build()
                .run(suite, tmp.resolve("run"), null);
        CellResult c = r.cells().get(0);
        assertTrue(c.valid(), c.reasons().toString());
        RepeatResult rep = c.repeats().get(0);
        assertEquals(List.of("backend", "frontend", "injector"), rep.processes().stream().map(ProcessStats::name).toList());
        String backendPort = rep.readiness().get("backend").get(Readiness.PORT);
        String frontendPort = rep.readiness().get("frontend").get(Readiness.PORT);
        Path cellDir = tmp.resolve("run").resolve(c.dir());
        assertTrue(Files.readString(cellDir.resolve("frontend-1.cmd")).contains("--upstream=http://127.0.0.1:" + backendPort + "/"));
        assertTrue(rep.load().target().startsWith("http://127.0.0.1:" + frontendPort + "/a"), rep.load().target());
        assertEquals("backend.transport=nio", c.id().split(",")[1]);
        assertNoneAlive(pidDir);
    }

    @Test
    void errorRateAndUnstableWarmupInvalidate(@TempDir Path tmp) throws Exception {
        Path pidDir = tmp.resolve("pids");
        Suite suite = Suite.parse("bad.yaml", """
                targets: {fake: {}}
                scenarios:
                  errors: {path: /errors}
                  unstable: {path: /unstable}
                  warned: {path: /warned}
                warmup_max: 1s
                measure: 1s
                """);
        RunResult r = Runner.builder(FakeRegistry.registry(pidDir)).grace(Duration.ofSeconds(2)).build()
                .run(suite, tmp.resolve("run"), null);
        CellResult errors = r.cells().get(0);
        assertFalse(errors.valid());
        assertTrue(errors.reasons().get(0).startsWith("error rate 9.09 % above the 0.100 % threshold"), errors.reasons().toString());
        CellResult unstable = r.cells().get(1);
        assertFalse(unstable.valid());
        assertTrue(unstable.reasons().get(0).startsWith("warm-up never stabilised"), unstable.reasons().toString());
        // what the injector's document warns of and no figure carries is the repeat's warning, and no more
        CellResult warned = r.cells().get(2);
        assertTrue(warned.valid(), warned.reasons().toString());
        assertEquals(List.of("warning: the server allows only 100 concurrent streams per connection: -m 128 was capped "
                + "to 100"), warned.repeats().get(0).reasons(), warned.reasons().toString());
        assertNoneAlive(pidDir);
    }

    @Test
    void aSelfLoadingTargetRunsWithoutInjectorAndStatsAreCollected(@TempDir Path tmp) throws Exception {
        Path pidDir = tmp.resolve("pids");
        Suite suite = Suite.parse("self.yaml", """
                targets:
                  loader:
                    entry: client
                    processes:
                      backend: {target: fake, knobs: {mode: stats}}
                      client: {target: fake-loader, knobs: {upstream: "http://127.0.0.1:${backend.port}"}}
                scenarios: {get: {path: /get}}
                load: {connections: 3}
                warmup: 0s
                measure: 1s
                """);
        RunResult r = Runner.builder(FakeRegistry.registry(pidDir)).grace(Duration.ofSeconds(2)).build()
                .run(suite, tmp.resolve("run"), null);
        CellResult c = r.cells().get(0);
        assertTrue(c.valid(), c.reasons().toString());
        RepeatResult rep = c.repeats().get(0);
        assertEquals(List.of("backend", "client"), rep.processes().stream().map(ProcessStats::name).toList(),
                "no injector process");
        assertEquals(500, rep.load().requestsOk());
        assertEquals(3, rep.load().connections());
        assertTrue(rep.processes().stream().noneMatch(ProcessStats::crashed), "exit 0 of the loader is no crash");
        Path cellDir = tmp.resolve("run").resolve(c.dir());
        String cmd = Files.readString(cellDir.resolve("client-1.cmd"));
        assertTrue(cmd.contains("--connections=3") && cmd.contains("--path=/get") && cmd.contains("--json="), cmd);
        @SuppressWarnings("unchecked")
        Map<String, Object> stats = (Map<String, Object>) rep.targetStats().get("backend");
        assertTrue(String.valueOf(stats.get("loops")).contains("fake-loop-1"), String.valueOf(stats));
        assertNoneAlive(pidDir);
    }
}
