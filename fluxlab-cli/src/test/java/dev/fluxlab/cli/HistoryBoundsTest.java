package dev.fluxlab.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fluxlab.history.HistoryIndex;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static dev.fluxlab.cli.ReportAndCompareCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dry run's warning when a suite's warm-up bound is below a target's time to steady state in the history of its
 * results folder (synthetic earlier runs: their warm-up seconds are made up for the test).
 */
class HistoryBoundsTest {

    @TempDir
    Path base;

    /** An earlier run whose first cell started a cold reactor-netty that settled after {@code warmupS}. */
    private void earlier(String id, int minute, double warmupS) throws Exception {
        RunResult r = run(id, new double[]{100_000}, new double[]{90_000});
        ObjectNode doc = (ObjectNode) Json.mapper().readTree(Json.write(r));
        String t = String.format("2026-12-07T08:%02d:00Z", minute);
        doc.put("started_at", t).put("finished_at", t);
        ObjectNode repeat = ((ObjectNode) doc.withArray("cells").get(0)).putArray("repeats").addObject();
        repeat.put("repeat", 1).put("started_at", t).put("valid", true);
        repeat.putObject("load").put("warmup_s", warmupS).put("warmup_stable", true).put("duration_s", 4.0)
                .put("throughput_rps", 100_000.0);
        repeat.putArray("processes").addObject().put("role", "target").put("name", "reactor-netty").put("pid", 42);
        Path dir = base.resolve(id);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("results.json"), Json.mapper().writeValueAsString(doc));
    }

    private Path suite(String warmupMax) throws Exception {
        Path f = base.resolveSibling(base.getFileName() + "-suite.yaml");
        Files.writeString(f, """
                name: s
                targets:
                  reactor-netty: {knobs: {transport: nio}}
                scenarios:
                  plaintext: {path: /plaintext}
                load: {connections: 4}
                aot: false
                warmup: auto
                warmup_max: %s
                measure: 2s
                """.formatted(warmupMax));
        return f;
    }

    @Test
    void aBoundBelowTheTimeToSteadyStateOfEarlierRunsIsWarnedWithTheDerivedOne() throws Exception {
        earlier("run-1", 1, 18.0);
        earlier("run-2", 2, 21.0);
        assertEquals(0, ReportAndCompareCommandTest.fluxlab("history", "--rebuild", base.toString()).exit());
        assertTrue(Files.exists(HistoryIndex.file(base)));
        RunCommandTest.Outcome o = RunCommandTest.execute("run", "--dry-run", "--out", base.resolve("next").toString(),
                suite("8s").toString());
        assertEquals(0, o.code(), o.err() + o.out());
        assertTrue(o.out().contains("warning: warmup_max 8s is below reactor-netty's time to steady state 21 s (cold) "
                + "in 2 earlier runs: the cells that start it would be measured before it settles; --set "
                + "warmup_max=25s derives the bound from it"), o.out());
        RunCommandTest.Outcome enough = RunCommandTest.execute("run", "--dry-run", "--out",
                base.resolve("next").toString(), suite("25s").toString());
        assertEquals(0, enough.code(), enough.err() + enough.out());
        assertFalse(enough.out().contains("time to steady state"), enough.out());
    }

    @Test
    void aResultsFolderWithoutAnIndexSaysNothing() throws Exception {
        earlier("run-1", 1, 18.0);
        RunCommandTest.Outcome o = RunCommandTest.execute("run", "--dry-run", "--out", base.resolve("next").toString(),
                suite("8s").toString());
        assertEquals(0, o.code(), o.err() + o.out());
        assertFalse(o.out().contains("time to steady state"), o.out());
    }
}
