package dev.fluxlab.cli.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code fluxlab serve reactor-netty} as the runner starts it: a child JVM that prints exactly one readiness line on
 * stdout, answers, and exits 0 on SIGTERM ({@link Process#destroy()}).
 */
class ServeProcessTest {

    @ParameterizedTest
    @ValueSource(strings = {"native", "nio", "epoll", "io_uring"})
    void childProcessIsReadyAnswersAndExitsZeroOnSigterm(String transport, @TempDir Path dir) throws Exception {
        Path stderr = dir.resolve("stderr.txt");
        Path stdout = dir.resolve("stdout.txt");
        Process p = serve(stdout, stderr, List.of(), "--port", "0", "--protocol", "http1.1+h2c", "--workers", "2",
                "--transport", transport);
        try {
            String line = awaitFirstLine(p, stdout);
            assertNotNull(line, () -> "no readiness line; exited: " + !p.isAlive() + "; stderr: " + read(stderr));
            ReadinessAttributes ready = Readiness.parse(line).orElseThrow(
                    () -> new AssertionError("first stdout line is not a readiness line: " + line));
            assertEquals("http1.1+h2c", ready.get(Readiness.PROTOCOL));
            assertEquals("2", ready.get(Readiness.WORKERS));
            if (transport.equals("native")) {
                assertTrue(List.of("io_uring", "epoll", "nio").contains(ready.get(Readiness.TRANSPORT)), line);
            } else {
                assertEquals(transport, ready.get(Readiness.TRANSPORT), line);
            }
            int port = ready.port().orElseThrow();
            assertTrue(port > 0, line);

            try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/json")).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode());
                assertEquals("{\"message\":\"Hello, World!\"}", r.body());
            }
            assertTrue(read(stderr).contains("fluxlab serve reactor-netty: plain Reactor Netty server, "
                    + "protocol=http1.1+h2c"), () -> read(stderr));

            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "stopped within 30 s of SIGTERM");
            assertEquals(0, p.exitValue(), () -> "exit code after SIGTERM; stderr: " + read(stderr));
            assertEquals(line + "\n", read(stdout), "nothing but the readiness line on stdout");
        } finally {
            if (p.isAlive()) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** {@code --work 1000}, the knob a suite sets for a known CPU cost, still serves the contract's /plaintext. */
    @Test
    void workKnobServesPlaintext(@TempDir Path dir) throws Exception {
        Path stderr = dir.resolve("stderr.txt");
        Path stdout = dir.resolve("stdout.txt");
        Process p = serve(stdout, stderr, List.of(), "--work", "1000", "--workers", "1");
        try {
            String line = awaitFirstLine(p, stdout);
            assertNotNull(line, () -> "no readiness line; exited: " + !p.isAlive() + "; stderr: " + read(stderr));
            int port = Readiness.parse(line).orElseThrow().port().orElseThrow();
            try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/plaintext")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode());
                assertEquals("Hello, World!", r.body());
            }
            assertTrue(read(stderr).contains(" work=1000"), () -> read(stderr));
        } finally {
            p.destroy();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void explicitTransportThatIsUnavailableFailsWithNettysCause(@TempDir Path dir) throws Exception {
        Path stderr = dir.resolve("stderr.txt");
        Path stdout = dir.resolve("stdout.txt");
        // Netty's own switch makes epoll unavailable in the child, with a cause Netty words itself
        Process p = serve(stdout, stderr, List.of("-Dio.netty.transport.noNative=true"), "--transport", "epoll");
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "exits by itself");
            assertEquals(1, p.exitValue(), () -> read(stderr));
            String err = read(stderr);
            assertTrue(err.contains("transport epoll is not available on this machine")
                    && err.contains("io.netty.transport.noNative"), err);
            assertEquals("", read(stdout), "no readiness line");
        } finally {
            if (p.isAlive()) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private static Process serve(Path stdout, Path stderr, List<String> jvmOptions, String... args)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.fluxlab.cli.Main", "serve",
                "reactor-netty"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(stderr.toFile()).redirectOutput(stdout.toFile()).start();
    }

    /** The first complete stdout line, polling for at most 60 s (bounded), or null if the process died first. */
    private static String awaitFirstLine(Process p, Path stdout) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            String text = read(stdout);
            int nl = text.indexOf('\n');
            if (nl >= 0) {
                return text.substring(0, nl);
            }
            if (!p.isAlive()) {
                return null;
            }
            Thread.sleep(50);
        }
        return null;
    }

    private static String read(Path p) {
        try {
            return Files.exists(p) ? Files.readString(p) : "";
        } catch (IOException e) {
            return e.toString();
        }
    }
}
