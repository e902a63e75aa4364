package dev.fluxlab.runner;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A process that announces a stats document where it cannot be fetched gets a note in its place, not silence. */
class FetchStatsTest {

    @Test
    void aStatsPathWithoutAUsablePortIsNoted() {
        Map<String, Object> out = RepeatRunner.fetchStats(Map.of(
                "bad", Map.of("stats", "/stats", "port", "abc"),
                "none", Map.of("stats", "/stats"),
                "quiet", Map.of("port", "8080"),
                "unbound", Map.of("stats", "/stats", "port", "0")), List.of());
        assertEquals(Map.of("error", "not fetched: its readiness line announced stats=/stats but port 'abc', which is "
                + "not a number"), out.get("bad"));
        assertEquals(Map.of("error", "not fetched: its readiness line announced stats=/stats but no port"), out.get("none"));
        assertTrue(!out.containsKey("quiet") && !out.containsKey("unbound"), "no stats path, or a process bound to no port: "
                + "nothing to fetch: " + out);
    }

    /**
     * A frontend placed on a suite host announces its /stats on that host's address: the runner reads it there (a
     * hosts run's per-loop counters were all "not fetched ... is not a loopback address"), as from any loopback address,
     * and from nowhere else. No name is looked up.
     */
    @Test
    void statsAreReadFromLoopbackAndTheSuitesHostsOnly() {
        List<String> hosts = List.of("10.213.71.12", "fd00::12");
        assertTrue(TargetStats.permitted(URI.create("https://10.213.71.12:8443/stats"), hosts));
        assertTrue(TargetStats.permitted(URI.create("http://[fd00:0:0:0:0:0:0:12]:80/stats"), hosts));
        assertTrue(TargetStats.permitted(URI.create("http://127.0.0.2:80/stats"), List.of()));
        assertTrue(TargetStats.permitted(URI.create("http://[::1]:80/stats"), List.of()));
        assertTrue(TargetStats.permitted(URI.create("http://localhost:80/stats"), List.of()));
        assertFalse(TargetStats.permitted(URI.create("https://10.213.71.13:8443/stats"), hosts));
        assertFalse(TargetStats.permitted(URI.create("https://192.0.2.1:8443/stats"), List.of()));
        assertFalse(TargetStats.permitted(URI.create("https://example.org:8443/stats"), hosts));
        assertEquals(Map.of("error", "not fetched: https://192.0.2.1:8443/stats is neither a loopback address nor one of "
                + "the suite's hosts"), TargetStats.fetch(URI.create("https://192.0.2.1:8443/stats"), List.of()));
    }

    /**
     * A target on a suite host serves its stats over TLS with the lab's self-signed certificate, which names the
     * loopback names, not the host's address: the document is read all the same (the JDK's name check refused it).
     */
    @Test
    void aTlsStatsDocumentIsReadWhateverNameItsCertificateCarries(@TempDir Path tmp) throws Exception {
        Path store = tmp.resolve("lab.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "lab", "-keyalg", "EC", "-dname", "CN=example.invalid", "-validity", "2",
                "-keystore", store.toString(), "-storetype", "PKCS12", "-storepass", "changeit")
                .redirectErrorStream(true).start();
        assertTrue(keytool.waitFor(60, TimeUnit.SECONDS) && keytool.exitValue() == 0,
                new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, "changeit".toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, "changeit".toCharArray());
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        HttpsServer server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(ctx));
        server.createContext("/stats", ex -> {
            byte[] body = "{\"loops\": 2}".getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
        try {
            URI uri = URI.create("https://127.0.0.1:" + server.getAddress().getPort() + "/stats");
            assertEquals(Map.of("loops", 2), TargetStats.fetch(uri, List.of()));
        } finally {
            server.stop(0);
        }
    }
}
