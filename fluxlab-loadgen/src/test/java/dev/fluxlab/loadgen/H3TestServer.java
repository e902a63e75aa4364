package dev.fluxlab.loadgen;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.http3.Http3ServerConnectionHandler;
import io.netty.handler.codec.quic.InsecureQuicTokenHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.util.ReferenceCountUtil;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A small HTTP/3 server for the injector's tests, on Netty's HTTP/3 server codec: loopback, an ephemeral UDP port, a
 * self-signed certificate (test resources {@code h3/cert.pem}, {@code h3/key.pem}), answering every request with {@link TestServer#BODY} as {@code text/plain}, or with a
 * fault: a wrong body, every n-th request's stream reset (RESET_STREAM H3_REQUEST_REJECTED) instead of answered, a
 * connection closed by the server, or a handshake without h3.
 */
final class H3TestServer implements AutoCloseable {

    /** What the server does wrong. */
    enum Fault {
        NONE, WRONG_BODY, RESET_EVERY_3RD,
        /** Every 50th request's connection is closed by the server (CONNECTION_CLOSE H3_NO_ERROR "going away"). */
        CLOSE_EVERY_50TH,
        /** The TLS handshake offers no h3 (ALPN "hq-interop" only): every connection fails its handshake. */
        NO_H3_ALPN
    }

    private final MultiThreadIoEventLoopGroup group;
    private final Channel channel;
    private final AtomicLong requests = new AtomicLong();
    private final Fault fault;

    H3TestServer(Fault fault) throws Exception {
        this.fault = fault;
        QuicSslContext ssl = QuicSslContextBuilder.forServer(resource("h3/key.pem"), null, resource("h3/cert.pem"))
                .applicationProtocols(fault == Fault.NO_H3_ALPN ? new String[] {"hq-interop"} : Http3.supportedApplicationProtocols())
                .build();
        group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        var codec = Http3.newQuicServerCodecBuilder()
                .sslContext(ssl)
                .maxIdleTimeout(10, TimeUnit.SECONDS)
                .initialMaxData(16 << 20)
                .initialMaxStreamDataBidirectionalLocal(1 << 20)
                .initialMaxStreamDataBidirectionalRemote(1 << 20)
                .initialMaxStreamsBidirectional(100)
                .tokenHandler(InsecureQuicTokenHandler.INSTANCE)
                .handler(new ChannelInitializer<QuicChannel>() {
                    @Override
                    protected void initChannel(QuicChannel ch) {
                        ch.pipeline().addLast(new Http3ServerConnectionHandler(new ChannelInitializer<QuicStreamChannel>() {
                            @Override
                            protected void initChannel(QuicStreamChannel s) {
                                s.pipeline().addLast(new Answer());
                            }
                        }), new Quiet());
                    }
                }).build();
        channel = new Bootstrap().group(group).channel(NioDatagramChannel.class).handler(codec)
                .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    /**
     * A file of the test resources: a self-signed EC certificate for {@code localhost} and its key (PKCS#8), made once
     * with openssl and kept, since making one per run (BouncyCastle's start-up) took 5 s on a loaded machine.
     */
    private static java.io.File resource(String name) throws Exception {
        return new java.io.File(H3TestServer.class.getClassLoader().getResource(name).toURI());
    }

    int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    long requests() {
        return requests.get();
    }

    @Override
    public void close() {
        channel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(3, TimeUnit.SECONDS);
    }

    /** Ends the server's side of a failure the tests cause on purpose (a refused handshake) without a stack trace. */
    private static final class Quiet extends io.netty.channel.ChannelInboundHandlerAdapter {
        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    /** One request stream: answers when the request's side has ended. */
    private final class Answer extends Http3RequestStreamInboundHandler {
        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
        }

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
            ReferenceCountUtil.release(frame);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close(); // a stream of a connection the test closed
        }

        @Override
        protected void channelInputClosed(ChannelHandlerContext ctx) {
            long n = requests.incrementAndGet();
            QuicStreamChannel s = (QuicStreamChannel) ctx.channel();
            if (fault == Fault.RESET_EVERY_3RD && n % 3 == 0) {
                s.shutdownOutput((int) Http3ErrorCode.H3_REQUEST_REJECTED.code());
                return;
            }
            if (fault == Fault.CLOSE_EVERY_50TH && n % 50 == 0) {
                s.parent().close(true, (int) Http3ErrorCode.H3_NO_ERROR.code(),
                        Unpooled.copiedBuffer("going away", java.nio.charset.StandardCharsets.US_ASCII));
                return;
            }
            byte[] body = fault == Fault.WRONG_BODY ? TestServer.WRONG : TestServer.BODY;
            DefaultHttp3HeadersFrame h = new DefaultHttp3HeadersFrame();
            h.headers().status("200").add("content-type", "text/plain").addInt("content-length", body.length);
            ctx.write(h);
            ctx.writeAndFlush(new DefaultHttp3DataFrame(Unpooled.wrappedBuffer(body)))
                    .addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
        }
    }

    /** Serves on a port until killed: {@code H3TestServer [NONE|WRONG_BODY|RESET_EVERY_3RD]} (for trying the CLI). */
    public static void main(String[] args) throws Exception {
        H3TestServer s = new H3TestServer(args.length > 0 ? Fault.valueOf(args[0]) : Fault.NONE);
        System.out.println("h3 test server port=" + s.port());
        Thread.sleep(Long.MAX_VALUE);
    }
}
