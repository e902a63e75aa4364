package dev.fluxlab.cli.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fluxlab serve httpclient-loader} against a backend that is not there: a failed run, said in one line; and
 * its {@code --backend-protocol} refused, before anything starts, when unknown or contradicting the URL's scheme.
 */
class ServeHttpClientLoaderCommandTest {

    @Test
    void everyConnectionFailingIsAFailedRunWithOneLineSayingSo(@TempDir Path dir) throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        Path json = dir.resolve("load.json");
        ServeReactorNettyCommandTest.Result r = ServeReactorNettyCommandTest.run("serve", "httpclient-loader",
                "--backend-url", "http://127.0.0.1:" + closed, "--warmup", "0s", "--duration", "1s",
                "--progress", "none", "--json", json.toString());
        assertEquals(1, r.exitCode(), r.err());
        String[] lines = r.err().strip().split("\\R");
        assertEquals(1, lines.length, r.err());
        assertTrue(lines[0].startsWith("fluxlab serve httpclient-loader: no request succeeded (errors "), r.err());
        assertTrue(lines[0].contains("127.0.0.1:" + closed + " is up"), r.err());
        assertTrue(Files.readString(json).contains("\"requests_ok\" : 0")
                || Files.readString(json).contains("\"requests_ok\":0"), "the measured document is kept");
        // the transport its native loops run here, as every target's readiness says (it said "native")
        String transport = dev.fluxlab.targets.common.transport.TransportSupport
                .resolve(dev.fluxlab.model.transport.Transport.NATIVE).label();
        assertTrue(r.out().contains(" transport=" + transport + " "), r.out());
        var doc = dev.fluxlab.model.Json.read(json, dev.fluxlab.model.load.LoadResult.class);
        assertEquals(transport, doc.transport());
    }

    @Test
    void anUnknownBackendProtocolIsRefusedListingTheNames() throws Exception {
        ServeReactorNettyCommandTest.Result r = ServeReactorNettyCommandTest.run("serve", "httpclient-loader",
                "--backend-url", "https://127.0.0.1:8443", "--backend-protocol", "h9", "--progress", "none");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("h9") && r.err().contains("h2, h2c, h3"), r.err());
        assertTrue(r.out().isEmpty(), "nothing started: " + r.out());
    }

    @Test
    void h3WithAnHttpUrlIsRefusedNamingTheFix() throws Exception {
        ServeReactorNettyCommandTest.Result r = ServeReactorNettyCommandTest.run("serve", "httpclient-loader",
                "--backend-url", "http://127.0.0.1:8443", "--backend-protocol", "h3", "--progress", "none");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("--backend-protocol h3 is HTTP/3 over QUIC with TLS 1.3, so --backend-url must "
                + "be https://HOST:PORT"), r.err());
        assertTrue(r.out().isEmpty(), "nothing started: " + r.out());
    }
}
