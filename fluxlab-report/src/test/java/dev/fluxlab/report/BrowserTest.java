package dev.fluxlab.report;

import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.Stat;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * Opens report.html in headless Chromium: takes a screenshot (target/report-screenshot.png, for people) and dumps the
 * DOM after the scripts ran, to check that every chart drew and no script error was caught. Chromium is required
 * (CI installs it); only {@code -Dfluxlab.skipBrowser=true} skips this test.
 */
class BrowserTest {

    private static final long TIMEOUT_S = 90;

    @Test
    void reportRendersInARealBrowserWithoutErrors() throws Exception {
        assumeFalse(Boolean.getBoolean("fluxlab.skipBrowser"), "skipped: -Dfluxlab.skipBrowser=true");
        String chromium = findChromium();
        Path target = Path.of("target").toAbsolutePath();
        Path dir = target.resolve("browser-test");
        Files.createDirectories(dir);
        Path html = dir.resolve("report.html");
        // the fixture also stays here as results.json, to try 'fluxlab report' and 'compare' by hand
        dev.fluxlab.model.Json.writeAtomically(dir.resolve("results.json"), Fixtures.run());
        ReportFiles.writeAtomically(html, HtmlReport.render(Fixtures.run()));
        Path screenshot = target.resolve("report-screenshot.png");
        Files.deleteIfExists(screenshot);

        run(chromium, dir, "screenshot", "--screenshot=" + screenshot, "--window-size=1280,2400",
                "--virtual-time-budget=5000", html.toUri().toString());
        assertTrue(Files.size(screenshot) > 20_000, "screenshot written and not blank: " + Files.size(screenshot) + " bytes");

        String dom = run(chromium, dir, "dom", "--dump-dom", "--virtual-time-budget=5000", "--window-size=1280,2400",
                html.toUri().toString());
        Files.writeString(dir.resolve("report-dom.html"), dom);
        String body = firstMatch(dom, "<body[^>]*>");
        assertEquals("9", attribute(body, "data-charts-expected"), body);
        assertEquals("9", attribute(body, "data-charts-drawn"), "every chart drew: " + body);
        assertEquals("true", attribute(body, "data-charts-ready"), body);
        String errors = firstMatch(dom, "<div id=\"js-errors\"[^>]*>[\\s\\S]*?</div>");
        assertTrue(errors.contains("hidden") && errors.endsWith("></div>"), "no JavaScript error was caught: " + errors);
        assertTrue(dom.contains("<canvas id=\"chart-latency-0\""), "the canvases are still in place");
    }

    @Test
    void aReportWithoutHistogramsOrTimelinesStillRendersWithoutErrors() throws Exception {
        assumeFalse(Boolean.getBoolean("fluxlab.skipBrowser"), "skipped: -Dfluxlab.skipBrowser=true");
        String dom = renderedDom("browser-test-sparse", Fixtures.sparse());
        String body = firstMatch(dom, "<body[^>]*>");
        assertEquals("1", attribute(body, "data-charts-expected"), "only the throughput chart has data: " + body);
        assertEquals("1", attribute(body, "data-charts-drawn"), body);
        assertEquals("true", attribute(body, "data-charts-ready"), body);
        assertNoScriptError(dom);
        assertTrue(dom.contains("No latency histogram recorded."), "empty charts say why");
    }

    @Test
    void markupInLabelsBreaksNoChart() throws Exception {
        assumeFalse(Boolean.getBoolean("fluxlab.skipBrowser"), "skipped: -Dfluxlab.skipBrowser=true");
        String dom = renderedDom("browser-test-markup", Fixtures.markupInLabels());
        String body = firstMatch(dom, "<body[^>]*>");
        assertEquals("9", attribute(body, "data-charts-drawn"), "every chart drew: " + body);
        assertNoScriptError(dom);
    }

    @Test
    void wideTablesScrollInsideTheirSectionNotThePageAndClaimsWrap() throws Exception {
        assumeFalse(Boolean.getBoolean("fluxlab.skipBrowser"), "skipped: -Dfluxlab.skipBrowser=true");
        // a seed's claims carry sentences of evidence and quotes from the seed: they must wrap within the page's width
        String words = "no-colocation was measured while JVM 20070 (target) was still compiling (9 compilations, "
                + "171 ms of compile time in 3 s) ".repeat(3);
        RunResult wide = Fixtures.longLabels("_" + "x".repeat(160));
        RunResult run = ClaimsReportTest.withClaims(wide, List.of(new ClaimResult(
                "colocation off about doubles Get (5 connections) ".repeat(2), "000_seed.txt",
                "Gatling/Get/5 cnx: default 45757.933, colocation disabled 77667.383 reqs/sec ".repeat(3),
                "throughput_rps", ">= 1.5x", List.of(new ClaimResult.Measured("a", "no-colocation", 77667.0,
                        new Stat(13845, 13800, 13900, 13845, 50, 2), true)), "inconclusive", words, words)));
        // a probe appended for the test only: how far the page, and the claims table in its section, scroll sideways
        String html = HtmlReport.render(run).replace("</body>", "<script>window.addEventListener('load', function () "
                + "{ setTimeout(function () { var d = document.documentElement, b = document.body, "
                + "c = document.querySelector('#claims .scroll'); b.setAttribute('data-overflow-x', "
                + "String(d.scrollWidth - d.clientWidth)); b.setAttribute('data-claims-overflow-x', "
                + "String(c.scrollWidth - c.clientWidth)); }, 0); });</script></body>");
        Path dir = Path.of("target").toAbsolutePath().resolve("browser-test-wide");
        Files.createDirectories(dir);
        Path file = dir.resolve("report.html");
        ReportFiles.writeAtomically(file, html);
        String dom = run(findChromium(), dir, "dom", "--dump-dom", "--virtual-time-budget=5000",
                "--window-size=1280,2400", file.toUri().toString());
        String body = firstMatch(dom, "<body[^>]*>");
        assertEquals("0", attribute(body, "data-overflow-x"), "the page scrolls sideways by this many pixels at 1280 px");
        assertEquals("0", attribute(body, "data-claims-overflow-x"),
                "the claims table is this many pixels wider than its section at 1280 px");
    }

    /** The DOM of {@code run}'s report.html, written into target/{@code dirName}, after its scripts ran in Chromium. */
    private static String renderedDom(String dirName, dev.fluxlab.model.run.RunResult run) throws Exception {
        String chromium = findChromium();
        Path dir = Path.of("target").toAbsolutePath().resolve(dirName);
        Files.createDirectories(dir);
        Path html = dir.resolve("report.html");
        ReportFiles.writeAtomically(html, HtmlReport.render(run));
        return run(chromium, dir, "dom", "--dump-dom", "--virtual-time-budget=5000", "--window-size=1280,2400",
                html.toUri().toString());
    }

    private static void assertNoScriptError(String dom) {
        String errors = firstMatch(dom, "<div id=\"js-errors\"[^>]*>[\\s\\S]*?</div>");
        assertTrue(errors.contains("hidden") && errors.endsWith("></div>"), "no JavaScript error was caught: " + errors);
    }

    @Test
    void aScriptErrorIsCaughtAndShownOnThePage() throws Exception {
        assumeFalse(Boolean.getBoolean("fluxlab.skipBrowser"), "skipped: -Dfluxlab.skipBrowser=true");
        String chromium = findChromium();
        Path dir = Path.of("target").toAbsolutePath().resolve("browser-test-broken");
        Files.createDirectories(dir);
        Path html = dir.resolve("report.html");
        // the check above is only worth something if it can see an error: break the data on purpose
        String broken = HtmlReport.render(Fixtures.run()).replace("id=\"fluxlab-data\">{", "id=\"fluxlab-data\">{oops");
        ReportFiles.writeAtomically(html, broken);
        String dom = run(chromium, dir, "dom", "--dump-dom", "--virtual-time-budget=5000", html.toUri().toString());
        String errors = firstMatch(dom, "<div id=\"js-errors\"[^>]*>[\\s\\S]*?</div>");
        assertTrue(errors.contains("JavaScript error") && !errors.contains("hidden"), "the error is visible: " + errors);
        assertEquals("0", attribute(firstMatch(dom, "<body[^>]*>"), "data-charts-drawn"));
    }

    private static String run(String chromium, Path dir, String name, String... args) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(dir, "profile-");
        Path out = dir.resolve(name + ".stdout");
        Path err = dir.resolve(name + ".stderr");
        List<String> command = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
                fail("chromium (" + name + ") did not finish within " + TIMEOUT_S + " s; stderr: " + tail(err));
            }
            assertEquals(0, p.exitValue(), "chromium (" + name + ") exit code; stderr: " + tail(err));
            return Files.readString(out, StandardCharsets.UTF_8);
        } finally {
            // only what this test started: the browser and its helper processes
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            deleteTree(profile);
        }
    }

    private static String findChromium() {
        String configured = System.getProperty("fluxlab.chromium");
        if (configured != null && new File(configured).canExecute()) {
            return configured;
        }
        List<String> candidates = new ArrayList<>(List.of("/usr/bin/chromium", "/usr/bin/chromium-browser"));
        String path = System.getenv("PATH");
        if (path != null) {
            for (String d : path.split(File.pathSeparator)) {
                candidates.add(d + "/chromium");
            }
        }
        for (String c : candidates) {
            if (new File(c).canExecute()) {
                return c;
            }
        }
        return fail("headless Chromium is needed for the report's browser test and was not found: "
                + "install it with 'apt-get install chromium' (or run with -Dfluxlab.skipBrowser=true to skip this test explicitly)");
    }

    private static String firstMatch(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), "no match for " + regex + " in the dumped DOM (" + text.length() + " chars)");
        return m.group();
    }

    private static String attribute(String tag, String name) {
        Matcher m = Pattern.compile("\\s" + Pattern.quote(name) + "=\"([^\"]*)\"").matcher(tag);
        return m.find() ? m.group(1) : null;
    }

    private static String tail(Path file) {
        try {
            String s = Files.readString(file);
            return s.length() > 2000 ? s.substring(s.length() - 2000) : s;
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
