// A tiny HTTP server on the JDK's built-in com.sun.net.httpserver, for fluxlab's "measure your own server" example
// (suites/own-server-ab.yaml) and its tests. Run it as a single source file, without a build:
//
//   java suites/examples/HelloServer.java --port=8080 [--host=127.0.0.1] [--executor=fixed|virtual] [--threads=N]
//
// GET /hello answers "Hello, World!" (text/plain), GET /health answers "ok". It prints one line once it serves:
// "HelloServer started on <host>:<port> (executor ...)". --executor chooses what runs the handlers: a fixed pool of
// --threads platform threads (default: the available processors) or a virtual thread per request.

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

public class HelloServer {

    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OK = "ok".getBytes(StandardCharsets.US_ASCII);

    public static void main(String[] args) throws IOException {
        int port = -1;
        String host = "127.0.0.1";
        String executor = "fixed";
        int threads = Runtime.getRuntime().availableProcessors();
        for (String a : args) {
            String[] kv = a.split("=", 2);
            if (kv.length != 2) {
                fail("expected --name=value, got '" + a + "'");
            }
            switch (kv[0]) {
                case "--port" -> port = Integer.parseInt(kv[1]);
                case "--host" -> host = kv[1];
                case "--executor" -> executor = kv[1];
                case "--threads" -> threads = Integer.parseInt(kv[1]);
                default -> fail("unknown option " + kv[0] + " (--port, --host, --executor, --threads)");
            }
        }
        if (port < 0) {
            fail("give --port=N");
        }
        ExecutorService pool = switch (executor) {
            case "fixed" -> Executors.newFixedThreadPool(threads);
            case "virtual" -> Executors.newVirtualThreadPerTaskExecutor();
            default -> throw fail("--executor is fixed or virtual, not " + executor);
        };
        HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 1024);
        server.createContext("/hello", ex -> answer(ex, HELLO));
        server.createContext("/health", ex -> answer(ex, OK));
        server.setExecutor(pool);
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.stop(0);
            pool.shutdownNow();
            System.out.println("HelloServer stopped");
        }));
        System.out.println("HelloServer started on " + host + ":" + port + " (executor " + executor
                + (executor.equals("fixed") ? ", " + threads + " threads" : "") + ")");
    }

    private static void answer(HttpExchange ex, byte[] body) throws IOException {
        try (ex) {
            ex.getRequestBody().readAllBytes();
            ex.getResponseHeaders().set("Content-Type", "text/plain");
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static IllegalArgumentException fail(String message) {
        System.err.println("HelloServer: " + message);
        System.exit(2);
        return new IllegalArgumentException(message);
    }
}
