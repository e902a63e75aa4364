package dev.fluxlab.targets.reactor.proxy;

import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.time.Duration;
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.Http11SslContextSpec;
import reactor.netty.http.Http2SslContextSpec;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/** A test client on one connection (HTTP/2) to the frontend; trusts the lab's self-signed certificate. */
final class Client implements AutoCloseable {

    record Reply(int status, String body, String version) {
    }

    private final ConnectionProvider provider = ConnectionProvider.builder("proxy-test").maxConnections(1).build();
    private final HttpClient client;

    Client(int port, boolean tls, HttpProtocol protocol) {
        HttpClient c = HttpClient.create(provider).baseUrl((tls ? "https" : "http") + "://127.0.0.1:" + port)
                .protocol(protocol).responseTimeout(Duration.ofSeconds(10));
        if (tls) {
            c = protocol == HttpProtocol.H2
                    ? c.secure(s -> s.sslContext(Http2SslContextSpec.forClient()
                            .configure(b -> b.trustManager(InsecureTrustManagerFactory.INSTANCE))))
                    : c.secure(s -> s.sslContext(Http11SslContextSpec.forClient()
                            .configure(b -> b.trustManager(InsecureTrustManagerFactory.INSTANCE))));
        }
        this.client = c;
    }

    Mono<Reply> exchange(HttpMethod method, String path, String body) {
        return client.headers(h -> h.set("Content-Type", "application/json"))
                .request(method).uri(path)
                .send((req, out) -> body == null ? out : out.sendString(Mono.just(body)))
                .responseSingle((res, buf) -> buf.asString().defaultIfEmpty("")
                        .map(s -> new Reply(res.status().code(), s, res.version().text())));
    }

    Reply call(HttpMethod method, String path, String body) {
        return exchange(method, path, body).block(Duration.ofSeconds(15));
    }

    /** {@code n} requests in flight at once. */
    List<Reply> concurrent(int n, HttpMethod method, String path, String body) {
        return Flux.range(0, n).flatMap(i -> exchange(method, path, body), n).collectList()
                .block(Duration.ofSeconds(30));
    }

    @Override
    public void close() {
        provider.disposeLater().block(Duration.ofSeconds(10));
    }
}
