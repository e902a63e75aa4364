package dev.fluxlab.runner.fake;

import com.sun.net.httpserver.HttpServer;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * TEST ONLY: a tiny HTTP/1.1 target on the JDK's built-in server, for end-to-end runs of external injectors:
 * {@code /plaintext} answers 200 "Hello, World!", anything else 404. Prints the readiness line; bounded lifetime.
 */
public final class FakeHttpTarget {

    public static void main(String[] args) throws Exception {
        dev.fluxlab.model.ParentWatch.startFromEnvironment();   // as every real fluxlab JVM does
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 128);
        byte[] body = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
        server.createContext("/", ex -> {
            ex.getRequestBody().readAllBytes();
            boolean ok = ex.getRequestURI().getPath().equals("/plaintext");
            ex.getResponseHeaders().add("Content-Type", "text/plain");
            ex.sendResponseHeaders(ok ? 200 : 404, ok ? body.length : -1);
            if (ok) {
                ex.getResponseBody().write(body);
            }
            ex.close();
        });
        server.setExecutor(Executors.newFixedThreadPool(2));
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> server.stop(0)));
        System.out.println("fluxlab-ready port=" + server.getAddress().getPort() + " protocol=http1.1 transport=nio");
        Thread.sleep(120_000); // bounded even if nobody stops it
        server.stop(0);
        System.exit(0);
    }
}
