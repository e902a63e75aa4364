package dev.fluxlab.loadgen;

import dev.fluxlab.model.Durations;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.DefaultHttp2WindowUpdateFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.util.SelfSignedCertificate;
import io.netty.util.ReferenceCountUtil;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A small raw-Netty server for the injector's tests and for tuning it: HTTP/1.1 ({@code http1.1}, or over TLS
 * {@code https1.1}), h2c (prior knowledge) and h2 over TLS, answering {@code Hello, World!} (text/plain) on every path, with injectable faults: a 500 on
 * every Nth request, a wrong body on every Kth, a closed connection on every Jth, a stall
 * ({@code pause@every}: responses due during the pause are held until it ends), a fixed service time (every response
 * held that long after its request arrived) and a single stall at a known moment after the first request.
 */
public final class TestServer implements AutoCloseable {

    static final byte[] BODY = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
    static final byte[] WRONG = "Hello, Wrong!".getBytes(StandardCharsets.US_ASCII);

    /** Fault injection knobs; 0 = off. */
    public record Faults(int errorEvery, int wrongBodyEvery, int closeEvery, long pauseNanos, long everyNanos,
                         boolean chunked, int resetStreamEvery, long serviceNanos, long stallOnceAfterNanos) {
        public static final Faults NONE = new Faults(0, 0, 0, 0, 0);
        /** HTTP/1.1 only: answer with Transfer-Encoding: chunked (body in two chunks plus a trailer). */
        public static final Faults CHUNKED = new Faults(0, 0, 0, 0, 0, true, 0, 0, 0);

        public Faults(int errorEvery, int wrongBodyEvery, int closeEvery, long pauseNanos, long everyNanos) {
            this(errorEvery, wrongBodyEvery, closeEvery, pauseNanos, everyNanos, false, 0, 0, 0);
        }

        /** HTTP/2 only: answer every Nth request with RST_STREAM(INTERNAL_ERROR). */
        public static Faults resetStreamEvery(int n) {
            return new Faults(0, 0, 0, 0, 0, false, n, 0, 0);
        }

        /** Every response is held {@code service} after its request arrived: a server of known service time. */
        public static Faults serviceTime(java.time.Duration service) {
            return new Faults(0, 0, 0, 0, 0, false, 0, service.toNanos(), 0);
        }

        /**
         * One stall of {@code pause}, {@code after} the first request arrived: every response due in it is held until
         * it ends; before and after it the server answers at once.
         */
        public static Faults stallOnce(java.time.Duration after, java.time.Duration pause) {
            return new Faults(0, 0, 0, pause.toNanos(), 0, false, 0, 0, after.toNanos());
        }
    }

    private final MultiThreadIoEventLoopGroup group;
    private final Channel server;
    private final Faults faults;
    private final long start = System.nanoTime();
    private final AtomicLong requests = new AtomicLong();
    /** {@link System#nanoTime()} of the first request (0 before it): the origin of {@link Faults#stallOnce}. */
    private final AtomicLong firstRequestAt = new AtomicLong();
    private final AtomicLong connections = new AtomicLong();
    private final java.util.concurrent.atomic.AtomicInteger longestHeaderValue = new java.util.concurrent.atomic.AtomicInteger();
    private final ByteBuf body = Unpooled.unreleasableBuffer(Unpooled.directBuffer(BODY.length).writeBytes(BODY));
    private final ByteBuf wrong = Unpooled.unreleasableBuffer(Unpooled.directBuffer(WRONG.length).writeBytes(WRONG));

    public TestServer(String protocol, int port, int threads, Faults faults) throws Exception {
        this(protocol, port, threads, faults, 1 << 20);
    }

    /** As the other constructor, accepting at most {@code maxHeaderListSize} bytes of HTTP/2 request headers. */
    TestServer(String protocol, int port, int threads, Faults faults, long maxHeaderListSize) throws Exception {
        this.faults = faults;
        boolean epoll = Epoll.isAvailable();
        group = new MultiThreadIoEventLoopGroup(threads, epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
        Class<? extends ServerSocketChannel> cls = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        SslContext ssl = null;
        if (protocol.equals("h2") || protocol.equals("https1.1")) {
            SelfSignedCertificate cert = new SelfSignedCertificate("localhost");
            ssl = SslContextBuilder.forServer(cert.certificate(), cert.privateKey())
                    .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                            protocol.equals("h2") ? ApplicationProtocolNames.HTTP_2 : ApplicationProtocolNames.HTTP_1_1))
                    .build();
        }
        SslContext sslCtx = ssl;
        server = new ServerBootstrap().group(group).channel(cls)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        connections.incrementAndGet();
                        if (sslCtx != null) {
                            ch.pipeline().addLast(sslCtx.newHandler(ch.alloc()));
                        }
                        if (protocol.equals("http1.1") || protocol.equals("https1.1")) {
                            ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20), new H1Handler());
                        } else {
                            ch.pipeline().addLast(Http2FrameCodecBuilder.forServer()
                                    .initialSettings(Http2Settings.defaultSettings().maxConcurrentStreams(1000)
                                            .maxHeaderListSize(maxHeaderListSize)).build(), new H2Handler());
                        }
                    }
                })
                .bind(new InetSocketAddress("127.0.0.1", port)).sync().channel();
    }

    /** The longest HTTP/2 request header value received so far, in characters. */
    int longestHeaderValue() {
        return longestHeaderValue.get();
    }

    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    public long requests() {
        return requests.get();
    }

    /** Connections accepted so far. */
    public long connections() {
        return connections.get();
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** What to do with request number {@code n} (1-based). */
    private int verdict(long n) {
        if (faults.closeEvery() > 0 && n % faults.closeEvery() == 0) {
            return 3;
        }
        if (faults.errorEvery() > 0 && n % faults.errorEvery() == 0) {
            return 1;
        }
        if (faults.wrongBodyEvery() > 0 && n % faults.wrongBodyEvery() == 0) {
            return 2;
        }
        return 0;
    }

    /** Nanoseconds to hold a response produced now: the service time, or longer inside a stall. */
    private long stallDelay() {
        long now = System.nanoTime();
        long stall = 0;
        if (faults.everyNanos() > 0) {
            long phase = (now - start) % faults.everyNanos();
            stall = phase < faults.pauseNanos() ? faults.pauseNanos() - phase : 0;
        } else if (faults.stallOnceAfterNanos() > 0) {
            firstRequestAt.compareAndSet(0, now);
            long into = now - firstRequestAt.get() - faults.stallOnceAfterNanos();
            stall = into >= 0 && into < faults.pauseNanos() ? faults.pauseNanos() - into : 0;
        }
        return Math.max(stall, faults.serviceNanos());
    }

    private final class H1Handler extends ChannelInboundHandlerAdapter {
        private long heldUntil;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (!(msg instanceof FullHttpRequest req)) {
                ReferenceCountUtil.release(msg);
                return;
            }
            req.release();
            int v = verdict(requests.incrementAndGet());
            if (v == 3) {
                ctx.close();
                return;
            }
            if (faults.chunked()) {
                ByteBuf b = v == 2 ? wrong : body;
                DefaultHttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1,
                        v == 1 ? HttpResponseStatus.INTERNAL_SERVER_ERROR : HttpResponseStatus.OK);
                head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8")
                        .set(HttpHeaderNames.TRANSFER_ENCODING, "chunked");
                ctx.write(head, ctx.voidPromise());
                ctx.write(new DefaultHttpContent(b.retainedSlice(0, 5)), ctx.voidPromise());
                ctx.write(new DefaultHttpContent(b.retainedSlice(5, b.readableBytes() - 5)), ctx.voidPromise());
                DefaultLastHttpContent last = new DefaultLastHttpContent();
                last.trailingHeaders().set("x-trailer", "yes");
                ctx.write(last, ctx.voidPromise());
                return;
            }
            FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                    v == 1 ? HttpResponseStatus.INTERNAL_SERVER_ERROR : HttpResponseStatus.OK,
                    (v == 2 ? wrong : body).duplicate());
            res.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain").setInt(HttpHeaderNames.CONTENT_LENGTH, BODY.length);
            long delay = stallDelay();
            long now = System.nanoTime();
            if (delay > 0 || heldUntil > now) {
                long until = Math.max(now + delay, heldUntil);
                heldUntil = until;
                ctx.executor().schedule(() -> { ctx.writeAndFlush(res); }, until - now, TimeUnit.NANOSECONDS);
            } else {
                ctx.write(res, ctx.voidPromise());
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    private final class H2Handler extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Http2HeadersFrame h) {
                for (var e : h.headers()) {
                    longestHeaderValue.accumulateAndGet(e.getValue().length(), Math::max);
                }
                if (h.isEndStream()) {
                    respond(ctx, h.stream());
                }
            } else if (msg instanceof Http2DataFrame d) {
                int n = d.initialFlowControlledBytes();
                Http2FrameStream s = d.stream();
                boolean end = d.isEndStream();
                d.release();
                if (n > 0) {
                    ctx.write(new DefaultHttp2WindowUpdateFrame(n).stream(s), ctx.voidPromise());
                }
                if (end) {
                    respond(ctx, s);
                }
            } else {
                ReferenceCountUtil.release(msg);
            }
        }

        private void respond(ChannelHandlerContext ctx, Http2FrameStream stream) {
            long n = requests.incrementAndGet();
            if (faults.resetStreamEvery() > 0 && n % faults.resetStreamEvery() == 0) {
                ctx.write(new DefaultHttp2ResetFrame(Http2Error.INTERNAL_ERROR).stream(stream), ctx.voidPromise());
                return;
            }
            int v = verdict(n);
            if (v == 3) {
                ctx.close();
                return;
            }
            Http2Headers headers = new DefaultHttp2Headers().status(v == 1 ? "500" : "200")
                    .set("content-type", "text/plain").setInt("content-length", BODY.length);
            ByteBuf b = (v == 2 ? wrong : body).duplicate();
            long delay = stallDelay();
            if (delay > 0) {
                ctx.executor().schedule(() -> {
                    ctx.write(new DefaultHttp2HeadersFrame(headers).stream(stream));
                    ctx.writeAndFlush(new DefaultHttp2DataFrame(b, true).stream(stream));
                }, delay, TimeUnit.NANOSECONDS);
            } else {
                ctx.write(new DefaultHttp2HeadersFrame(headers).stream(stream), ctx.voidPromise());
                ctx.write(new DefaultHttp2DataFrame(b, true).stream(stream), ctx.voidPromise());
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    /**
     * For tuning and bench/: {@code TestServer [--protocol http1.1|h2c|h2] [--port 0] [--threads 1] [--stall 200ms@1s]};
     * prints the fluxlab readiness line and serves until killed.
     */
    public static void main(String[] args) throws Exception {
        String protocol = "http1.1";
        int port = 0, threads = 1;
        long pause = 0, every = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--protocol" -> protocol = args[++i];
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--stall" -> {
                    String[] p = args[++i].split("@");
                    pause = Durations.parse(p[0]).toNanos();
                    every = Durations.parse(p[1]).toNanos();
                }
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        TestServer s = new TestServer(protocol, port, threads, new Faults(0, 0, 0, pause, every));
        System.out.println("fluxlab-ready port=" + s.port() + " protocol=" + protocol + " transport="
                + (Epoll.isAvailable() ? "epoll" : "nio"));
        System.out.flush();
        Thread.currentThread().join();
    }
}
