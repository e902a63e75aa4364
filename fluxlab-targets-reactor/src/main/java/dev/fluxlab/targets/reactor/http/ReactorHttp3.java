package dev.fluxlab.targets.reactor.http;

import dev.fluxlab.targets.common.quic.H3Settings;
import dev.fluxlab.targets.common.tls.SelfSignedCertificate;
import io.netty.channel.ChannelOption;
import reactor.netty.http.Http3SslContextSpec;
import reactor.netty.http.server.HttpServer;

/**
 * A Reactor Netty {@link HttpServer} made an HTTP/3 one: QUIC with the lab's certificate (ALPN h3) and the lab's
 * transport parameters ({@link H3Settings#LAB}), which Reactor Netty's HTTP/3 server must be given. A class of its
 * own so that the Reactor Netty 1.2 line, which shares the targets' bytecode and has no such API, never links it.
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
        H3Settings h3 = H3Settings.LAB;
        Http3SslContextSpec spec = Http3SslContextSpec.forServer(tls.privateKey(), null, tls.certificate());
        HttpServer s = server.secure(ssl -> ssl.sslContext(spec))
                .http3Settings(b -> b.maxData(h3.maxData())
                        .maxStreamDataBidirectionalLocal(h3.maxStreamData())
                        .maxStreamDataBidirectionalRemote(h3.maxStreamData())
                        .maxStreamsBidirectional(h3.maxStreams())
                        .idleTimeout(h3.idleTimeout()));
        if (rcvbuf != null) {
            s = s.option(ChannelOption.SO_RCVBUF, rcvbuf);
        }
        if (sndbuf != null) {
            s = s.option(ChannelOption.SO_SNDBUF, sndbuf);
        }
        return s;
    }
}
