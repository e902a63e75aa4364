package dev.fluxlab.targets.other.netty;

import dev.fluxlab.targets.common.quic.H3Settings;
import dev.fluxlab.targets.common.tls.SelfSignedCertificate;
import dev.fluxlab.targets.other.Router;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3ServerConnectionHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.codec.quic.QuicStreamChannel;
import java.util.concurrent.TimeUnit;

/**
 * The raw Netty target's HTTP/3: Netty's QUIC server codec on the UDP channel, with the lab's certificate (ALPN h3)
 * and transport parameters ({@link H3Settings#LAB}, the Reactor Netty target's too); each QUIC connection gets
 * Netty's HTTP/3 connection handler, and each request stream an {@link Http3Handler}. No token handler, so no
 * address validation round trip (as on the Reactor Netty target). A class of its own: loaded only for h3.
 */
final class Http3Listener {

    private Http3Listener() {
    }

    /** The handler of the bound UDP channel. */
    static ChannelHandler codec(SelfSignedCertificate tls, Router router) {
        H3Settings h3 = H3Settings.LAB;
        QuicSslContext ssl = QuicSslContextBuilder.forServer(tls.privateKey(), null, tls.certificate())
                .applicationProtocols(Http3.supportedApplicationProtocols()).build();
        return Http3.newQuicServerCodecBuilder()
                .sslContext(ssl)
                .maxIdleTimeout(h3.idleTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .initialMaxData(h3.maxData())
                .initialMaxStreamDataBidirectionalLocal(h3.maxStreamData())
                .initialMaxStreamDataBidirectionalRemote(h3.maxStreamData())
                .initialMaxStreamsBidirectional(h3.maxStreams())
                .handler(new ChannelInitializer<QuicChannel>() {
                    @Override
                    protected void initChannel(QuicChannel ch) {
                        ch.pipeline().addLast(new Http3ServerConnectionHandler(
                                new ChannelInitializer<QuicStreamChannel>() {
                                    @Override
                                    protected void initChannel(QuicStreamChannel stream) {
                                        stream.pipeline().addLast(new Http3Handler(router));
                                    }
                                }));
                    }
                })
                .build();
    }
}
