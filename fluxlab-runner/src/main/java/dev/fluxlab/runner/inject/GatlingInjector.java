package dev.fluxlab.runner.inject;

import dev.fluxlab.model.contract.GatlingArgs;
import dev.fluxlab.model.contract.GatlingWindowLine;
import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.model.inject.InjectorTraits;
import dev.fluxlab.model.inject.Injectors;
import dev.fluxlab.model.load.LatencySummary;
import dev.fluxlab.model.load.LoadResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Gatling (the seeds' own injector) as a peer of fluxlab's: a JVM on its own classpath (module fluxlab-gatling) that
 * runs fluxlab's one simulation, {@code dev.fluxlab.gatling.FluxlabSimulation}, parameterised by the cell through
 * {@code -Dfluxlab.gatling.*} properties ({@link GatlingArgs}). The simulation warms up and measures in the same JVM
 * (so Gatling's own JIT is warm when the measured phase starts), names the two phases' requests {@code warmup} and
 * {@code measure}, and prints the measured window's length ({@link GatlingWindowLine}). The result is read from the
 * HTML report Gatling writes (3.14 keeps its statistics there; its simulation.log is a binary format of its own): the
 * {@code measure} requests' row of the statistics table (counts, min/mean/sd/max and the 50/75/90/99 percentiles,
 * asked for through Gatling's charting indicators, over all responses as Gatling computes them) and their errors by
 * message (classed here); throughput is the OK count over the measured window.
 *
 * <p>What Gatling is not driven to do here: h2c (Gatling's HTTP/2 is TLS with ALPN only), HTTP/1.1 pipelining (a
 * virtual user has one request in flight on its connection), methods other than GET and POST, and open-model rates.
 */
public final class GatlingInjector implements JvmInjector {

    /** The simulation class in module fluxlab-gatling. */
    static final String SIMULATION = "dev.fluxlab.gatling.FluxlabSimulation";
    /** Gatling's launcher. */
    public static final String MAIN = "io.gatling.app.Gatling";
    /** A file of Gatling's classpath that exists once module fluxlab-gatling is built (relative to FLUXLAB_HOME). */
    public static final String CLASSPATH_CHECK = "fluxlab-gatling/target/fluxlab-gatling.jar";
    /**
     * Gatling's launch: its own classpath, built by module fluxlab-gatling's package phase, so Gatling and Scala never
     * sit on fluxlab's; Gatling's stats writer needs {@code java.lang} opened (its own launcher opens it too).
     */
    private static final JvmLaunch LAUNCH = new JvmLaunch("Gatling (injector: gatling)", MAIN,
            List.of(CLASSPATH_CHECK, "fluxlab-gatling/target/lib/*"),
            List.of("--enable-native-access=ALL-UNNAMED", "--add-opens=java.base/java.lang=ALL-UNNAMED"));
    private static final String MEASURE = "measure";
    private static final Pattern REPORT = Pattern.compile("please open the following file: (\\S+?)index\\.html");
    private static final Pattern MEASURE_PAGE = Pattern.compile("href=\"(req_" + MEASURE + "-[^\"]*\\.html)\"");
    private static final Pattern HEADER = Pattern.compile("<th id=\"col-(\\d+)\"[^>]*>(.*?)</th>", Pattern.DOTALL);
    private static final Pattern CELL = Pattern.compile("<td class=\"value [^\"]*col-(\\d+)\">([^<]*)</td>");
    private static final Pattern ERROR_ROW = Pattern.compile(
            "<td class=\"error-col-1[^\"]*\">(.*?)<span.*?<td class=\"value error-col-2[^\"]*\">([0-9,]+)</td>",
            Pattern.DOTALL);
    private static final Pattern TAG = Pattern.compile("<[^>]+>");

    @Override
    public InjectorTraits traits() {
        return Injectors.GATLING;
    }

    @Override
    public JvmLaunch launch() {
        return LAUNCH;
    }

    @Override
    public String versionArtifact() {
        return "gatling-app";
    }

    @Override
    public String classpathCheck() {
        return CLASSPATH_CHECK;
    }

    /** {@link #unsupported(String, int, String, Integer)} of a closed load. */
    @Override
    public Optional<String> unsupported(String protocol, int inFlight, String method) {
        return unsupported(protocol, inFlight, method, null);
    }

    @Override
    public List<String> jvmArguments(LoadRequest request, Duration warmup, int expectStatus, String expectBody,
                                     String classpath, Path results) {
        return arguments(request, warmup, expectStatus, expectBody, classpath, results);
    }

    @Override
    public LoadResult readReport(String output, Path results, LoadRequest request) throws IOException {
        return parse(output, results, request);
    }

    /** Why Gatling cannot run a cell as asked, or empty. */
    public static Optional<String> unsupported(String protocol, int inFlight, String method, Integer rate) {
        if (rate != null) {
            return Optional.of("the gatling injector runs the closed model only (connections x in_flight); an open-model "
                    + "rate needs fluxlab's injector");
        }
        if (WireProtocol.H2C.label().equals(protocol)) {
            return Optional.of("Gatling speaks HTTP/2 over TLS only (ALPN), not h2c; give the target protocol h2");
        }
        boolean http11 = WireProtocol.HTTP11.label().equals(protocol);
        if (!http11 && !WireProtocol.H2.label().equals(protocol)) {
            return Optional.of("Gatling is driven here over h2 (TLS) or HTTP/1.1, not " + protocol);
        }
        if (http11 && inFlight > 1) {
            return Optional.of("Gatling cannot pipeline HTTP/1.1 (in_flight " + inFlight + "); use h2, or wrk / h2load --h1");
        }
        if (!"GET".equals(method) && !"POST".equals(method)) {
            return Optional.of("the gatling injector sends GET and POST only, not " + method);
        }
        return Optional.empty();
    }

    /**
     * The Gatling JVM's arguments after {@code java}: the cell as system properties, Gatling's settings (no warm-up
     * call to the internet, no usage analytics, percentiles 50/75/90/99, the request timeout), the classpath,
     * Gatling's launcher with the simulation and a results folder.
     *
     * @param warmup       the in-JVM warm-up phase
     * @param expectStatus the status every response must have
     * @param expectBody   the exact body, or null
     * @param results      Gatling's results folder (inside the cell folder)
     */
    public static List<String> arguments(LoadRequest r, Duration warmup, int expectStatus, String expectBody,
                                         String classpath, Path results) {
        GatlingArgs cell = cell(r, warmup, expectStatus, expectBody);
        List<String> cmd = new ArrayList<>(cell.jvmOptions());
        cmd.add("-Dgatling.http.requestTimeout=" + cell.timeout().toMillis());
        cmd.add("-Dgatling.http.warmUpUrl=");
        cmd.add("-Dgatling.data.enableAnalytics=false");
        cmd.add("-Dgatling.charting.indicators.percentile3=90");
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(MAIN);
        cmd.add("--simulation");
        cmd.add(SIMULATION);
        cmd.add("--results-folder");
        cmd.add(results.toString());
        return cmd;
    }

    /** The cell as the simulation reads it: the request's load, the warm-up, the checks, the default timeout. */
    private static GatlingArgs cell(LoadRequest r, Duration warmup, int expectStatus, String expectBody) {
        return new GatlingArgs(r.url(), r.protocol(), r.connections(), r.inFlight(), warmup, r.duration(),
                r.requests(), r.method(), r.bodyFile(), r.headers(), expectStatus, expectBody,
                r.timeout() == null ? LoadArgs.DEFAULT_TIMEOUT : r.timeout());
    }

    /**
     * Reads one run: the measured window from {@code output} (the simulation's last line before Gatling's report), the
     * {@code measure} requests' figures from the report Gatling wrote under {@code results}: their row of the
     * statistics table in {@code index.html}, and their errors by message from their own page.
     *
     * @throws IllegalArgumentException when the run left no usable result (the message says what Gatling said)
     */
    public static LoadResult parse(String output, Path results, LoadRequest r) throws IOException {
        Path report = reportFolder(output, results);
        if (report == null) {
            throw new IllegalArgumentException("gatling wrote no report under " + results + ": " + ToolOutput.tail(output));
        }
        String index = Files.readString(report.resolve("index.html"));
        Matcher page = MEASURE_PAGE.matcher(index);
        String errorsPage = page.find() && Files.isRegularFile(report.resolve(page.group(1)))
                ? Files.readString(report.resolve(page.group(1))) : "";
        return parse(output, index, errorsPage, r);
    }

    /** {@link #parse(String, Path, LoadRequest)} on the texts: the console output, index.html, the measure page. */
    static LoadResult parse(String output, String indexHtml, String measurePage, LoadRequest r) {
        double seconds = GatlingWindowLine.find(output).map(GatlingWindowLine::seconds).orElse(0.0);
        Map<String, Double> row = statsRow(indexHtml, MEASURE);
        if (row.isEmpty() || seconds <= 0) {
            throw new IllegalArgumentException("gatling measured no request: " + ToolOutput.tail(output));
        }
        long ok = Math.round(row.getOrDefault("OK", 0.0));
        long ko = Math.round(row.getOrDefault("KO", 0.0));
        LatencySummary lat = ToolOutput.latency(row.getOrDefault("Mean", Double.NaN),
                row.getOrDefault("Std Dev", Double.NaN), row.getOrDefault("50th pct", Double.NaN),
                row.getOrDefault("75th pct", Double.NaN), row.getOrDefault("90th pct", Double.NaN),
                row.getOrDefault("99th pct", Double.NaN), row.getOrDefault("Max", Double.NaN));
        // no byte counts: neither the report nor its simulation log records a response's size, so the document's
        // bytes_received stays unknown (no transfer figure), not 0
        return ToolOutput.result(r, Injectors.GATLING.name(), seconds, ok, errors(measurePage, ko), lat);
    }

    /**
     * The measured phase's KOs by class, from the errors table of the {@code measure} requests' page (Gatling lists
     * each request's errors by message there). When the listed messages do not add up to the KO count, the KOs are
     * one class, {@code ko}, so no count is invented.
     */
    static Map<String, Long> errors(String measurePage, long ko) {
        Map<String, Long> byClass = new LinkedHashMap<>();
        if (ko == 0) {
            return byClass;
        }
        Matcher m = ERROR_ROW.matcher(measurePage);
        long listed = 0;
        while (m.find()) {
            long n = Long.parseLong(m.group(2).replace(",", ""));
            byClass.merge(errorClass(m.group(1)), n, Long::sum);
            listed += n;
        }
        if (listed != ko) {
            byClass.clear();
            byClass.put("ko", ko);
        }
        return byClass;
    }

    /** A class of error from Gatling's message: status, body, timeout, connect, or other. */
    static String errorClass(String message) {
        String m = message.toLowerCase(Locale.ROOT);
        if (m.startsWith("status.")) {
            return "status";
        }
        if (m.startsWith("body")) {
            return "body";
        }
        if (m.contains("timeout") || m.contains("timed out")) {
            return "timeout";
        }
        if (m.contains("connect")) {
            return "connect";
        }
        return "other";
    }

    /** The statistics table's row of request {@code name} in index.html, by column header; empty when absent. */
    static Map<String, Double> statsRow(String indexHtml, String name) {
        Map<String, String> headers = new LinkedHashMap<>();
        Matcher h = HEADER.matcher(indexHtml);
        while (h.find()) {
            headers.putIfAbsent(h.group(1), TAG.matcher(h.group(2)).replaceAll("").trim());
        }
        Map<String, Double> row = new LinkedHashMap<>();
        Matcher r = Pattern.compile("<tr id=\"req_" + Pattern.quote(name) + "-[^\"]*\"(.*?)</tr>", Pattern.DOTALL)
                .matcher(indexHtml);
        if (!r.find()) {
            return row;
        }
        Matcher c = CELL.matcher(r.group(1));
        while (c.find()) {
            String header = headers.get(c.group(1));
            String v = c.group(2).replace(",", "").trim();
            if (header != null && v.matches("[0-9.]+")) {
                row.putIfAbsent(header, Double.parseDouble(v));
            }
        }
        return row;
    }

    /** The report folder Gatling announced, else the newest one under {@code results}; null when there is none. */
    private static Path reportFolder(String output, Path results) throws IOException {
        Matcher m = REPORT.matcher(output);
        String dir = null;
        while (m.find()) {
            dir = m.group(1);
        }
        if (dir != null) {
            Path p = Path.of(dir.replaceFirst("^file://", ""));
            if (Files.isRegularFile(p.resolve("index.html"))) {
                return p;
            }
        }
        if (!Files.isDirectory(results)) {
            return null;
        }
        try (Stream<Path> s = Files.list(results)) {
            return s.filter(p -> Files.isRegularFile(p.resolve("index.html")))
                    .max(Comparator.comparing(p -> p.toFile().lastModified())).orElse(null);
        }
    }
}
