package dev.fluxlab.runner;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.LabAddresses;

import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Reads the statistics document a target announced with {@code stats=<path>} in its readiness line (e.g. the proxy
 * frontend's per-event-loop counters). From loopback, or from the address of one of the suite's own hosts (a target
 * placed there announces its document on that address, as the runner probes its readiness); over TLS the lab's
 * self-signed certificate is accepted, as the injector's {@code --insecure} does. The result is the parsed JSON, or {@code {"error": "..."}} when it could not be
 * read, so a missing document never invalidates a repeat.
 */
final class TargetStats {

    private TargetStats() {
    }

    static Object fetch(String host, int port, boolean tls, String path, Collection<String> suiteHosts) {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return fetch(URI.create((tls ? "https" : "http") + "://" + h + ":" + port + path), suiteHosts);
    }

    /** An absolute stats URL a target announced, fetched when {@link #permitted}. */
    static Object fetch(URI uri, Collection<String> suiteHosts) {
        if (!permitted(uri, suiteHosts)) {
            return Map.of("error", "not fetched: " + uri + " is neither a loopback address nor one of the suite's "
                    + "hosts");
        }
        boolean tls = "https".equalsIgnoreCase(uri.getScheme());
        try {
            HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
                    .version(HttpClient.Version.HTTP_1_1);
            if (tls) {
                b.sslContext(trustAll());
            }
            try (HttpClient client = b.build()) {
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).GET()
                        .build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 200) {
                    return Map.of("error", uri + " answered " + r.statusCode());
                }
                return Json.mapper().readValue(r.body(), Object.class);
            }
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return Map.of("error", "could not read " + uri + ": " + e);
        }
    }

    /**
     * Whether {@code uri}'s host is {@code localhost}, a loopback literal, or the address of one of {@code suiteHosts}
     * (IP literals, as {@code SuiteHost.bindAddress} gives them): {@link LabAddresses#permits(String, Collection)}.
     */
    static boolean permitted(URI uri, Collection<String> suiteHosts) {
        return LabAddresses.permits(uri.getHost(), suiteHosts);
    }

    /**
     * Trusts the lab's self-signed certificate, by any name: it is made at the target's start-up for the loopback
     * names, and a target on a suite host is reached at that host's address, which the certificate does not name. An
     * {@link X509ExtendedTrustManager} is used as it is, so the JDK adds no check of the name (a plain
     * {@code X509TrustManager} is wrapped in one that compares the address with the certificate's names, which refused
     * every frontend on a namespace host: "No subject alternative names matching IP address 10.213.71.12 found").
     * {@link #permitted} has already confined the address to loopback and the suite's hosts.
     */
    static SSLContext trustAll() throws Exception {
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, new TrustManager[]{new X509ExtendedTrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
            }

            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        }}, new SecureRandom());
        return ctx;
    }
}
