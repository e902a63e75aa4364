package dev.fluxlab.targets.other.netty;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.common.net.PortInUseException;
import dev.fluxlab.targets.common.net.ServerSocketOptions;
import dev.fluxlab.targets.common.transport.EventLoops;
import dev.fluxlab.targets.common.transport.TransportSupport;
import dev.fluxlab.targets.other.Router;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.uring.IoUringDatagramChannel;
import dev.fluxlab.targets.common.quic.H3Settings;
import dev.fluxlab.targets.common.quic.QuicSupport;
import dev.fluxlab.targets.common.tls.SelfSignedCertificate;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerAdapter;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerUpgradeHandler;
import io.netty.handler.codec.http2.CleartextHttp2ServerUpgradeHandler;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The raw Netty HTTP server: the ceiling of the framework comparison. One event-loop group (workers accept too),
 * {@code HttpServerCodec} plus a handler that answers from static buffers, flushing once per read batch; h2c through
 * {@code Http2FrameCodec} at frame level; h2 as h2c behind TLS with ALPN ({@link TlsAlpn}); h3 through Netty's QUIC and HTTP/3 codecs on one UDP channel
 * ({@link Http3Listener}). Nothing else stands between the socket and the response.
 */
public final class NettyServer {

    private NettyServer() {
    }

    /** A started server: its readiness line, and {@link #close()}. */
    public record Running(Channel channel, EventLoopGroup group, NettyServerConfig config, String transport)
            implements AutoCloseable {

        public int port() {
            return ((InetSocketAddress) channel.localAddress()).getPort();
        }

        public String readinessLine() {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put(Readiness.PORT, port());
            a.put(Readiness.PROTOCOL, config.protocol().label());
            a.put(Readiness.TRANSPORT, transport);
            a.put(Readiness.WORKERS, config.workers());
            if (config.protocol().quic()) {
                a.putAll(H3Settings.LAB.readinessAttributes());
            }
            return Readiness.line(a);
        }

        @Override
        public void close() {
            channel.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
    }

    /**
     * Binds and starts serving.
     *
     * @throws PortInUseException when the port is taken
     */
    public static Running start(NettyServerConfig c) {
        if (c.protocol().quic()) {
            QuicSupport.require(); // before any loop starts: one line on a machine without QUIC
            return startHttp3(c);
        }
        EventLoops loops = EventLoops.create(c.transport(), "netty-target", 0, c.workers());
        Class<? extends ServerChannel> channelType = switch (loops.transport()) {
            case IO_URING -> IoUringServerSocketChannel.class;
            case EPOLL -> EpollServerSocketChannel.class;
            default -> NioServerSocketChannel.class;
        };
        EventLoopGroup group = loops.workers();
        Router router = new Router();
        SslContext tls = c.protocol().secure() ? TlsAlpn.serverContext(SelfSignedCertificate.generate()) : null;
        ServerBootstrap b = new ServerBootstrap().group(group).channel(channelType)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (tls != null) {
                            TlsAlpn.pipeline(ch, tls, router);
                        } else {
                            pipeline(ch.pipeline(), c.protocol(), router);
                        }
                    }
                });
        // the two knobs this target has, set where every lab Netty server sets them
        new ServerSocketOptions(c.backlog(), c.tcpNoDelay(), null, null, null, null, null)
                .applyTo(b, ServerBootstrap::option, ServerBootstrap::childOption);
        try {
            Channel ch = b.bind(c.host(), c.port()).syncUninterruptibly().channel();
            return new Running(ch, group, c, TransportSupport.actual(ch));
        } catch (Exception e) { // syncUninterruptibly() rethrows the bind's checked BindException as is
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            if (PortInUseException.isBindConflict(e)) {
                throw new PortInUseException(c.port(), e);
            }
            throw e;
        }
    }

    /**
     * HTTP/3: one UDP channel on the transport's datagram channel, {@link Http3Listener}'s codec on it. Every QUIC
     * connection of that socket is served by the event loop the socket is registered on.
     */
    private static Running startHttp3(NettyServerConfig c) {
        EventLoops loops = EventLoops.create(c.transport(), "netty-target", 0, c.workers());
        Class<? extends DatagramChannel> channelType = switch (loops.transport()) {
            case IO_URING -> IoUringDatagramChannel.class;
            case EPOLL -> EpollDatagramChannel.class;
            default -> NioDatagramChannel.class;
        };
        EventLoopGroup group = loops.workers();
        Bootstrap b = new Bootstrap().group(group).channel(channelType)
                .handler(Http3Listener.codec(SelfSignedCertificate.generate(), new Router()));
        try {
            Channel ch = b.bind(c.host(), c.port()).syncUninterruptibly().channel();
            return new Running(ch, group, c, TransportSupport.actual(ch));
        } catch (Exception e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            if (PortInUseException.isBindConflict(e)) {
                throw new PortInUseException(c.port(), e);
            }
            throw e;
        }
    }

    static void pipeline(ChannelPipeline p, ServerProtocol protocol, Router router) {
        switch (protocol) {
            case H2C -> p.addLast(Http2FrameCodecBuilder.forServer().build(), new Http2Handler(router));
            case HTTP11_H2C -> {
                HttpServerCodec codec = new HttpServerCodec();
                // prior knowledge (the HTTP/2 preface) switches to h2c; an Upgrade: h2c request is answered over HTTP/1.1
                HttpServerUpgradeHandler upgrade = new HttpServerUpgradeHandler(codec, name -> null);
                // on the preface this placeholder takes the upgrade handler's place and puts the HTTP/2 handlers
                // right there, ahead of the HTTP/1.1 handler (addLast would put them behind it)
                p.addLast(new CleartextHttp2ServerUpgradeHandler(codec, upgrade, new ChannelHandlerAdapter() {
                    @Override
                    public void handlerAdded(ChannelHandlerContext ctx) {
                        ctx.pipeline().addAfter(ctx.name(), null, new Http2Handler(router));
                        ctx.pipeline().replace(this, null, Http2FrameCodecBuilder.forServer().build());
                    }
                }));
                p.addLast(new Http1Handler(router));
            }
            default -> p.addLast(new HttpServerCodec(), new Http1Handler(router));
        }
    }
}
