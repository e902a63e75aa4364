package dev.fluxlab.targets.reactor.plain;

import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import java.security.cert.X509Certificate;
import java.time.Duration;
import reactor.netty.ByteBufFlux;
import reactor.netty.http.Http11SslContextSpec;
import reactor.netty.http.Http2SslContextSpec;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/** A Reactor Netty client for one protocol against a test server, with its own connection pool. */
final class TestClient implements AutoCloseable {

    /** One response, fully read. */
    record Reply(int status, HttpHeaders headers, String body, String version) {
    }

    private final ConnectionProvider provider = ConnectionProvider.builder("fluxlab-test").maxConnections(4).build();
    private final HttpClient client;

    TestClient(int port, X509Certificate trust, HttpProtocol... protocols) {
        HttpProtocol protocol = protocols[0];
        HttpClient c = HttpClient.create(provider)
                .baseUrl((trust == null ? "http" : "https") + "://127.0.0.1:" + port)
                .protocol(protocols)
                .responseTimeout(Duration.ofSeconds(10));
        if (trust != null) {
            c = protocol == HttpProtocol.H2
                    ? c.secure(s -> s.sslContext(Http2SslContextSpec.forClient().configure(b -> b.trustManager(trust))))
                    : c.secure(s -> s.sslContext(Http11SslContextSpec.forClient().configure(b -> b.trustManager(trust))));
        }
        this.client = c;
    }

    Reply get(String path) {
        return exchange(HttpMethod.GET, path, null, null);
    }

    Reply exchange(HttpMethod method, String path, String contentType, String body) {
        return client
                .headers(h -> {
                    if (contentType != null) {
                        h.set("Content-Type", contentType);
                    }
                })
                .request(method)
                .uri(path)
                .send(body == null ? ByteBufFlux.empty() : ByteBufFlux.fromString(reactor.core.publisher.Mono.just(body)))
                .responseSingle((res, buf) -> buf.asString().defaultIfEmpty("")
                        .map(s -> new Reply(res.status().code(), res.responseHeaders(), s, res.version().text())))
                .block(Duration.ofSeconds(15));
    }

    @Override
    public void close() {
        provider.disposeLater().block(Duration.ofSeconds(10));
    }
}
