package dev.fluxlab.targets.reactor.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * No response buffer is orphaned when the client goes away while its response is being produced off the event loop
 * (after the mock API's delay, on a fan-out strategy's scheduler, on a stress endpoint's pool, after a stall): what
 * the injector does when it closes its connections at the end of a measurement. The targets run in a child JVM
 * ({@link LeakProbe}) under {@code -Dio.netty.leakDetection.level=paranoid}, which tracks every buffer; each case
 * sends requests on many connections, resets each one at a random moment around the time its answer is due, forces
 * a GC, and fails on any {@code LEAK:} report in the child's output.
 */
class ResponseLeakTest {

    private static final int CONNECTIONS = 250;
    private static final int CONCURRENCY = 16;

    @TempDir
    static Path dir;
    private static Process child;
    private static Writer commands;
    private static BufferedReader replies;
    private static Path stderr;
    private static Map<String, Integer> ports;

    @BeforeAll
    static void startProbe() throws IOException {
        stderr = dir.resolve("probe-stderr.txt");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dio.netty.leakDetection.level=paranoid", "-Xmx256m",
                "-cp", System.getProperty("java.class.path"), LeakProbe.class.getName());
        child = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        commands = new OutputStreamWriter(child.getOutputStream(), StandardCharsets.UTF_8);
        replies = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        String line = replies.readLine();
        assertNotNull(line, () -> "the probe did not start: " + read(stderr));
        ports = new HashMap<>();
        for (String kv : line.trim().split(" ")) {
            String[] p = kv.split("=");
            ports.put(p[0], Integer.parseInt(p[1]));
        }
    }

    @AfterAll
    static void stopProbe() throws Exception {
        if (child == null) {
            return;
        }
        try {
            commands.close(); // end of input: the probe closes its servers and exits
            if (!child.waitFor(30, TimeUnit.SECONDS)) {
                child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } finally {
            if (child.isAlive()) {
                child.destroyForcibly();
            }
        }
    }

    @ParameterizedTest(name = "{0} {1} {2}, reset within {3} ms")
    @CsvSource({
        "mock,   GET,  /component/1,           45",
        "fanout, GET,  /fanout/mono,           45",
        "fanout, GET,  /fanout/subscribe-on,   45",
        "fanout, GET,  /fanout/parallel,       45",
        "fanout, GET,  /fanout/parallel-n,     45",
        "stress, GET,  /stress-benchmark-01,   12",
        "stress, GET,  /stress-benchmark-02,   12",
        "stress, GET,  /stress-benchmark-03,   4",
        "stress, GET,  /stress-benchmark-06,   12",
        "stall,  POST, /post,                  45"})
    void noBufferLeaksWhenClientsResetWhileTheAnswerIsPending(String target, String method, String path,
                                                               int resetWithinMs) throws Exception {
        int port = ports.get(target);
        byte[] request = request(method, path);
        assertTrue(answer(port, request).startsWith("HTTP/1.1 200 "), "the probe answers " + path);
        long before = Files.size(stderr);

        SplittableRandom random = new SplittableRandom(path.hashCode());
        ExecutorService clients = Executors.newFixedThreadPool(CONCURRENCY);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < CONNECTIONS; i++) {
                long holdMicros = random.nextLong(resetWithinMs * 1000L + 1);
                done.add(clients.submit(() -> {
                    sendAndReset(port, request, holdMicros);
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            clients.shutdownNow();
        }
        assertTrue(answer(port, request).startsWith("HTTP/1.1 200 "), "the probe still answers " + path);

        commands.write("gc\n");
        commands.flush();
        assertEquals("gc-done", replies.readLine(), () -> "the probe stopped: " + read(stderr));
        String output = read(stderr).substring((int) before);
        assertFalse(output.contains("LEAK:"), () -> "response buffers leaked for " + method + " " + path
                + " when clients reset while the answer was pending:\n" + output);
    }

    private static byte[] request(String method, String path) {
        String body = method.equals("POST") ? "{\"probe\":true}" : "";
        String head = method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + (body.isEmpty() ? "" : "Content-Type: application/json\r\nContent-Length: " + body.length() + "\r\n")
                + "\r\n";
        return (head + body).getBytes(StandardCharsets.US_ASCII);
    }

    /** Sends one request and resets the connection (SO_LINGER 0: an RST, as a closing client does) after a while. */
    private static void sendAndReset(int port, byte[] request, long holdMicros) throws Exception {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            s.setSoLinger(true, 0);
            s.getOutputStream().write(request);
            s.getOutputStream().flush();
            TimeUnit.MICROSECONDS.sleep(holdMicros);
        } catch (IOException e) {
            // the server may have answered and closed first: nothing to check here
        }
    }

    /** The status line and headers of one complete exchange (bounded by a read timeout). */
    private static String answer(int port, byte[] request) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(request);
            out.flush();
            InputStream in = s.getInputStream();
            StringBuilder head = new StringBuilder();
            int c;
            while ((c = in.read()) >= 0) {
                head.append((char) c);
                if (head.length() >= 4 && head.lastIndexOf("\r\n\r\n") == head.length() - 4) {
                    break;
                }
            }
            return head.toString();
        }
    }

    private static String read(Path p) {
        try {
            return Files.exists(p) ? Files.readString(p) : "";
        } catch (IOException e) {
            return e.toString();
        }
    }
}
