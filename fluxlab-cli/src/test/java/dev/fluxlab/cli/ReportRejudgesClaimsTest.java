package dev.fluxlab.cli;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.claim.Claim;
import dev.fluxlab.model.claim.ClaimJudge;
import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.claim.Relation;
import dev.fluxlab.model.run.FigureName;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fluxlab report DIR} judges the recorded claims again with this fluxlab's rules: the regenerated reports show
 * the current verdicts and name those that differ from the recorded ones, and results.json is left as it was.
 */
class ReportRejudgesClaimsTest {

    @TempDir
    Path tmp;

    private static ClaimResult recordedAs(ClaimResult c, String verdict, String reason) {
        return new ClaimResult(c.claim(), c.source(), c.quote(), c.figure(), c.relation(), c.cells(), verdict, reason,
                c.theory());
    }

    /** A results folder whose claims an older fluxlab judged: one verdict differs from today's rules, one agrees. */
    private Path folder() throws Exception {
        RunResult run = ReportAndCompareCommandTest.run("run-old", new double[]{100_000, 101_000, 99_000},
                new double[]{70_000, 70_500, 69_500});
        List<Claim.ClaimCell> cells = List.of(
                new Claim.ClaimCell(run.cells().get(0).id(), "epoll", 90_000.0),
                new Claim.ClaimCell(run.cells().get(1).id(), "nio", 60_000.0));
        FigureName rps = FigureName.parse(FigureName.THROUGHPUT);
        List<ClaimResult> today = ClaimJudge.judge(List.of(
                new Claim("epoll beats nio", "seed.txt", "epoll 90,000, nio 60,000", rps, new Relation.Greater(), cells),
                new Claim("epoll within 5% of nio", "seed.txt", null, rps, new Relation.Within(0.05), cells)),
                run.cells(), null);
        assertEquals(List.of("confirmed", "contradicted"), today.stream().map(ClaimResult::verdict).toList());
        Path dir = tmp.resolve("run-old");
        Json.writeAtomically(dir.resolve("results.json"), run.withClaims(List.of(
                recordedAs(today.get(0), "inconclusive", "a cell was measured while compiling (an older rule)"),
                today.get(1))));
        return dir;
    }

    @Test
    void theReportShowsTodaysVerdictsNamesTheChangedOneAndLeavesResultsJsonAsItWas() throws Exception {
        Path dir = folder();
        byte[] recorded = Files.readAllBytes(dir.resolve("results.json"));
        ReportAndCompareCommandTest.Result r = ReportAndCompareCommandTest.fluxlab("report", dir.toString());
        assertEquals(0, r.exit(), r.err());
        String note = "Judged again by this fluxlab: 1 verdict differs from results.json, which keeps the verdicts "
                + "recorded when the run ended (recorded -> now): epoll beats nio (throughput_rps >): inconclusive -> "
                + "confirmed";
        assertTrue(r.out().contains("Claims (1 confirmed, 1 contradicted, 0 inconclusive;"), r.out());
        assertTrue(r.out().contains("  [confirmed] epoll beats nio  (throughput_rps >)"), r.out());
        assertTrue(r.out().contains("      evidence: epoll / nio = 1.43x"), r.out());
        assertTrue(r.out().contains(note), r.out());
        assertFalse(r.out().contains("an older rule"), "the recorded evidence is replaced: " + r.out());
        String md = Files.readString(dir.resolve("summary.md"));
        assertTrue(md.contains("- **confirmed**: epoll beats nio"), md);
        assertTrue(md.contains("1 verdict differs from results.json"), md);
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("<p class=\"hint rejudged\">Judged again by this fluxlab: 1 verdict differs"), html);
        assertArrayEquals(recorded, Files.readAllBytes(dir.resolve("results.json")), "results.json is not written");

        // the verdicts a run recorded with today's rules are the ones the report shows: nothing to name
        Files.writeString(dir.resolve("results.json"), Files.readString(dir.resolve("results.json"))
                .replace("\"inconclusive\"", "\"confirmed\""));
        ReportAndCompareCommandTest.Result same = ReportAndCompareCommandTest.fluxlab("report", dir.toString());
        assertEquals(0, same.exit(), same.err());
        assertTrue(same.out().contains("  [confirmed] epoll beats nio"), same.out());
        assertFalse(same.out().contains("Judged again"), same.out());
    }
}
