package dev.fluxlab.targets.other.netty;

import dev.fluxlab.targets.common.tls.SelfSignedCertificate;
import dev.fluxlab.targets.other.Router;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import javax.net.ssl.SSLException;

/**
 * The raw Netty target's {@code h2}: TLS with the lab's self-signed certificate, ALPN offering h2 then http/1.1 (as
 * the Reactor Netty target's h2 does), and behind it the same HTTP/2 frame handler as h2c, or the HTTP/1.1 one when
 * the client does not pick h2. Netty's default TLS provider: OpenSSL (BoringSSL) when it loads, else the JDK's.
 */
final class TlsAlpn {

    private TlsAlpn() {
    }

    /** The server's TLS context. */
    static SslContext serverContext(SelfSignedCertificate cert) {
        try {
            return SslContextBuilder.forServer(cert.privateKey(), cert.certificate())
                    .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                            ApplicationProtocolNames.HTTP_2, ApplicationProtocolNames.HTTP_1_1))
                    .build();
        } catch (SSLException e) {
            throw new IllegalStateException("cannot build the TLS context: " + e, e);
        }
    }

    /** TLS on {@code ch}, then HTTP/2 or HTTP/1.1 once ALPN has chosen. */
    static void pipeline(SocketChannel ch, SslContext tls, Router router) {
        ch.pipeline().addLast(tls.newHandler(ch.alloc()),
                new ApplicationProtocolNegotiationHandler(ApplicationProtocolNames.HTTP_1_1) {
                    @Override
                    protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
                        if (ApplicationProtocolNames.HTTP_2.equals(protocol)) {
                            ctx.pipeline().addLast(Http2FrameCodecBuilder.forServer().build(), new Http2Handler(router));
                        } else {
                            ctx.pipeline().addLast(new HttpServerCodec(), new Http1Handler(router));
                        }
                    }
                });
    }
}
