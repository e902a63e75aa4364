package dev.fluxlab.it.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.runner.registry.LaunchDef;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTTP contract every registry target answers, checked the way TechEmpower's verifier checks: status, exact
 * body, {@code Content-Type}, a {@code Content-Length} equal to the body, {@code Server} and an RFC 1123 {@code Date};
 * plus the path-variable routes of the frameworks suite, a 404, three pipelined requests in one write, and HTTP/1.0
 * keep-alive exactly when the registry says the target has it (ab's {@code -k} depends on that). Each target runs
 * as the runner starts it: a child JVM from its registry entry, stopped with SIGTERM (exit 0). A target added to the
 * registry (e.g. webflux-netty) is covered without touching this test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TargetContractTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final TargetRegistry registry = TargetRegistry.builtIn();
    private final Map<String, Process> running = new LinkedHashMap<>();
    private final Map<String, Integer> ports = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> readiness = new LinkedHashMap<>();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /**
     * Every registry target that declares the shared contract, and each of its stacks (another release line from its
     * own classpath, named {@code <target> <knob>=<value>}); the servers known to serve it must be among them.
     */
    List<String> targets() {
        List<String> names = new ArrayList<>(launches().keySet());
        org.junit.jupiter.api.Assertions.assertTrue(names.containsAll(List.of("reactor-netty", "netty", "undertow", "webflux-netty", "webflux-undertow", "mvc-tomcat", "webflux-undertow-native", "reactor-netty reactor-netty-version=1.2.18", "webflux-netty stack=boot-3.5")),
                "the contract targets: " + names);
        return names;
    }

    /** The launches {@link #targets()} names; a stack's carries its knob flag, as the runner passes it. */
    private Map<String, LaunchDef> launches() {
        Map<String, LaunchDef> out = new LinkedHashMap<>();
        for (String n : registry.targetNames()) {
            LaunchDef def = registry.target(n).orElseThrow();
            if (def.servesPlaintextContract()) {
                out.put(n, def);
                def.stackLaunches().forEach((knob, stack) -> out.put(n + " " + knob, stack));
            }
        }
        return out;
    }

    @BeforeAll
    void startAll() throws Exception {
        // start every target first, so their JVM start-ups overlap
        launches().forEach((name, def) -> {
            List<String> cmd = new ArrayList<>();
            cmd.add(TargetRegistry.java());
            cmd.addAll(def.jvmOrEmpty());
            cmd.add("-XX:TieredStopAtLevel=1");
            cmd.add("-cp");
            cmd.add(registry.classpath(def));
            cmd.add(def.main());
            cmd.addAll(def.argsOrEmpty());
            if (name.contains(" ")) {
                cmd.add("--" + name.substring(name.indexOf(' ') + 1)); // the stack knob's flag: the target checks it
            }
            try {
                running.put(name, new ProcessBuilder(cmd).redirectErrorStream(true).start());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        for (var e : running.entrySet()) {
            ReadinessAttributes ready = ReadyLine.await(e.getKey(), e.getValue());
            ports.put(e.getKey(), ready.port().orElseThrow());
            readiness.put(e.getKey(), ready.values());
        }
    }

    /**
     * A stack reports, from the jars it loaded, the release its knob value names (readiness, StackVersions): that very
     * release ({@code 1.2.18}) or one of its line ({@code boot-3.5}: a 3.5.x).
     */
    @ParameterizedTest
    @MethodSource("targets")
    void aStackReportsTheReleaseItLoaded(String target) {
        org.junit.jupiter.api.Assumptions.assumeTrue(target.contains("="), "not a stack");
        String release = target.substring(target.indexOf('=') + 1).replaceFirst("^\\D+", "");
        Map<String, String> versions = dev.fluxlab.model.StackVersions.of(readiness.get(target));
        assertNotNull(versions, target + ": no release on its readiness line " + readiness.get(target));
        assertTrue(versions.values().stream().anyMatch(v -> v.equals(release) || v.startsWith(release + ".")),
                target + " reported " + versions);
    }



    /**
     * The registry's {@code announces} of the target (what a later process may take as {@code ${process.attribute}},
     * checked before a run) holds every attribute its readiness line really carries, so no reference to it is refused.
     */
    @ParameterizedTest
    @MethodSource("targets")
    void theRegistryDeclaresEveryAttributeTheReadinessLineCarries(String target) {
        java.util.Set<String> declared = launches().get(target).readinessAttributes();
        List<String> undeclared = readiness.get(target).keySet().stream().filter(a -> !declared.contains(a)).toList();
        assertEquals(List.of(), undeclared, target + ": on its readiness line, not in its registry 'announces' "
                + readiness.get(target));
    }

    @AfterAll
    void stopAll() throws InterruptedException {
        for (var e : running.entrySet()) {
            e.getValue().destroy();
        }
        for (var e : running.entrySet()) {
            assertTrue(e.getValue().waitFor(15, TimeUnit.SECONDS), e.getKey() + " did not stop on SIGTERM");
            assertEquals(0, e.getValue().exitValue(), e.getKey() + " exit code after SIGTERM");
        }
    }

    private HttpResponse<String> get(String target, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + ports.get(target) + path))
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void assertCommonHeaders(String target, HttpResponse<String> r, String contentType) {
        String where = target + " " + r.uri().getPath();
        assertEquals(200, r.statusCode(), where);
        String ct = r.headers().firstValue("content-type").orElse(null);
        assertNotNull(ct, where + ": Content-Type");
        assertTrue(ct.toLowerCase(Locale.ROOT).startsWith(contentType), where + ": Content-Type " + ct);
        long length = r.headers().firstValueAsLong("content-length").orElse(-1);
        assertEquals(r.body().getBytes(StandardCharsets.UTF_8).length, length, where + ": Content-Length");
        assertFalse(r.headers().firstValue("server").orElse("").isBlank(), where + ": Server");
        String date = r.headers().firstValue("date").orElse(null);
        assertNotNull(date, where + ": Date");
        ZonedDateTime d = ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME);
        assertTrue(Math.abs(Duration.between(d, ZonedDateTime.now()).toSeconds()) < 60, where + ": Date " + date);
    }

    @ParameterizedTest
    @MethodSource("targets")
    void plaintext(String target) throws Exception {
        HttpResponse<String> r = get(target, "/plaintext");
        assertCommonHeaders(target, r, "text/plain");
        assertEquals("Hello, World!", r.body());
    }

    @ParameterizedTest
    @MethodSource("targets")
    void json(String target) throws Exception {
        HttpResponse<String> r = get(target, "/json");
        assertCommonHeaders(target, r, "application/json");
        JsonNode n = JSON.readTree(r.body());
        assertEquals(1, n.size(), r.body());
        assertEquals("Hello, World!", n.get("message").asText());
    }

    @ParameterizedTest
    @MethodSource("targets")
    void pathVariables(String target) throws Exception {
        HttpResponse<String> hello = get(target, "/hello/fluxlab");
        assertCommonHeaders(target, hello, "text/plain");
        assertEquals("Hello, fluxlab!", hello.body());
        HttpResponse<String> orders = get(target, "/users/u-1/orders/42");
        assertCommonHeaders(target, orders, "application/json");
        assertEquals(JSON.readTree("{\"user\":\"u-1\",\"order\":\"42\"}"), JSON.readTree(orders.body()));
        assertEquals(404, get(target, "/nothing/here").statusCode());
    }

    @ParameterizedTest
    @MethodSource("targets")
    void pipelinedRequestsInOneWrite(String target) throws Exception {
        try (Socket s = new Socket("127.0.0.1", ports.get(target))) {
            s.setSoTimeout(10_000);
            String req = "GET /plaintext HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
            OutputStream out = s.getOutputStream();
            out.write((req + req.replace("/plaintext", "/json") + req).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            assertEquals("Hello, World!", readResponse(in).body());
            assertEquals(JSON.readTree("{\"message\":\"Hello, World!\"}"), JSON.readTree(readResponse(in).body()));
            assertEquals("Hello, World!", readResponse(in).body());
        }
    }

    @ParameterizedTest
    @MethodSource("targets")
    void http10KeepAliveAsTheRegistrySays(String target) throws Exception {
        boolean declared = !Boolean.FALSE.equals(launches().get(target).http10KeepAlive());
        try (Socket s = new Socket("127.0.0.1", ports.get(target))) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write("GET /plaintext HTTP/1.0\r\nConnection: Keep-Alive\r\nHost: 127.0.0.1\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            Raw r = readResponse(s.getInputStream());
            assertEquals("Hello, World!", r.body());
            boolean keepsAlive = r.headers().getOrDefault("connection", "").equalsIgnoreCase("keep-alive");
            assertEquals(declared, keepsAlive, target + ": registry http10_keep_alive says " + declared
                    + " but the reply headers are " + r.headers());
        }
    }

    /**
     * The raw Netty server answers a request its codec cannot read as the other servers do (400, 414, 431) and closes:
     * it left such a request unanswered and the connection open, so a load against it hung until its timeout.
     */
    @org.junit.jupiter.api.Test
    void theNettyServerAnswersRequestsItCannotRead() throws Exception {
        String[][] cases = {
                {"GARBAGE\r\n\r\n", "400"},
                {"GET /" + "a".repeat(10_000) + " HTTP/1.1\r\nHost: x\r\n\r\n", "414"},
                {"GET /plaintext HTTP/1.1\r\nHost: x\r\nX-Big: " + "b".repeat(9_000) + "\r\n\r\n", "431"},
                {"POST /plaintext HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", "400"},
        };
        for (String[] c : cases) {
            try (Socket s = new Socket("127.0.0.1", ports.get("netty"))) {
                s.setSoTimeout(10_000);
                s.getOutputStream().write(c[0].getBytes(StandardCharsets.US_ASCII));
                Raw r = readResponse(s.getInputStream());
                assertTrue(r.status().startsWith("HTTP/1.1 " + c[1] + " "), c[1] + " for " + c[0].substring(0,
                        Math.min(40, c[0].length())) + ": " + r.status());
                assertEquals(-1, s.getInputStream().read(), "then the connection closes");
            }
        }
    }

    record Raw(String status, Map<String, String> headers, String body) {
    }

    private static Raw readResponse(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed inside a response head: " + head);
            }
            head.write(b);
            matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3))
                    ? matched + 1 : 0;
        }
        String[] lines = head.toString(StandardCharsets.US_ASCII).split("\r\n");
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int c = lines[i].indexOf(':');
            if (c > 0) {
                headers.put(lines[i].substring(0, c).trim().toLowerCase(Locale.ROOT), lines[i].substring(c + 1).trim());
            }
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "-1"));
        if (length < 0) {
            throw new IOException("no Content-Length in " + headers);
        }
        byte[] body = in.readNBytes(length);
        return new Raw(lines[0], headers, new String(body, StandardCharsets.UTF_8));
    }
}
