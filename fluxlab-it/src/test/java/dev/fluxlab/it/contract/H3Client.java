package dev.fluxlab.it.contract;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3ClientConnectionHandler;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A minimal HTTP/3 client for the contract tests, on Netty's QUIC and HTTP/3 codecs (the lab's own dependencies): one
 * QUIC connection to a target's UDP port, one GET per request stream. It trusts any certificate: the targets make a
 * fresh self-signed one at start-up, which the test cannot know.
 */
final class H3Client implements AutoCloseable {

    /** One response: status, headers (names lower case), body as text. */
    record Response(int status, Map<String, String> headers, String body) {
    }

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel udp;
    private final QuicChannel quic;

    /** Connects to {@code 127.0.0.1:port} over QUIC (ALPN h3). */
    H3Client(int port) throws Exception {
        QuicSslContext ssl = QuicSslContextBuilder.forClient().trustManager(InsecureTrustManagerFactory.INSTANCE)
                .applicationProtocols(Http3.supportedApplicationProtocols()).build();
        try {
            udp = new Bootstrap().group(group).channel(NioDatagramChannel.class)
                    .handler(Http3.newQuicClientCodecBuilder().sslContext(ssl)
                            .maxIdleTimeout(10_000, TimeUnit.MILLISECONDS)
                            .initialMaxData(1 << 20).initialMaxStreamDataBidirectionalLocal(1 << 20).build())
                    .bind(0).sync().channel();
            quic = QuicChannel.newBootstrap(udp).handler(new Http3ClientConnectionHandler())
                    .remoteAddress(new InetSocketAddress("127.0.0.1", port)).connect().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** {@code GET path} on a new request stream, waited for (10 s at most). */
    Response get(String path) throws Exception {
        Map<String, String> headers = new LinkedHashMap<>();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int[] status = {-1};
        QuicStreamChannel stream = Http3.newRequestStream(quic, new Http3RequestStreamInboundHandler() {
            @Override
            protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
                frame.headers().forEach(h -> {
                    String name = h.getKey().toString().toLowerCase(Locale.ROOT);
                    if (name.equals(":status")) {
                        status[0] = Integer.parseInt(h.getValue().toString());
                    } else {
                        headers.put(name, h.getValue().toString());
                    }
                });
            }

            @Override
            protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
                ByteBuf c = frame.content();
                byte[] b = new byte[c.readableBytes()];
                c.readBytes(b);
                body.writeBytes(b);
                frame.release();
            }

            @Override
            protected void channelInputClosed(ChannelHandlerContext ctx) {
                ctx.close();
            }
        }).get(10, TimeUnit.SECONDS);
        DefaultHttp3HeadersFrame request = new DefaultHttp3HeadersFrame();
        request.headers().method("GET").path(path).authority("127.0.0.1").scheme("https");
        stream.writeAndFlush(request).addListener(QuicStreamChannel.SHUTDOWN_OUTPUT).sync();
        if (!stream.closeFuture().await(10, TimeUnit.SECONDS)) {
            stream.close();
            throw new AssertionError("no complete HTTP/3 response to GET " + path + " within 10 s");
        }
        return new Response(status[0], headers, body.toString(StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        quic.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        udp.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
