package dev.fluxlab.targets.spring.launch;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * One HTTP/1.1 request through a Spring target's whole stack before its readiness line (dispatcher, handler
 * mappings, converters and the async proxies initialize on the first request, which on a busy 2-core machine takes
 * seconds that would otherwise land in the injector's first measured seconds), from the JDK's client, for the
 * targets without Reactor Netty on their classpath. A failure is only a warning.
 */
public final class Http11Prime {

    private Http11Prime() {
    }

    /** {@code GET path} on {@code host:port}; {@code name} prefixes a warning. */
    public static void get(String name, String host, int port, String path) {
        String h = host.contains(":") ? "[" + host + "]" : host;
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            HttpResponse<Void> r = client.send(HttpRequest.newBuilder(URI.create("http://" + h + ":" + port + path))
                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.discarding());
            if (r.statusCode() != 200) {
                System.err.println(name + ": warning: the priming request answered " + r.statusCode());
            }
        } catch (IOException e) {
            System.err.println(name + ": warning: the priming request failed: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
