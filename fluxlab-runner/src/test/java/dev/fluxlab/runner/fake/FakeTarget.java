package dev.fluxlab.runner.fake;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * TEST ONLY: stands in for {@code fluxlab serve <target>}. Prints the readiness line and idles until SIGTERM.
 * {@code --mode}: ok, crash (ready, then exits with 3 after 1 s), never-ready, oom (logs an OutOfMemoryError),
 * warn (logs an Http2Exception stack trace). {@code --pid-dir}: writes {@code <pid>.pid} there.
 */
public final class FakeTarget {

    public static void main(String[] args) throws Exception {
        dev.fluxlab.model.ParentWatch.startFromEnvironment();   // as every real fluxlab JVM does
        Map<String, String> opts = new LinkedHashMap<>();
        for (String a : args) {
            if (a.startsWith("--") && a.contains("=")) {
                opts.put(a.substring(2, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
            }
        }
        String pidDir = opts.get("pid-dir");
        if (pidDir != null) {
            Files.createDirectories(Path.of(pidDir));
            Files.writeString(Path.of(pidDir, ProcessHandle.current().pid() + ".pid"), "target\n");
        }
        String mode = opts.getOrDefault("mode", "ok");
        System.out.println("fake target starting with " + String.join(" ", args));
        if (mode.equals("never-ready")) {
            Thread.sleep(60_000);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("fake target stopping")));
        if (mode.equals("stats")) {
            // a real loopback HTTP server with a stats document, announced as stats=/stats
            com.sun.net.httpserver.HttpServer http = com.sun.net.httpserver.HttpServer.create(
                    new java.net.InetSocketAddress("127.0.0.1", 0), 0);
            http.createContext("/stats", ex -> {
                byte[] b = "{\"loops\":{\"fake-loop-1\":{\"frontend_requests\":7,\"backend_connections\":2}}}"
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8);
                ex.sendResponseHeaders(200, b.length);
                ex.getResponseBody().write(b);
                ex.close();
            });
            http.start();
            System.out.println("fluxlab-ready port=" + http.getAddress().getPort() + " protocol=http1.1 transport=nio"
                    + " stats=/stats");
        } else {
            System.out.println("fluxlab-ready port=" + (40000 + ProcessHandle.current().pid() % 1000)
                    + " protocol=" + opts.getOrDefault("protocol", "http1.1")
                    + " transport=" + opts.getOrDefault("transport", "nio"));
        }
        switch (mode) {
            case "crash" -> {
                Thread.sleep(1000);
                System.out.println("fake target crashing");
                Runtime.getRuntime().halt(3);
            }
            case "oom" -> {
                System.out.println("Exception in thread \"reactor-http-nio-2\" java.lang.OutOfMemoryError: Java heap space");
                System.out.println("\tat dev.fluxlab.Fake.allocate(Fake.java:1)");
            }
            case "warn" -> {
                System.out.println("WARN io.netty.handler.codec.http2.Http2Exception: Stream 3 does not exist");
                System.out.println("\tat io.netty.handler.codec.http2.Http2Exception.connectionError(Http2Exception.java:1)");
            }
            default -> {
            }
        }
        long until = System.currentTimeMillis() + 120_000; // bounded even if nobody stops it
        while (System.currentTimeMillis() < until) {
            Thread.sleep(200);
        }
    }
}
