package dev.fluxlab.report;

import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.Stat;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClaimsReportTest {

    private static ClaimResult claim(String words, String verdict) {
        return new ClaimResult(words, "002_seed.txt", "fast 9,109.52 RPS, slow 117.80 RPS", "throughput_rps", ">= 10x",
                List.of(new ClaimResult.Measured("a", "fast", 9109.52, new Stat(8000, 7900, 8100, 8000, 100, 2), true),
                        new ClaimResult.Measured("b", "slow", 117.8, null, null)),
                verdict, "b did not run", verdict.equals("contradicted") ? "theory predicts otherwise" : null);
    }

    static RunResult withClaims(RunResult r, List<ClaimResult> claims) {
        return new RunResult(r.schema(), r.runId(), r.suite(), r.suiteFile(), r.description(), r.status(), r.startedAt(),
                r.finishedAt(), r.environment(), r.tables(), r.settings(), r.cells(), r.noise(), claims);
    }

    @Test
    void everyReportShowsTheClaimsNearTheTop() {
        RunResult run = withClaims(Fixtures.run(), List.of(claim("fast >> slow", "inconclusive"),
                claim("ordered", "contradicted")));
        List<String> text = TextReport.lines(ReportModel.of(run));
        int at = text.indexOf(text.stream().filter(l -> l.startsWith("Claims (")).findFirst().orElseThrow());
        assertTrue(at < 5, "claims come before the tables");
        assertTrue(text.get(at).contains("0 confirmed, 1 contradicted, 1 inconclusive"), text.get(at));
        assertTrue(text.contains("  [inconclusive] fast >> slow  (throughput_rps >= 10x)"), String.join("\n", text));
        assertTrue(text.contains("      fast: claimed 9,110, measured 8,000 ±1%"), String.join("\n", text));
        assertTrue(text.contains("      slow: claimed 118, measured not run"), String.join("\n", text));
        assertTrue(text.contains("      note: theory predicts otherwise"));
        String md = MarkdownReport.render(run);
        assertTrue(md.indexOf("## Claims") < md.indexOf("## Cells"));
        assertTrue(md.contains("- **contradicted**: ordered (`throughput_rps >= 10x`)"), md);
        String html = HtmlReport.render(run);
        assertTrue(html.indexOf("<section id=\"claims\">") < html.indexOf("<section id=\"table-0\">"));
        assertTrue(html.contains("<tr class=\"claim-contradicted\">"));
        assertTrue(html.contains("<a href=\"#claims\">claims</a>"));
    }

    @Test
    void theOverridesOfARunAreShown() {
        RunResult r = Fixtures.run();
        java.util.Map<String, Object> settings = new java.util.LinkedHashMap<>(r.settings() == null ? java.util.Map.of()
                : r.settings());
        settings.put(dev.fluxlab.model.suite.Suite.OVERRIDES, List.of("measure=10s", "load.connections=<1000>"));
        RunResult run = new RunResult(r.schema(), r.runId(), r.suite(), r.suiteFile(), r.description(), r.status(),
                r.startedAt(), r.finishedAt(), r.environment(), r.tables(), settings, r.cells(), r.noise());
        assertTrue(TextReport.lines(ReportModel.of(run)).contains("overrides: --set measure=10s --set load.connections=<1000>"));
        assertTrue(MarkdownReport.render(run).contains("- override: `--set measure=10s`"));
        assertTrue(HtmlReport.render(run).contains("overrides: <code>--set measure=10s --set load.connections=&lt;1000&gt;</code>"));
    }

    @Test
    void claimTextIsEscaped() {
        RunResult run = withClaims(Fixtures.run(), List.of(claim("a" + Fixtures.MARKUP + " | b", "confirmed")));
        String html = HtmlReport.render(run);
        assertFalse(html.contains("<script>x=1"));
        String md = MarkdownReport.render(run);
        assertTrue(md.contains("\\<\\!-- \\</script>") || md.contains("\\<!-- \\</script>"), md);
        assertTrue(md.contains("\\| b"), md);
    }

    @Test
    void noClaimsNoSection() {
        RunResult run = Fixtures.run();
        assertTrue(TextReport.lines(ReportModel.of(run)).stream().noneMatch(l -> l.startsWith("Claims")));
        assertFalse(HtmlReport.render(run).contains("id=\"claims\""));
        assertFalse(MarkdownReport.render(run).contains("## Claims"));
        assertTrue(Comparison.of(run, run).claims().isEmpty());
    }

    @Test
    void compareShowsHowVerdictsMoved() {
        RunResult a = withClaims(Fixtures.run(), List.of(claim("fast >> slow", "confirmed"), claim("gone", "confirmed")));
        RunResult b = withClaims(Fixtures.run(), List.of(claim("fast >> slow", "inconclusive"), claim("new", "contradicted")));
        assertEquals(List.of("fast >> slow (throughput_rps >= 10x): confirmed -> inconclusive",
                "gone (throughput_rps >= 10x): confirmed -> -", "new (throughput_rps >= 10x): - -> contradicted"),
                ClaimMove.of(a, b).stream().map(ClaimMove::text).toList());
        Comparison c = Comparison.of(a, b);
        assertTrue(CompareReport.lines(c).contains("Claims (verdict in A -> in B; both judged again by this fluxlab from "
                + "their recorded cells)"), CompareReport.lines(c).toString());
        assertTrue(CompareReport.markdown(c).contains("## Claims (verdict in A -> in B; both judged again"));
        assertEquals("x (f >): confirmed (unchanged)", new ClaimMove("x (f >)", "confirmed", "confirmed").text());
    }

    /**
     * compare judges both runs' claims again from their recorded cells, as report does: verdicts recorded by an older
     * fluxlab (here "confirmed" twice, whatever the cells) do not hide that B's cells no longer support the claim.
     */
    @Test
    void compareJudgesTheClaimsAgainFromTheRecordedCells() {
        double[] http = {50_000, 51_000, 49_000};
        double[] nio = {30_000, 45_000};
        RunResult a = Fixtures.run("a", List.of(), http, new double[]{80_000, 84_000, 78_000}, nio);
        RunResult b = Fixtures.run("b", List.of(), http, new double[]{50_000, 52_000, 49_000}, nio);
        String h2 = "target=reactor-netty,protocol=h2c,transport=epoll,connections=16";
        String h1 = "target=reactor-netty,protocol=http1.1,transport=epoll,connections=16";
        ClaimResult stale = new ClaimResult("h2c > http1.1", "seed.txt", null, "throughput_rps", ">",
                List.of(new ClaimResult.Measured(h2, "h2c", null, null, null),
                        new ClaimResult.Measured(h1, "http1.1", null, null, null)), "confirmed", null, null);
        Comparison c = Comparison.of(withClaims(a, List.of(stale)), withClaims(b, List.of(stale)));
        assertEquals(1, c.claims().size());
        ClaimMove m = c.claims().get(0);
        assertEquals("confirmed", m.a(), m.text());
        assertTrue(!m.b().equals("confirmed"), m.text());
    }
}
