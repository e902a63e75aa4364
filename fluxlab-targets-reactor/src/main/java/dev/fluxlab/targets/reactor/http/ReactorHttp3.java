package dev.fluxlab.targets.reactor.http;

import dev.fluxlab.targets.common.quic.H3Settings;
import dev.fluxlab.targets.common.tls.SelfSignedCertificate;
import io.netty.channel.ChannelOption;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import reactor.netty.http.Http3SettingsSpec;
import reactor.netty.http.Http3SslContextSpec;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.server.HttpServer;

/**
 * A Reactor Netty {@link HttpServer} made an HTTP/3 one: QUIC with the lab's certificate (ALPN h3) and the lab's
 * transport parameters ({@link H3Settings#LAB}), which Reactor Netty's HTTP/3 server must be given; and an
 * {@link HttpClient} made an HTTP/3 client of such a server (the proxy frontend's, {@code --backend-protocol h3}). A
 * class of its own so that the Reactor Netty 1.2 line, which shares the targets' bytecode and has no such API, never
 * links it.
 */
public final class ReactorHttp3 {

    private ReactorHttp3() {
    }

    /**
     * {@code server} (already told {@code protocol(HTTP3)}) secured and set up for HTTP/3. No token handler is set, so
     * Netty validates no address (no Retry round trip: a client's first packet opens its connection), as the raw
     * Netty target does.
     *
     * @param rcvbuf {@code SO_RCVBUF} of the UDP socket, null for the OS's
     * @param sndbuf {@code SO_SNDBUF} of the UDP socket, null for the OS's
     */
    public static HttpServer configure(HttpServer server, SelfSignedCertificate tls, Integer rcvbuf, Integer sndbuf) {
        Http3SslContextSpec spec = Http3SslContextSpec.forServer(tls.privateKey(), null, tls.certificate());
        HttpServer s = server.secure(ssl -> ssl.sslContext(spec)).http3Settings(ReactorHttp3::lab);
        if (rcvbuf != null) {
            s = s.option(ChannelOption.SO_RCVBUF, rcvbuf);
        }
        if (sndbuf != null) {
            s = s.option(ChannelOption.SO_SNDBUF, sndbuf);
        }
        return s;
    }

    /**
     * {@code client} made an HTTP/3 one: QUIC, TLS 1.3 with ALPN h3 trusting any certificate (the backend is a lab
     * process with the self-signed certificate it made at start-up), and the lab's transport parameters
     * ({@link H3Settings#LAB}) on the client's side too: they bound what the backend may send on a connection and on
     * each stream the client opens, so a response body never waits for the client's flow control. Each QUIC
     * connection has a UDP socket of its own (Reactor Netty binds it to an ephemeral port).
     */
    public static HttpClient client(HttpClient client) {
        Http3SslContextSpec tls = Http3SslContextSpec.forClient()
                .configure(b -> b.trustManager(InsecureTrustManagerFactory.INSTANCE));
        return client.protocol(HttpProtocol.HTTP3)
                .secure(spec -> spec.sslContext(tls))
                .http3Settings(ReactorHttp3::lab);
    }

    private static void lab(Http3SettingsSpec.Builder b) {
        H3Settings h3 = H3Settings.LAB;
        b.maxData(h3.maxData())
                .maxStreamDataBidirectionalLocal(h3.maxStreamData())
                .maxStreamDataBidirectionalRemote(h3.maxStreamData())
                .maxStreamsBidirectional(h3.maxStreams())
                .idleTimeout(h3.idleTimeout());
    }
}
