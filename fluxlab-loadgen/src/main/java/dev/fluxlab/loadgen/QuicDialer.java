package dev.fluxlab.loadgen;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3ClientConnectionHandler;
import io.netty.handler.codec.quic.Quic;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicClientCodecBuilder;
import io.netty.handler.codec.quic.QuicClosedChannelException;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GenericFutureListener;

import javax.net.ssl.SSLException;
import java.net.Inet6Address;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * How an HTTP/3 connection is opened: a UDP channel of the run's transport on the worker's own event loop, bound to
 * an ephemeral port, with Netty's QUIC client codec on it, then the QUIC connection to the target (TLS 1.3, ALPN
 * {@code h3}, trusting the lab's self-signed certificates with {@code --insecure} as h2 does) with Netty's HTTP/3
 * connection handler and the {@link H3Conn} on its pipeline. One UDP channel per connection: each has its own socket,
 * as each TCP connection has. Its buffers are asked at the kernel's maximum ({@code net.core.rmem_max},
 * {@code wmem_max}, at most 64 MiB): the defaults ({@code rmem_default}, 208 KiB here) overflow under load, and a
 * datagram the kernel drops costs QUIC a loss timer.
 */
final class QuicDialer {

    /** The ALPN name of HTTP/3 (RFC 9114). */
    static final String ALPN = "h3";

    /** The connection's receive window (all its streams) and each request stream's, bytes. */
    private static final long CONNECTION_WINDOW = 16L << 20;
    private static final long STREAM_WINDOW = 4L << 20;

    private final QuicSslContext ssl;
    private final LoadSpec spec;
    private final InetSocketAddress remote;
    private final Class<? extends io.netty.channel.socket.DatagramChannel> datagramClass;
    /** The socket buffers asked for: the kernel's maximum, so raising net.core.rmem_max / wmem_max takes effect. */
    private final Integer askRcvbuf;
    private final Integer askSndbuf;

    QuicDialer(LoadSpec spec, InetSocketAddress remote, ClientTransport transport, UdpKernel kernel) {
        this.spec = spec;
        this.askRcvbuf = ask(kernel.netCore("rmem_max"));
        this.askSndbuf = ask(kernel.netCore("wmem_max"));
        this.remote = remote;
        this.datagramClass = transport.datagramChannelClass();
        QuicSslContextBuilder b = QuicSslContextBuilder.forClient().applicationProtocols(ALPN);
        if (spec.insecure()) {
            b.trustManager(InsecureTrustManagerFactory.INSTANCE).endpointIdentificationAlgorithm(null);
        } else {
            b.endpointIdentificationAlgorithm("HTTPS");
        }
        this.ssl = b.build();
    }

    /** A buffer size to ask for, from the kernel's maximum (at most 64 MiB); null: leave the kernel's default. */
    private static Integer ask(Long max) {
        return max == null || max <= 0 ? null : (int) Math.min(max, MAX_ASK);
    }

    private static final long MAX_ASK = 64L << 20;

    /**
     * Why QUIC cannot run here, in one line, or null when it can: Netty's QUIC classes or their native library
     * (netty-codec-native-quic, built for linux-x86_64 in this lab) missing or unusable.
     */
    static String unavailable(Supplier<Throwable> cause) {
        Throwable t;
        try {
            t = cause.get();
        } catch (LinkageError e) {
            t = e;
        }
        if (t == null) {
            return null;
        }
        return "HTTP/3 needs Netty's QUIC native library (netty-codec-native-quic, linux-x86_64), which cannot be "
                + "used here (" + System.getProperty("os.name") + " " + System.getProperty("os.arch") + "): "
                + Conn.describe(rootOf(t)) + "; load this server with --protocol h2 or http1.1, or run on linux-x86_64";
    }

    /** Netty's own answer: null when its QUIC library loaded. */
    static Throwable nettyUnavailability() {
        return Quic.isAvailable() ? null : Quic.unavailabilityCause();
    }

    private static Throwable rootOf(Throwable t) {
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    /**
     * Opens {@code c} on {@code loop}: {@code failed} hears of a UDP channel or QUIC connection that could not be
     * made, with the class it counts as (a refused handshake, else a connect failure); {@code c} hears the rest.
     */
    void dial(H3Conn c, EventLoop loop, BiConsumer<Throwable, ErrorClass> failed) {
        long idleMs = Math.max(1, spec.timeout().toMillis());
        QuicClientCodecBuilder codec = Http3.newQuicClientCodecBuilder()
                .sslEngineProvider(q -> ssl.newEngine(q.alloc(), spec.host(), spec.port()))
                .maxIdleTimeout(idleMs, TimeUnit.MILLISECONDS)
                .initialMaxData(CONNECTION_WINDOW)
                .initialMaxStreamDataBidirectionalLocal(STREAM_WINDOW)
                .initialMaxStreamDataBidirectionalRemote(STREAM_WINDOW);
        Bootstrap b = new Bootstrap().group(loop).channel(datagramClass)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        // first: the datagrams as they arrive, before QUIC decrypts them
                        ch.pipeline().addLast(new BytesIn(c.worker.stats), codec.build());
                    }
                });
        if (askRcvbuf != null) {
            b.option(ChannelOption.SO_RCVBUF, askRcvbuf);
        }
        if (askSndbuf != null) {
            b.option(ChannelOption.SO_SNDBUF, askSndbuf);
        }
        InetSocketAddress local = new InetSocketAddress(remote.getAddress() instanceof Inet6Address ? "::" : "0.0.0.0", 0);
        b.bind(local).addListener((ChannelFutureListener) bound -> {
            if (!bound.isSuccess()) {
                failed.accept(bound.cause(), ErrorClass.CONNECT);
                return;
            }
            Channel udp = bound.channel();
            c.datagram = udp;
            QuicChannel.newBootstrap(udp)
                    .handler(new ChannelInitializer<QuicChannel>() {
                        @Override
                        protected void initChannel(QuicChannel ch) {
                            ch.pipeline().addLast(new Http3ClientConnectionHandler(), c);
                        }
                    })
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, idleMs))
                    .remoteAddress(remote)
                    .connect()
                    .addListener((GenericFutureListener<Future<QuicChannel>>) f -> {
                        if (!f.isSuccess()) {
                            udp.close();
                            failed.accept(f.cause(), handshakeFailure(f.cause()) ? ErrorClass.HANDSHAKE : ErrorClass.CONNECT);
                        }
                    });
        });
    }

    /** Whether a failed connect is the handshake's (TLS refused), not an unanswered or unreachable port's. */
    static boolean handshakeFailure(Throwable t) {
        for (Throwable x = t; x != null; x = x.getCause() == x ? null : x.getCause()) {
            if (x instanceof SSLException || x instanceof QuicClosedChannelException q && q.event() != null
                    && q.event().isTlsError()) {
                return true;
            }
        }
        return false;
    }
}
