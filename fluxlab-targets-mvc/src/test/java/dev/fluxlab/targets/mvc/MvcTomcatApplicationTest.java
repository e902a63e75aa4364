package dev.fluxlab.targets.mvc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.targets.common.stress.StressConfig;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mvc-tomcat} runs handlers where its knobs say: a blocking handler on a Tomcat request thread, or on a
 * virtual thread with {@code --virtual-threads=true}; {@code Callable} on Boot's task executor; the readiness line
 * carries the sizes the theory column needs. The HTTP contract itself is {@code TargetContractTest}'s.
 */
class MvcTomcatApplicationTest {

    /** The thread header of one request, on a connection closed right after (no kept-alive connection left). */
    private static String thread(int port, String path) throws Exception {
        HttpResponse<String> r;
        try (HttpClient http = HttpClient.newHttpClient()) {
            r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        }
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        return r.headers().firstValue("X-Fluxlab-Thread").orElseThrow();
    }

    @Test
    void blockingHandlersRunOnTomcatThreadsOrVirtualThreadsAsTheKnobSays() throws Exception {
        try (MvcTomcatApplication.Started s = MvcTomcatApplication.start(MvcOptions.parse(new String[]{
                "--sleep=0ms", "--thread-header=true", "--max-threads=7"}))) {
            assertTrue(thread(s.port(), "/stress-benchmark-05").matches("http-nio-.*;virtual=false"));
            assertTrue(thread(s.port(), "/stress-benchmark-01").startsWith("fluxlab-async-"));
            assertTrue(thread(s.port(), "/stress-benchmark-02-vt").endsWith("virtual=true"));
            ReadinessAttributes ready = Readiness.parse(s.readinessLine()).orElseThrow();
            assertEquals("7", ready.get(Readiness.WORKERS));
            assertEquals("tomcat-thread", ready.get(Readiness.BLOCKING_EXECUTION));
        }
        try (MvcTomcatApplication.Started s = MvcTomcatApplication.start(MvcOptions.parse(new String[]{
                "--sleep=0ms", "--thread-header=true", "--virtual-threads=true"}))) {
            assertTrue(thread(s.port(), "/stress-benchmark-05").endsWith(";virtual=true"));
            assertTrue(thread(s.port(), "/stress-benchmark-02").endsWith(";virtual=true"));
            assertEquals("virtual", Readiness.parse(s.readinessLine()).orElseThrow().get(Readiness.BLOCKING_EXECUTION));
        }
    }

    /**
     * Tomcat's base directory leaves with the target: Boot's own was left in the temporary folder by every start (91
     * of them in this lab's /tmp), a file written outside the results folder. Checked the way a run stops it: SIGTERM.
     */
    @Test
    void nothingIsLeftInTheTemporaryFolderAfterSigterm(@TempDir Path tmp) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"),
                MvcTomcatApplication.class.getName(), "--port=0")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String ready = new BufferedReader(new InputStreamReader(p.getInputStream())).readLine();
            assertTrue(ready != null && ready.startsWith(Readiness.PREFIX), "readiness: " + ready);
            try (Stream<Path> during = Files.list(tmp)) {
                assertTrue(during.anyMatch(d -> d.getFileName().toString().startsWith("fluxlab-mvc-tomcat")),
                        "Tomcat's base directory is in the JVM's temporary folder while it runs");
            }
            p.destroy();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "stopped on SIGTERM");
            assertEquals(0, p.exitValue());
            try (Stream<Path> after = Files.list(tmp)) {
                assertEquals(List.of(), after.map(x -> x.getFileName().toString())
                        .filter(n -> !n.startsWith("hsperfdata")).toList());
            }
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void stressDefaultsAreStressConfigs() {
        assertEquals(StressConfig.DEFAULTS, MvcOptions.parse(new String[0]).stress());
    }

    @Test
    void badKnobsAreOneClearRefusal() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MvcOptions.parse(new String[]{"--transport=epoll"}));
        assertTrue(e.getMessage().contains("unknown option '--transport'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> MvcOptions.parse(new String[]{"--max-keep-alive-requests=0"}));
        assertTrue(e.getMessage().contains("-1 (unlimited)"), e.getMessage());
        // the pool's bounds are StressConfig's, worded as every target words them
        e = assertThrows(IllegalArgumentException.class, () -> MvcOptions.parse(new String[]{"--async-max=0"}));
        assertEquals("--async-max (0) must be at least --async-core (100)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MvcOptions.parse(new String[]{"--async-core=0"}));
        assertEquals("--async-core must be at least 1, was 0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MvcOptions.parse(new String[]{"--async-queue=-1"}));
        assertEquals("--async-queue must be at least 0, was -1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MvcOptions.parse(new String[]{"--async-max=x"}));
        assertEquals("--async-max: 'x' is not a whole number", e.getMessage());
    }
}
