package dev.fluxlab.history;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.Environment;
import dev.fluxlab.model.run.MachineSpeed;
import dev.fluxlab.model.run.NoiseFloor;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.Stat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The index on synthetic runs written to a temporary results base (every figure made up for the test). */
class HistoryIndexTest {

    @TempDir
    Path base;

    static Environment env(String kernel, double speed) {
        return new Environment("lab", "Linux", kernel, "amd64", 2, 8, "25", "Temurin", "/jdk", "0.1", Map.of(), "EPYC", null,
                "abc123", false, 0.1, new MachineSpeed(speed, 0.01, 5, "t"));
    }

    /** A run of suite {@code suite} with two cells; cell epoll at {@code epoll} req/s over three repeats (±1%). */
    static RunResult run(String id, String suite, int minute, double epoll, Environment env, NoiseFloor noise) {
        List<CellResult> cells = new ArrayList<>();
        String[] transports = {"epoll", "nio"};
        double[] rps = {epoll, 50_000};
        for (int i = 0; i < 2; i++) {
            Map<String, String> knobs = new LinkedHashMap<>();
            knobs.put("target", "reactor-netty");
            knobs.put("transport", transports[i]);
            double r = rps[i];
            Map<String, Stat> latency = new LinkedHashMap<>();
            latency.put("p50", Stat.of(List.of(1.0, 1.1, 0.9)));
            latency.put("p99", Stat.of(List.of(4.0 + i, 4.1 + i, 3.9 + i)));
            CellSummary s = new CellSummary(Stat.of(List.of(r * 0.99, r, r * 1.01)), latency, Stat.of(List.of(0)),
                    Stat.of(List.of(0.0)), Map.of(), Map.of(), Map.of(), Stat.of(List.of(5.0)));
            cells.add(new CellResult("target=reactor-netty,transport=" + transports[i], i + 1, knobs, Map.of(), List.of(), s,
                    i == 0 || minute % 2 == 0, List.of(), List.of(), null, null, null));
        }
        String t = String.format("2026-11-22T10:%02d:00Z", minute);
        return new RunResult(RunResult.SCHEMA, id, suite, null, null, "complete", t, t, env, List.of(), Map.of(), cells, noise);
    }

    Path write(RunResult r) throws Exception {
        Path dir = base.resolve(r.runId());
        Json.writeAtomically(dir.resolve("results.json"), r);
        return dir;
    }

    /**
     * The index keeps a run's typical machine speed (the median of the speeds measured before its repeats), the one
     * compare compares: the speed before the run can miss a VM that changed speed a minute into it.
     */
    @Test
    void theIndexedSpeedIsTheRunsTypicalOne() throws Exception {
        RunResult plain = run("r1", "quick", 0, 100_000, env("6.1", 262e6), null);
        List<CellResult> cells = new ArrayList<>();
        double[] speeds = {315e6, 310e6, 320e6};
        for (CellResult c : plain.cells()) {
            List<RepeatResult> repeats = new ArrayList<>();
            for (int i = 0; i < speeds.length; i++) {
                repeats.add(new RepeatResult(i + 1, null, null, List.of(), List.of(), true, List.of(), null, 4.0, null,
                        null, null, null, new MachineSpeed(speeds[i], 0.01, 9, "t"), null, null, null, null, null, null));
            }
            cells.add(new CellResult(c.id(), c.index(), c.knobs(), c.versions(), repeats, c.summary(), c.valid(),
                    c.reasons(), c.findings(), null, null, null));
        }
        Path dir = write(new RunResult(RunResult.SCHEMA, "r1", "quick", null, null, "complete", plain.startedAt(),
                plain.finishedAt(), plain.environment(), List.of(), Map.of(), cells, null));
        HistoryIndex.record(dir);
        try (HistoryIndex index = HistoryIndex.open(HistoryIndex.file(base))) {
            assertEquals(315e6, index.runs("quick").get(0).environment().speedBefore().opsPerSecond());
        }
    }

    /** An index another process holds locked is "in use", not damaged: the advice to rebuild it would lose a run. */
    @Test
    void anIndexHeldByAnotherProcessIsInUseNotDamaged() throws Exception {
        Path dir = write(run("r1", "quick", 0, 100_000, env("6.1", 1e6), null));
        HistoryIndex.record(dir);
        Path file = HistoryIndex.file(base);
        try (java.sql.Connection holder = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
             java.sql.Statement st = holder.createStatement()) {
            st.execute("BEGIN EXCLUSIVE");
            HistoryException e = org.junit.jupiter.api.Assertions.assertThrows(HistoryException.class,
                    () -> HistoryIndex.open(file).close());
            assertTrue(e.getMessage().contains("is in use: another process has held it locked"), e.getMessage());
            assertFalse(e.getMessage().contains("--rebuild"), e.getMessage());
            st.execute("ROLLBACK");
        }
        try (HistoryIndex index = HistoryIndex.open(file)) {
            assertEquals(List.of("quick"), index.suites());
        }
    }

    @Test
    void recordIndexesARunAndReplacesItWhenRecordedAgain() throws Exception {
        Path dir = write(run("r1", "quick", 0, 100_000, env("6.1", 1e6), new NoiseFloor(1.5, 4.0, 8, "aa-pairs")));
        HistoryIndex.record(dir);
        HistoryIndex.record(dir);
        try (HistoryIndex index = HistoryIndex.open(HistoryIndex.file(base))) {
            assertEquals(List.of("quick"), index.suites());
            List<IndexedRun> runs = index.runs("quick");
            assertEquals(1, runs.size());
            IndexedRun r = runs.get(0);
            assertEquals("6.1", r.environment().kernel());
            assertEquals("EPYC", r.environment().cpuModel());
            assertEquals(2, r.environment().cpus());
            assertEquals(1e6, r.environment().speedBefore().opsPerSecond());
            assertEquals(Boolean.FALSE, r.environment().treeDirty());
            assertEquals(4.0, r.noise().worstPct());
            assertEquals(List.of("latency_p50_ms", "latency_p99_ms", "throughput_rps"), index.figures("quick"));
            List<IndexedFigure> tp = index.values("quick", "throughput_rps");
            assertEquals(2, tp.size());
            assertEquals(100_000, tp.get(0).stat().median(), 1e-6);
            assertEquals(99_000, tp.get(0).stat().min(), 1e-6);
            assertEquals(3, tp.get(0).stat().n());
        }
    }

    @Test
    void rebuildRecreatesTheIndexFromTheFoldersAndNamesWhatItSkipped() throws Exception {
        write(run("r1", "quick", 0, 100_000, env("6.1", 1e6), null));
        write(run("r2", "quick", 5, 101_000, env("6.1", 1e6), null));
        Files.createDirectories(base.resolve("broken"));
        Files.writeString(base.resolve("broken/results.json"), "{\"schema\":\"fluxlab.run/0\"}");
        Files.writeString(HistoryIndex.file(base), "not a database, just some text that happens to be here");
        HistoryIndex.Rebuilt r = HistoryIndex.rebuild(base);
        assertEquals(2, r.runs());
        assertEquals(1, r.skipped().size());
        assertTrue(r.skipped().get(0).contains("fluxlab.run/0"), r.skipped().toString());
        try (HistoryIndex index = HistoryIndex.open(r.file())) {
            assertEquals(2, index.runs("quick").size());
        }
        try (var left = Files.list(base)) {
            assertEquals(List.of(), left.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(HistoryIndex.FILE_NAME + ".rebuild")).toList(), "no rebuild file is left");
        }
    }

    /**
     * Two rebuilds at once each write a file of their own and move a complete index over the old one. With one shared
     * name the second deleted the first's file under it: "[SQLITE_READONLY_DBMOVED]", "indexed 0 runs", exit 0.
     */
    @Test
    void twoRebuildsAtOnceLeaveAWholeIndex() throws Exception {
        for (int i = 0; i < 6; i++) {
            write(run("r" + i, "quick", i, 100_000 + i, env("6.1", 1e6), null));
        }
        for (int round = 0; round < 3; round++) {
            var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
            try {
                var a = pool.submit(() -> HistoryIndex.rebuild(base));
                var b = pool.submit(() -> HistoryIndex.rebuild(base));
                assertEquals(6, a.get().runs(), a.get().skipped().toString());
                assertEquals(6, b.get().runs(), b.get().skipped().toString());
            } finally {
                pool.shutdown();
            }
            try (HistoryIndex index = HistoryIndex.open(HistoryIndex.file(base))) {
                assertEquals(6, index.runs("quick").size());
            }
        }
        // readable by others as any new file here (a temporary file's owner-only mode had locked them out)
        var mode = Files.getPosixFilePermissions(HistoryIndex.file(base));
        assertTrue(mode.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_READ)
                || !Files.getPosixFilePermissions(base).contains(java.nio.file.attribute.PosixFilePermission.OTHERS_READ),
                mode.toString());
    }

    /** A rebuild killed mid-way leaves its file; the next rebuild removes it, and leaves a live one's alone. */
    @Test
    void aRebuildRemovesTheFilesOfRebuildsThatDied() throws Exception {
        write(run("r1", "quick", 0, 100_000, env("6.1", 1e6), null));
        Path dead = base.resolve(HistoryIndex.REBUILD_PREFIX + Long.MAX_VALUE + "-1");
        Path live = base.resolve(HistoryIndex.REBUILD_PREFIX + ProcessHandle.current().pid() + "-1");
        Path other = base.resolve(HistoryIndex.REBUILD_PREFIX + "notapid");
        Files.writeString(dead, "x");
        Files.writeString(live, "x");
        Files.writeString(other, "x");
        assertEquals(1, HistoryIndex.rebuild(base).runs());
        assertFalse(Files.exists(dead));
        assertTrue(Files.exists(live) && Files.exists(other));
    }

    /**
     * A folder where the index goes is named as such by every way to the index, and left alone: reading said 'no
     * history index' and advised a rebuild, which then failed with 'check that the results base is writable'.
     */
    @Test
    void aFolderWhereTheIndexGoesIsNamedAndKept() throws Exception {
        write(run("r1", "quick", 0, 100_000, env("6.1", 1e6), null));
        Path file = Files.createDirectories(HistoryIndex.file(base));
        String expected = file + " is a folder, where the history index goes; move it away, then 'fluxlab history "
                + "--rebuild " + base.toAbsolutePath() + "' recreates the index from the results folders";
        assertEquals(expected, assertThrows(HistoryException.class, () -> HistoryIndex.open(file)).getMessage());
        assertEquals(expected.replace(file.toString(), file.toAbsolutePath().toString()),
                assertThrows(HistoryException.class, () -> HistoryIndex.rebuild(base)).getMessage());
        assertEquals(expected.replace(file.toString(), file.toAbsolutePath().toString()), assertThrows(
                HistoryException.class, () -> HistoryIndex.record(base.resolve("r1"))).getMessage());
        assertTrue(Files.isDirectory(file));
    }

    @Test
    void aCorruptOrForeignFileIsRefusedWithRebuildAdvice() throws Exception {
        Path file = HistoryIndex.file(base);
        HistoryException none = assertThrows(HistoryException.class, () -> HistoryIndex.open(file));
        assertTrue(none.getMessage().contains("no history index at"), none.getMessage());
        Files.writeString(file, "x".repeat(4096));
        HistoryException corrupt = assertThrows(HistoryException.class, () -> HistoryIndex.open(file));
        assertTrue(corrupt.getMessage().contains("is not a readable fluxlab history index"), corrupt.getMessage());
        assertTrue(corrupt.getMessage().contains("fluxlab history --rebuild " + base.toAbsolutePath()), corrupt.getMessage());
        Files.delete(file);
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file); var st = c.createStatement()) {
            st.execute("CREATE TABLE something_else(x INTEGER)");
        }
        HistoryException foreign = assertThrows(HistoryException.class, () -> HistoryIndex.open(file));
        assertTrue(foreign.getMessage().contains("is not a readable fluxlab history index")
                || foreign.getMessage().contains("is not a fluxlab history index"), foreign.getMessage());
        assertTrue(foreign.getMessage().contains("--rebuild"), foreign.getMessage());
    }

    @Test
    void aTrendFindsTheStepAndMarksTheEnvironmentChange() throws Exception {
        for (int i = 0; i < 8; i++) {
            double level = i < 4 ? 100_000 : 80_000;
            String kernel = i < 4 ? "6.1" : "6.12";
            HistoryIndex.record(write(run("r" + i, "quick", i, level * (1 + 0.004 * (i % 3)), env(kernel, 1e6), null)));
        }
        HistoryIndex.record(write(run("other", "h2-proxy", 30, 1, env("6.1", 1e6), null)));
        try (HistoryIndex index = HistoryIndex.open(HistoryIndex.file(base))) {
            FigureTrend t = FigureTrend.of(index, "quick", null, "*epoll*");
            assertEquals(8, t.runs().size());
            assertEquals(1, t.series().size());
            FigureTrend.Series s = t.series().get(0);
            assertEquals(1, s.changes().size(), s.changes().toString());
            assertEquals(4, s.changes().get(0).index());
            assertEquals(List.of(), s.points().get(3).changed());
            assertEquals("kernel", s.points().get(4).changed().get(0).what());
            String text = String.join("\n", TrendText.lines(t));
            assertTrue(text.contains("-19.8% worse (p 0.028)"), text);
            assertTrue(text.contains("kernel: 6.1 -> 6.12"), text);
            assertTrue(text.contains("Mann-Whitney"), text);
            assertTrue(!text.contains("too few to test"), "8 runs can be tested");

            FigureTrend p99 = FigureTrend.of(index, "quick", "p99", null);
            assertEquals("latency_p99_ms", p99.figure().key());
            assertEquals(2, p99.series().size());
            assertTrue(p99.series().stream().allMatch(x -> x.changes().isEmpty()), "p99 did not move");
            assertTrue(String.join("\n", TrendText.lines(p99)).contains("INVALID"), "nio is invalid in odd runs");
            FigureTrend other = FigureTrend.of(index, "h2-proxy", null, null);
            assertTrue(String.join("\n", TrendText.lines(other)).contains("1 run: too few to test for a change point "
                    + "(8 needed)"), "a short series says why it has no change point");

            String html = TrendHtml.render(t);
            assertTrue(html.contains("data-charts-expected=\"1\""), "one chart per cell");
            assertTrue(html.contains("id=\"fluxlab-trend\""));
            assertTrue(html.contains("-19.8% worse"));
            assertTrue(html.contains("<td class=\"text\">kernel: 6.1 -&gt; 6.12"), "the differences wrap in their cell");
            assertFalse(html.contains("<script src="), "nothing is loaded from elsewhere");
            assertFalse(html.contains("http://") && html.contains("src=\"http"), "no remote resources");

            assertEquals("h2-proxy", index.suites().get(0), "most recent first");
            assertNull(assertThrows(HistoryException.class, () -> FigureTrend.of(index, "nope", null, null)).getCause());
            assertTrue(assertThrows(HistoryException.class, () -> FigureTrend.of(index, "quick", "cpu_cores", null)).getMessage()
                    .contains("indexed figures: latency_p50_ms, latency_p99_ms, throughput_rps"));
            String none = assertThrows(HistoryException.class, () -> FigureTrend.of(index, "quick", null, "*h3*"))
                    .getMessage();
            assertTrue(none.contains("matches --cell *h3*"), none);
            assertTrue(none.contains("such as: epoll; nio"), "names the suite's own cells: " + none);
        }
    }

    @Test
    void aChangeOfPlacementOrOfTheInjectorsAotCacheIsMarkedAsCompareWarnsOfIt() throws Exception {
        Environment plain = new Environment("lab", "Linux", "6.1", "amd64", 2, 8, "25", "Temurin", "/jdk", "0.1", Map.of(),
                "EPYC", null, "abc123", false, 0.1, new MachineSpeed(1e6, 0.01, 5, "t"), "free");
        Environment pinned = new Environment("lab", "Linux", "6.1", "amd64", 2, 8, "25", "Temurin", "/jdk", "0.1",
                Map.of(Environment.INJECTOR_AOT_CACHE, "JDK AOT cache (local injectors)"), "EPYC", null, "abc123", false,
                0.1, new MachineSpeed(1e6, 0.01, 5, "t"), "exclusive");
        HistoryIndex.record(write(run("a", "quick", 0, 100_000, plain, null)));
        HistoryIndex.record(write(run("b", "quick", 1, 100_000, pinned, null)));
        try (HistoryIndex index = HistoryIndex.open(HistoryIndex.file(base))) {
            FigureTrend t = FigureTrend.of(index, "quick", null, "*epoll*");
            List<String> changed = t.series().get(0).points().get(1).changed().stream()
                    .map(d -> d.what()).toList();
            assertEquals(List.of("placement", "injector AOT cache"), changed);
        }
    }

    @Test
    void anIndexOfTheFirstSchemaIsBroughtUpToDateWithoutLosingARun() throws Exception {
        Path file = HistoryIndex.file(base);
        // the first schema's tables, as an older fluxlab wrote them, with a run whose folder is gone
        try (java.sql.Connection db = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file);
             java.sql.Statement st = db.createStatement()) {
            st.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)");
            st.execute("CREATE TABLE runs(run_id TEXT PRIMARY KEY, dir TEXT, suite TEXT, started_at TEXT, finished_at TEXT,"
                    + " status TEXT, cpu_model TEXT, cpus INTEGER, kernel TEXT, jdk TEXT, jdk_vendor TEXT, governor TEXT,"
                    + " fluxlab_commit TEXT, tree_dirty INTEGER, speed_ops REAL, speed_spread REAL, noise_median_pct REAL,"
                    + " noise_worst_pct REAL, noise_pairs INTEGER, noise_basis TEXT)");
            st.execute("CREATE TABLE figures(run_id TEXT NOT NULL, cell_id TEXT NOT NULL, cell_label TEXT,"
                    + " valid INTEGER NOT NULL, figure TEXT NOT NULL, median REAL, min REAL, max REAL, mean REAL,"
                    + " stdev REAL, n INTEGER, PRIMARY KEY(run_id, cell_id, figure))");
            st.execute("INSERT INTO meta VALUES ('schema', '" + HistoryIndex.SCHEMA_1 + "')");
            st.execute("INSERT INTO runs VALUES ('gone', '/nowhere/gone', 'quick', '2026-11-21T10:00:00Z',"
                    + " '2026-11-21T10:01:00Z', 'complete', 'EPYC', 2, '6.1', '25', 'Temurin', NULL, 'abc123', 0, 1e6,"
                    + " 0.01, NULL, NULL, NULL, NULL)");
            st.execute("INSERT INTO figures VALUES ('gone', 'target=reactor-netty,transport=epoll', 'epoll', 1,"
                    + " 'throughput_rps', 90000, 89000, 91000, 90000, 900, 3)");
        }
        HistoryIndex.record(write(run("new", "quick", 5, 100_000, env("6.1", 1e6), null)));
        try (HistoryIndex index = HistoryIndex.open(file)) {
            FigureTrend t = FigureTrend.of(index, "quick", null, "*epoll*");
            assertEquals(List.of("gone", "new"), t.runs().stream().map(IndexedRun::runId).toList());
            assertEquals(List.of(), t.series().get(0).points().get(1).changed(),
                    "what the old schema did not index is not called a difference");
        }
        try (java.sql.Connection db = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file);
             java.sql.ResultSet rs = db.createStatement().executeQuery("SELECT value FROM meta WHERE key = 'schema'")) {
            assertTrue(rs.next());
            assertEquals(HistoryIndex.SCHEMA, rs.getString(1));
        }
    }

    @Test
    void aValueIsComparedWithTheCellsValueBeforeItNotWithARunThatLacksTheCell() throws Exception {
        HistoryIndex.record(write(run("r0", "quick", 0, 100_000, env("6.1", 1e6), null)));
        RunResult full = run("r1", "quick", 1, 100_000, env("6.12", 1e6), null);
        // a partial run (the epoll cell excluded) on the new kernel, between the two the epoll cell has
        HistoryIndex.record(write(new RunResult(full.schema(), full.runId(), full.suite(), null, null, "complete",
                full.startedAt(), full.finishedAt(), full.environment(), List.of(), Map.of(), full.cells().subList(1, 2),
                null)));
        HistoryIndex.record(write(run("r2", "quick", 2, 100_000, env("6.12", 1e6), null)));
        try (HistoryIndex index = HistoryIndex.open(HistoryIndex.file(base))) {
            FigureTrend t = FigureTrend.of(index, "quick", null, "*epoll*");
            FigureTrend.Series s = t.series().get(0);
            assertEquals(List.of("r0", "r2"), s.points().stream().map(p -> t.runs().get(p.run()).runId()).toList());
            assertEquals("kernel: 6.1 -> 6.12", TrendText.environment(s.points().get(1)),
                    "the row above is r0: the kernel changed since, though not since the partial run r1");
            FigureTrend nio = FigureTrend.of(index, "quick", null, "*nio*");
            assertEquals("kernel: 6.1 -> 6.12", TrendText.environment(nio.series().get(0).points().get(1)));
            assertEquals("", TrendText.environment(nio.series().get(0).points().get(2)));
        }
    }

    @Test
    void levelsAreTheMedianOfEachSegment() throws Exception {
        for (int i = 0; i < 8; i++) {
            HistoryIndex.record(write(run("r" + i, "quick", i, i < 4 ? 100 : 200, env("6.1", 1e6), null)));
        }
        try (HistoryIndex index = HistoryIndex.open(HistoryIndex.file(base))) {
            FigureTrend t = FigureTrend.of(index, null, "throughput", "*epoll");
            assertEquals(List.of(100.0, 100.0, 100.0, 100.0, 200.0, 200.0, 200.0, 200.0),
                    TrendHtml.levels(t.series().get(0)));
        }
    }

    /**
     * Two runs ending together both find no index and both create it: the second finds the first's tables and goes on
     * (it failed with "table meta already exists" and advised a rebuild).
     */
    @Test
    void anIndexCreatedTwiceAtOnceStaysOne(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve(".history.sqlite");
        HistoryIndex.connect(file, true).close();
        HistoryIndex.connect(file, true).close();
        try (HistoryIndex again = HistoryIndex.openOrCreate(file)) {
            assertTrue(Files.isRegularFile(file));
        }
    }
}
