package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fluxlab run} end to end with the real pieces: the Reactor Netty target and the Netty injector as child JVMs,
 * a tiny suite of three cells on two target configurations (a few seconds each), and the files a user reads afterwards.
 */
class RealRunTest {

    @Test
    void aTinySuiteRunsTheRealTargetAndInjectorAndWritesEveryFile(@TempDir Path tmp) throws Exception {
        Path suite = Files.writeString(tmp.resolve("tiny.yaml"), """
                name: tiny
                fork: shared
                targets:
                  reactor-netty:
                    knobs: {protocol: http1.1, transport: nio}
                    jvm: {heap: 128m}
                  other-heap:
                    target: reactor-netty
                    knobs: {protocol: http1.1, transport: nio}
                    jvm: {heap: 144m}
                scenarios:
                  plaintext: {path: /plaintext, expect: {status: 200, body: "Hello, World!", content_type: text/plain}}
                  json: {path: /json, expect: {status: 200, content_type: application/json}}
                load: {connections: 4}
                exclude:
                  - {target: other-heap, scenario: json}
                warmup: 1s
                measure: 2s
                tables:
                  - {title: tiny req/s, rows: [scenario], columns: [connections], value: throughput_rps}
                """);
        Path out = tmp.resolve("run");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("tiny req/s"), "the end table is printed: " + o.out());
        assertTrue(o.out().contains("report.html"), o.out());

        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        assertEquals(RunResult.SCHEMA, r.schema());
        assertEquals("complete", r.status());
        assertEquals(3, r.cells().size());
        for (CellResult c : r.cells()) {
            assertTrue(c.valid(), c.id() + ": " + c.reasons());
            RepeatResult rep = c.repeats().get(0);
            assertNotNull(rep.load(), c.id());
            assertTrue(rep.load().requestsOk() > 0, c.id() + " measured nothing");
            assertEquals(0, rep.load().errorCount(), c.id() + " errors: " + rep.load().errors());
            assertEquals("nio", rep.readiness().get(c.knobs().get("target")).get(Readiness.TRANSPORT));
            List<ProcessStats> ps = rep.processes();
            assertEquals(List.of("target", "injector"), ps.stream().map(ProcessStats::role).toList());
            for (ProcessStats p : ps) {
                assertTrue(p.cpuS() > 0, p.name() + " used no CPU in the measured phase?");
                assertTrue(p.rssMaxMb() > 10, p.name() + " RSS " + p.rssMaxMb());
            }
            assertTrue(c.summary().throughputRps().median() > 0);
            assertFalse(c.versions().isEmpty(), "library versions of the target classpath are recorded");
        }
        assertEquals(r.cells().get(0).id(), r.cells().get(1).repeats().get(0).targetsFrom(),
                "fork: shared ran the second cell on the first cell's target JVM");
        long injector0 = injectorPid(r.cells().get(0));
        assertEquals(injector0, injectorPid(r.cells().get(1)),
                "fork: shared ran the second cell's load in the first cell's injector JVM too");
        assertTrue(targetPid(r.cells().get(0)) != targetPid(r.cells().get(2)), "another heap is another target JVM");
        assertEquals(injector0, injectorPid(r.cells().get(2)),
                "the injector JVM is kept across target configurations, not only within one");
        for (CellResult c : r.cells()) {
            Path dir = out.resolve(c.dir());
            String log = Files.readString(dir.resolve("injector-1.log"));
            assertTrue(log.contains("/" + c.knobs().get("scenario")), "each cell's log holds its own load: " + log);
            assertEquals(1, log.lines().filter(l -> l.startsWith("fluxlab load http")).count(),
                    "and only its own: " + log);
            assertTrue(Files.readString(dir.resolve("injector-1.cmd")).contains("job of the injector JVM " + injector0),
                    "the command file says the load ran in the kept JVM");
        }
        assertNotNull(r.environment().jdk());

        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("tiny req/s"), md);
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("<canvas") || html.contains("chart"), "the report has charts");
        assertFalse(html.matches("(?s).*<script[^>]+src=\"https?://.*"), "the report loads nothing from the network");
    }

    private static long targetPid(CellResult c) {
        return c.repeats().get(0).processes().stream().filter(p -> p.role().equals("target")).findFirst()
                .orElseThrow().pid();
    }

    private static long injectorPid(CellResult c) {
        return c.repeats().get(0).processes().stream().filter(p -> p.role().equals("injector")).findFirst()
                .orElseThrow().pid();
    }
}
