package dev.fluxlab.targets.common.undertow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.targets.common.http.ServerProtocol;
import io.undertow.Undertow;
import io.undertow.util.Headers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What the listener options do on a real Undertow on loopback, with a handler that sets no headers of its own. */
class UndertowListenerTest {

    @Test
    void http10KeepAliveIsAnsweredAndUndertowAddsTheDate() throws Exception {
        Undertow u = start(ServerProtocol.HTTP11);
        try (Socket s = new Socket("127.0.0.1", port(u))) {
            s.setSoTimeout(5000);
            s.getOutputStream().write("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            String head = head(s.getInputStream()).toLowerCase(java.util.Locale.ROOT);
            assertTrue(head.startsWith("http/1.0 200"), head);
            assertTrue(head.contains("\r\nconnection: keep-alive\r\n"), head);
            assertTrue(head.contains("\r\ndate: "), head);
        } finally {
            u.stop();
        }
    }

    @Test
    void http2OnlyWhenTheProtocolIncludesIt() throws Exception {
        assertEquals(HttpClient.Version.HTTP_1_1, upgraded(ServerProtocol.HTTP11));
        assertEquals(HttpClient.Version.HTTP_2, upgraded(ServerProtocol.HTTP11_H2C));
        assertEquals(HttpClient.Version.HTTP_2, upgraded(ServerProtocol.H2C));
    }

    /** The version a JDK client asking for HTTP/2 (an h2c upgrade on cleartext) gets. */
    private static HttpClient.Version upgraded(ServerProtocol protocol) throws Exception {
        Undertow u = start(protocol);
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2)
                .connectTimeout(Duration.ofSeconds(5)).build()) {
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port(u) + "/"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals("ok", r.body());
            return r.version();
        } finally {
            u.stop();
        }
    }

    private static Undertow start(ServerProtocol protocol) {
        Undertow u = UndertowListener.options(Undertow.builder()
                        .addHttpListener(0, "127.0.0.1")
                        .setIoThreads(1)
                        .setWorkerThreads(1), null, true, protocol)
                .setHandler(exchange -> {
                    exchange.getResponseHeaders().put(Headers.CONTENT_LENGTH, 2);
                    exchange.getResponseSender().send("ok");
                })
                .build();
        u.start();
        return u;
    }

    private static int port(Undertow u) {
        return ((InetSocketAddress) u.getListenerInfo().get(0).getAddress()).getPort();
    }

    /** The response head, up to the blank line. */
    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1) {
            b.write(c);
            if (b.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
                break;
            }
        }
        return b.toString(StandardCharsets.US_ASCII);
    }
}
