package dev.fluxlab.it.hostile;

import com.sun.net.httpserver.HttpServer;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * TEST ONLY: an HTTP/1.1 target that closes its listening socket (and the connections it holds) {@code --close-after=N}
 * seconds after its first request (the load's start, so mid-run whatever the machine's speed), and then stays alive without serving: a server whose listener died under load. 0 never
 * closes. Bounded lifetime.
 */
public final class ClosingTarget {

    public static void main(String[] args) throws Exception {
        dev.fluxlab.model.ParentWatch.startFromEnvironment();
        int closeAfter = 0;
        for (String a : args) {
            if (a.startsWith("--close-after=")) {
                closeAfter = Integer.parseInt(a.substring("--close-after=".length()));
            }
        }
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 128);
        byte[] body = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
        java.util.concurrent.CountDownLatch first = new java.util.concurrent.CountDownLatch(1);
        server.createContext("/", ex -> {
            first.countDown();
            ex.getRequestBody().readAllBytes();
            ex.getResponseHeaders().add("Content-Type", "text/plain");
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.setExecutor(Executors.newFixedThreadPool(2));
        server.start();
        System.out.println("fluxlab-ready port=" + server.getAddress().getPort() + " protocol=http1.1 transport=nio");
        if (closeAfter > 0 && first.await(60, java.util.concurrent.TimeUnit.SECONDS)) {
            Thread.sleep(closeAfter * 1000L);
            server.stop(0);
            System.out.println("closed the listening socket");
        }
        Thread.sleep(120_000); // bounded even if nobody stops it
        System.exit(0);
    }
}
