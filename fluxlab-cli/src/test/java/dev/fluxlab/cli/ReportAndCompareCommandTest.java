package dev.fluxlab.cli;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.Stat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportAndCompareCommandTest {

    @TempDir
    Path tmp;

    record Result(int exit, String out, String err) {
    }

    static Result fluxlab(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Result(exit, out.toString(), err.toString());
    }

    /** A small synthetic run: throughput figures only (no histograms), made up for the test. */
    static RunResult run(String id, double[]... cellThroughputs) {
        List<CellResult> cells = new ArrayList<>();
        String[] transports = {"epoll", "nio", "io_uring"};
        for (int i = 0; i < cellThroughputs.length; i++) {
            List<Double> v = new ArrayList<>();
            for (double d : cellThroughputs[i]) {
                v.add(d);
            }
            Map<String, String> knobs = new LinkedHashMap<>();
            knobs.put("target", "reactor-netty");
            knobs.put("transport", transports[i]);
            CellSummary s = new CellSummary(Stat.of(v), Map.of("p99", Stat.of(List.of(1.0 + i))), Stat.of(List.of(0)), Stat.of(List.of(0.0)),
                    Map.of(), Map.of(), Map.of(), Stat.of(List.of(5.0)));
            cells.add(new CellResult("target=reactor-netty,transport=" + transports[i], i + 1, knobs, Map.of(), List.of(), s, true,
                    List.of(), List.of(), null, null, null));
        }
        return new RunResult(RunResult.SCHEMA, id, "synthetic", null, null, "complete", "2026-11-22T09:00:00Z",
                "2026-11-22T09:01:00Z", null, List.of(), Map.of(), cells, null);
    }

    @Test
    void comparingARunWithItselfSaysSo() throws Exception {
        Path a = write("a", run("r1", new double[]{100, 110}));
        Result same = fluxlab("compare", a.toString(), a.toString());
        assertEquals(0, same.exit(), same.err());
        assertTrue(same.out().startsWith("NOTE: A and B are the same run (r1, started "), same.out());
        Path other = write("b", run("r2", new double[]{100, 110}));
        assertFalse(fluxlab("compare", a.toString(), other.toString()).out().contains("the same run"));
    }

    @Test
    void compareHelpNamesEveryEnvironmentFieldItWarnsAbout() {
        Result r = fluxlab("compare", "--help");
        assertEquals(0, r.exit(), r.err());
        String help = r.out().replaceAll("\\s+", " ");
        for (String field : dev.fluxlab.report.Fingerprint.fieldNames()) {
            assertTrue(help.toLowerCase(java.util.Locale.ROOT).contains(field.toLowerCase(java.util.Locale.ROOT)),
                    "compare --help names '" + field + "': " + help);
        }
        assertTrue(help.contains("a cell valid in A is invalid in B"), help);
    }

    private Path write(String name, RunResult run) throws Exception {
        Path dir = tmp.resolve(name);
        Json.writeAtomically(dir.resolve("results.json"), run);
        return dir;
    }

    @Test
    void reportRegeneratesTheFilesAndPrintsTheTables() throws Exception {
        Path dir = write("a", run("run-a", new double[]{100_000, 102_000, 98_000}, new double[]{70_000}));
        Result r = fluxlab("report", dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Throughput by transport"), r.out());
        assertTrue(r.out().contains("100,000 ±2%"), r.out());
        assertTrue(r.out().contains("wrote " + dir.toAbsolutePath().resolve("summary.md")), r.out());
        assertTrue(Files.readString(dir.resolve("summary.md")).contains("| epoll | 100,000 ±2% |"));
        assertTrue(Files.readString(dir.resolve("report.html")).contains("<table class=\"end\">"));
        // the results.json path works too
        assertEquals(0, fluxlab("report", dir.resolve("results.json").toString()).exit());
    }

    @Test
    void reportRefusesAFolderWithoutResultsOrWithAnUnknownSchema() throws Exception {
        Result r = fluxlab("report", tmp.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("has no results.json"), r.err());
        Files.writeString(tmp.resolve("results.json"), "{\"schema\":\"fluxlab.run/0\"}");
        r = fluxlab("report", tmp.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("fluxlab.run/0"), r.err());
        assertFalse(Files.exists(tmp.resolve("report.html")), "nothing written for bad input");
        assertEquals(2, fluxlab("report").exit(), "missing DIR is a usage error");
    }

    @Test
    void compareGivesVerdictsAndExitsZero() throws Exception {
        Path a = write("a", run("run-a", new double[]{100_000, 101_000, 99_000}, new double[]{70_000}, new double[]{50_000}));
        Path b = write("b", run("run-b", new double[]{110_000, 111_000, 109_000}, new double[]{71_000}));
        Path md = tmp.resolve("out/compare.md");
        Result r = fluxlab("compare", a.toString(), b.toString(), "--md", md.toString());
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("epoll") && l.contains("1.10x") && l.contains("better")), r.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("nio") && l.contains("within noise")), "1.4% with n=1 is under the 3% floor: " + r.out());
        assertTrue(r.out().contains("only in A: io_uring"), r.out());
        assertTrue(String.join(" ", lines).contains("at least 3% when a side has a single repeat"), "the rule is in the footer");
        assertTrue(Files.readString(md).contains("| epoll | 100,000 ±1% (n=3) | 110,000 ±0.9% (n=3) | 1.10x | better |"), Files.readString(md));
    }

    /**
     * compare's --md never replaces a file of a results folder (the suite copy it overwrote left the run unresumable, a
     * load document in cells/ was lost), while a new file or the user's own beside them may be written; report takes
     * only a results.json (it replaced the summary.md and report.html beside any JSON file).
     */
    @Test
    void outputsNeverReplaceARunsOwnFiles() throws Exception {
        Path a = write("a", run("run-a", new double[]{100_000, 101_000, 99_000}, new double[]{70_000}));
        Path b = write("b", run("run-b", new double[]{100_000, 101_000, 99_000}, new double[]{70_000}));
        Path suite = Files.writeString(a.resolve("suite.yaml"), "name: s\n");
        Path load = Files.createDirectories(b.resolve("cells/001-x")).resolve("load-1.json");
        Files.writeString(load, "{}");
        for (Path own : List.of(suite, load)) {
            byte[] before = Files.readAllBytes(own);
            Result r = fluxlab("compare", a.toString(), b.toString(), "--md", own.toString());
            assertEquals(2, r.exit(), r.out() + r.err());
            assertTrue(r.err().contains("is a file of the results folder"), r.err());
            assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(own)), own + " unchanged");
        }
        // a folder or an empty name: refused before the table, not a crash after it (or a temp file beside the cwd)
        for (String bad : List.of("/", "", tmp.toString())) {
            Result r = fluxlab("compare", a.toString(), b.toString(), "--md", bad);
            assertEquals(2, r.exit(), r.out() + r.err());
            assertTrue(r.err().contains(bad.isEmpty() ? dev.fluxlab.model.Refusal.emptyPath("--md") : "is a folder; give a file name"),
                    r.err());
            assertEquals("", r.out(), "nothing printed before the refusal");
        }
        Path mine = a.resolve("compare.md");
        assertEquals(0, fluxlab("compare", a.toString(), b.toString(), "--md", mine.toString()).exit());
        assertEquals(0, fluxlab("compare", a.toString(), b.toString(), "--md", mine.toString()).exit(),
                "a file of the user's beside the run's is replaced again");
        Path export = Files.copy(a.resolve("results.json"), tmp.resolve("export.json"));
        Files.writeString(tmp.resolve("summary.md"), "mine");
        Result report = fluxlab("report", export.toString());
        assertEquals(2, report.exit(), report.out());
        assertTrue(report.err().contains("is not a results.json"), report.err());
        assertEquals("mine", Files.readString(tmp.resolve("summary.md")));
    }

    @Test
    void failOnRegressionExitsThreeAndNamesTheCells() throws Exception {
        Path a = write("a", run("run-a", new double[]{100_000, 101_000, 99_000}, new double[]{70_000}));
        Path b = write("b", run("run-b", new double[]{90_000, 91_000, 89_000}, new double[]{69_000}));
        Result r = fluxlab("compare", "--fail-on-regression", a.toString(), b.toString());
        assertEquals(3, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("1 regression beyond noise and the 5% threshold"), r.err());
        assertTrue(r.err().contains("epoll: throughput 0.90x"), r.err());
        assertFalse(r.err().contains("nio"), "1.4% with n=1 is noise: " + r.err());
        assertTrue(r.out().contains("noise basis: repeat spread"), r.out());

        Result lenient = fluxlab("compare", a.toString(), b.toString(), "--fail-on-regression", "12%");
        assertEquals(0, lenient.exit(), lenient.err());
        assertTrue(lenient.out().contains("no regression beyond noise and the 12% threshold"), lenient.out());
        assertEquals(0, fluxlab("compare", a.toString(), b.toString()).exit(), "without the flag a comparison never fails");
        Result fraction = fluxlab("compare", a.toString(), b.toString(), "--fail-on-regression", "0.05");
        assertTrue(fraction.err().contains("beyond noise and the 0.05% threshold"), "0.05 is 0.05 %, and says so: "
                + fraction.err());

        // B measured only the epoll cell, or nothing in the nio cell: not judged, so no pass
        for (Path partial : List.of(write("partial", run("run-p", new double[]{100_000, 101_000, 99_000})),
                write("empty-cell", run("run-e", new double[]{100_000, 101_000, 99_000}, new double[]{})))) {
            Result gate = fluxlab("compare", a.toString(), partial.toString(), "--fail-on-regression", "12%");
            assertEquals(3, gate.exit(), gate.out() + gate.err());
            assertTrue(gate.err().contains("1 cell of A not measured in B, so not judged"), gate.err());
            assertTrue(gate.err().contains("nio"), gate.err());
        }

        // B measured the same figures but every cell is invalid (e.g. 45 % errors): it passed as "no regression"
        com.fasterxml.jackson.databind.node.ObjectNode tree = (com.fasterxml.jackson.databind.node.ObjectNode)
                Json.mapper().readTree(a.resolve("results.json").toFile());
        for (var cell : tree.withArray("cells")) {
            ((com.fasterxml.jackson.databind.node.ObjectNode) cell).put("valid", false);
            for (var rep : cell.withArray("repeats")) {
                ((com.fasterxml.jackson.databind.node.ObjectNode) rep).put("valid", false);
            }
        }
        Path invalid = tmp.resolve("invalid");
        Files.createDirectories(invalid);
        Files.writeString(invalid.resolve("results.json"), tree.toString());
        Result gate = fluxlab("compare", a.toString(), invalid.toString(), "--fail-on-regression", "12%");
        assertEquals(3, gate.exit(), gate.out() + gate.err());
        assertTrue(gate.err().contains("2 cells valid in A and invalid in B"), gate.err());

        Result bad = fluxlab("compare", a.toString(), b.toString(), "--fail-on-regression", "150%");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("threshold in percent"), bad.err());
        // Java's number syntax is no percentage: 0x1p3 gated at 8 %, 5d at 5 %, printed as 'the 5d% threshold'
        for (String javaNumber : List.of("5d", "0x1p3", "1e1", "NaN", "Infinity")) {
            Result odd = fluxlab("compare", a.toString(), b.toString(), "--fail-on-regression=" + javaNumber);
            assertEquals(2, odd.exit(), javaNumber + ": " + odd.out());
            assertTrue(odd.err().contains("threshold in percent from 0 to 100 such as 5% (got '" + javaNumber + "')"),
                    javaNumber + ": " + odd.err());
        }
        for (String plain : List.of("0", " 5 % ", ".5", "5.")) {
            assertEquals(3, fluxlab("compare", a.toString(), b.toString(), "--fail-on-regression=" + plain).exit(),
                    plain + " gates the 10% regression");
        }
        assertEquals(0, fluxlab("compare", a.toString(), b.toString(), "--fail-on-regression=100%").exit());
        for (String negative : List.of("-5", "-5%", "--fail-on-regression=-0.5%")) {
            Result neg = negative.startsWith("--") ? fluxlab("compare", a.toString(), b.toString(), negative)
                    : fluxlab("compare", a.toString(), b.toString(), "--fail-on-regression", negative);
            assertEquals(2, neg.exit(), negative);
            assertTrue(neg.err().contains("--fail-on-regression takes a threshold in percent from 0 to 100 such as 5%"),
                    negative + ": " + neg.err());
        }
        List<List<String>> words = List.of(List.of("--fail-on-regression=abc", a.toString(), b.toString()),
                List.of(a.toString(), "--fail-on-regression=abc", b.toString()),
                List.of(a.toString(), b.toString(), "--fail-on-regression=abc"),
                List.of("--fail-on-regression", "abc", a.toString(), "--md", tmp.resolve("c.md").toString(), b.toString()));
        for (List<String> line : words) {
            List<String> all = new java.util.ArrayList<>(List.of("compare"));
            all.addAll(line);
            Result word = fluxlab(all.toArray(String[]::new));
            assertEquals(2, word.exit(), line.toString());
            assertTrue(word.err().contains("threshold in percent from 0 to 100 such as 5% (got 'abc')"), line + ": " + word.err());
        }
        Result noSpeed = fluxlab("compare", a.toString(), b.toString(), "--normalise-speed");
        assertEquals(2, noSpeed.exit());
        assertTrue(noSpeed.err().contains("compare without --normalise-speed"), noSpeed.err());
    }

    @Test
    void compareBadInputExitsTwo() throws Exception {
        Path a = write("a", run("run-a", new double[]{1}));
        Result r = fluxlab("compare", a.toString(), tmp.resolve("missing").toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("does not exist"), r.err());
        assertEquals(2, fluxlab("compare", a.toString()).exit(), "B missing");
        byte[] before = Files.readAllBytes(a.resolve("results.json"));
        Path hollow = Files.createDirectories(tmp.resolve("hollow"));
        Files.writeString(hollow.resolve("results.json"), "{\"schema\":\"fluxlab.run/1\"}");
        Result noCells = fluxlab("compare", a.toString(), hollow.toString(), "--fail-on-regression");
        assertEquals(3, noCells.exit(), noCells.out() + noCells.err());
        assertTrue(noCells.err().contains("1 cell of A not measured in B, so not judged"), noCells.err());
        Result onInput = fluxlab("compare", a.toString(), a.toString(), "--md", a.resolve("results.json").toString());
        assertEquals(2, onInput.exit(), onInput.err());
        assertTrue(onInput.err().contains("is A's results.json, which this command reads"), onInput.err());
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(a.resolve("results.json"))), "A is untouched");
    }

    @Test
    void aResultsFileWithNullCellsGetsAMessageNotAStackTrace() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("damaged"));
        Files.writeString(dir.resolve("results.json"), "{\"schema\":\"" + RunResult.SCHEMA + "\",\"cells\":[null]}");
        for (Result r : List.of(fluxlab("report", dir.toString()), fluxlab("compare", dir.toString(), dir.toString()))) {
            assertEquals(2, r.exit(), r.err());
            assertTrue(r.err().contains("is damaged: cells[0] is null"), r.err());
            assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        }
        // no cells at all is a report of nothing, not a failure
        Files.writeString(dir.resolve("results.json"), "{\"schema\":\"" + RunResult.SCHEMA + "\",\"cells\":null}");
        Result r = fluxlab("report", dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(0, fluxlab("compare", dir.toString(), dir.toString()).exit());
    }
}
