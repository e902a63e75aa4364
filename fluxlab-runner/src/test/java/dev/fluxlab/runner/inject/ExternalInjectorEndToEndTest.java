package dev.fluxlab.runner.inject;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteException;
import dev.fluxlab.runner.Runner;
import dev.fluxlab.runner.registry.HostPlatform;
import dev.fluxlab.runner.registry.SuiteValidator;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One wrk cell end to end: a real HTTP target process, a wrk warm-up run and a measured run, the parsed document,
 * the tool's CPU sampled from /proc. CI installs wrk (.ci/run), so a missing wrk fails here with the package name.
 */
class ExternalInjectorEndToEndTest {

    private static final String REGISTRY = """
            injector:
              main: unused
            targets:
              http:
                main: dev.fluxlab.runner.fake.FakeHttpTarget
                jvm: [-XX:TieredStopAtLevel=1]
                http10_keep_alive: false
            """;

    @Test
    void wrkCell(@TempDir Path tmp) throws Exception {
        assertTrue(ExternalInjectors.locate("wrk").isPresent(),
                "wrk is not installed: install Debian's package wrk (apt-get install wrk); .ci/run does");
        TargetRegistry registry = TargetRegistry.parse(REGISTRY);
        Suite suite = Suite.parse("wrk.yaml", """
                name: wrk-e2e
                targets: {http: {}}
                scenarios:
                  plaintext: {path: /plaintext}
                load: {connections: [4, 8], in_flight: 1, threads: 1, injector: wrk}
                fork: shared
                warmup: auto
                warmup_max: 4s
                measure: 2s
                startup_timeout: 20s
                thresholds: {injector_saturation: 1.0}
                """);
        new SuiteValidator(registry, new HostPlatform()).validate(suite);
        Runner runner = Runner.builder(registry).grace(Duration.ofSeconds(2)).build();
        RunResult r = runner.run(suite, tmp.resolve("run"), null);

        assertEquals("complete", r.status());
        CellResult cell = r.cells().get(0);
        assertEquals("wrk", cell.knobs().get("injector"));
        LoadResult load = cell.repeats().get(0).load();
        assertNotNull(load, cell.reasons().toString());
        assertEquals("wrk", load.injector());
        assertTrue(load.requestsOk() > 0, "wrk measured nothing: " + cell.reasons());
        assertEquals(load.requestsOk() / load.durationS(), load.throughputRps(), 0.01);
        // wrk's Transfer/sec: at least a status line ("HTTP/1.1 200 OK\r\n", 17 bytes) per response, and the cell's
        // transfer figure is that rate in KB/s
        assertTrue(load.bytesReceived() != null && load.bytesReceived() >= 17 * load.requestsOk(),
                load.bytesReceived() + " bytes for " + load.requestsOk() + " responses");
        assertEquals(load.bytesPerS() / 1024, dev.fluxlab.model.run.FigureValue.of(
                dev.fluxlab.model.run.FigureName.parse("transfer_kb_s"), cell).median(), 1e-9);
        assertTrue(load.warmupS() >= 1, "the warm-up ran as its own unrecorded wrk run: " + load.warmupS());
        assertFalse(Double.isNaN(load.latencyMs().corrected().p99()));
        // wrk watches no JVM: the runner recorded the target's JIT over the measured run, so a cell measured while
        // the target still compiled says so as a cell of fluxlab's injector does
        assertTrue(load.watchedJvms() != null && load.watchedJvms().stream().anyMatch(w ->
                dev.fluxlab.model.load.WatchedJvm.TARGET.equals(w.role()) && w.measured() != null
                        && w.measured().seconds() > 0), String.valueOf(load.watchedJvms()));
        ProcessStats inj = cell.repeats().get(0).processes().stream().filter(p -> p.role().equals("injector"))
                .findFirst().orElseThrow();
        // five samples a second while wrk ran (CPU itself may round to 0 ticks on a tiny, shared run)
        assertTrue(inj.samples().size() >= 5, "wrk was sampled from /proc: " + inj.samples());
        assertTrue(inj.rssMaxMb() > 0, inj.toString());
        assertTrue(load.injectorCpuS() >= 0 && !Double.isNaN(inj.cpuPerRequestUs()), inj.toString());
        Path cellDir = tmp.resolve("run").resolve(cell.dir());
        assertTrue(Files.readString(cellDir.resolve("injector-1.cmd")).contains("--script"));
        assertTrue(Files.readString(cellDir.resolve("wrk-pipeline-1.lua")).contains("local depth = 1"));
        assertTrue(Files.exists(cellDir.resolve("injector-warmup-1.log")));
        assertTrue(Json.read(cellDir.resolve("load-1.json"), LoadResult.class).requestsOk() > 0);
        // an auto warm-up: its whole bound against the freshly started target, a short one once the target is warm
        assertTrue(Files.readString(cellDir.resolve("injector-warmup-1.cmd")).contains("--duration 4s"));
        CellResult second = r.cells().get(1);
        assertTrue(second.valid(), second.reasons().toString());
        assertEquals(cell.id(), second.repeats().get(0).targetsFrom(), "the second cell reused the warm target");
        assertTrue(Files.readString(tmp.resolve("run").resolve(second.dir()).resolve("injector-warmup-1.cmd"))
                .contains("--duration " + dev.fluxlab.runner.drive.ExternalToolDriver.WARM_TARGETS_WARMUP.toSeconds() + "s"));
    }

    @Test
    void wrkCannotRunH2c() {
        TargetRegistry registry = TargetRegistry.parse(REGISTRY);
        Suite suite = Suite.parse("bad.yaml", """
                targets: {http: {}}
                scenarios: {p: {path: /plaintext}}
                load: {connections: 4, protocol: h2c, injector: [fluxlab, wrk]}
                """);
        SuiteException e = assertThrows(SuiteException.class,
                () -> new SuiteValidator(registry, new HostPlatform()).validate(suite));
        assertTrue(e.getMessage().contains("HTTP/1.1 only"), e.getMessage());
        assertTrue(e.getMessage().contains("injector"), e.getMessage());
    }

    @Test
    void unknownInjectorIsNamed() {
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("bad.yaml", """
                targets: {http: {}}
                scenarios: {p: {path: /plaintext}}
                load: {connections: 4, injector: jmeter}
                """));
        assertTrue(e.getMessage().contains("fluxlab, wrk, h2load, ab"), e.getMessage());
    }
}
