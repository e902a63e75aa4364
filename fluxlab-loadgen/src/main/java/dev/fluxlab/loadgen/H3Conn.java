package dev.fluxlab.loadgen;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3Exception;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicConnectionCloseEvent;
import io.netty.handler.codec.quic.QuicException;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamLimitChangedEvent;
import io.netty.handler.codec.quic.QuicStreamResetException;
import io.netty.handler.codec.quic.QuicStreamType;
import io.netty.handler.codec.quic.QuicTransportParameters;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GenericFutureListener;

import java.nio.charset.StandardCharsets;

/**
 * HTTP/3 client connection: one QUIC connection (on a UDP channel of its own, on its loop worker's event loop) whose
 * requests are bidirectional streams, up to {@code -m} at a time. Unlike {@link H2Conn}, which writes its frames
 * itself, it leaves QUIC, TLS 1.3 and QPACK to Netty's codec (quiche underneath): each request opens a stream through
 * {@link Http3#newRequestStream}, writes a HEADERS frame (and a DATA frame for a body) and ends its side; the response
 * is verified as it arrives ({@link Stream}).
 *
 * <p>This handler sits on the QUIC channel's pipeline, so {@link #ctx} is the QUIC connection: it becomes active once
 * the handshake is done. Errors of QUIC's own: a failed handshake ({@link ErrorClass#HANDSHAKE}, per attempt), a
 * stream the server reset ({@link ErrorClass#STREAM_RESET}, the connection goes on) and a connection the server closed
 * or that went silent for its idle timeout ({@link ErrorClass#CONNECTION_LOST}, each outstanding request).
 */
final class H3Conn extends Conn {

    private final int wanted;
    private final Stream[] streams;
    private final int[] freeSlots;
    private int freeTop;
    /** The UDP channel this connection's datagrams go through; closed with the connection. */
    Channel datagram;
    private QuicChannel quic;
    private long answered;

    H3Conn(LoopWorker worker, int index, int wanted) {
        super(worker, index);
        this.wanted = wanted;
        this.streams = new Stream[wanted];
        this.freeSlots = new int[wanted];
        for (int i = 0; i < wanted; i++) {
            freeSlots[i] = wanted - 1 - i;
        }
        freeTop = wanted;
    }

    @Override
    void transportReady(ChannelHandlerContext ctx) {
        quic = (QuicChannel) ctx.channel();
        String alpn = quic.sslEngine() == null ? null : quic.sslEngine().getApplicationProtocol();
        if (!"h3".equals(alpn)) {
            worker.connectFailed(this, new IllegalStateException("the server did not negotiate h3 by ALPN (got "
                    + alpn + ")"), ErrorClass.HANDSHAKE);
            ctx.close();
            return;
        }
        QuicTransportParameters p = quic.peerTransportParameters();
        if (p != null && p.initialMaxStreamsBidi() < wanted && p.initialMaxStreamsBidi() < worker.ctl.serverStreamLimit) {
            worker.ctl.serverStreamLimit = p.initialMaxStreamsBidi();
        }
        becameReady();
    }

    @Override
    boolean canSend() {
        return ready && freeTop > 0 && quic.peerAllowedStreams(QuicStreamType.BIDIRECTIONAL) > 0;
    }

    @Override
    void send(long intended, long now) {
        int slot = freeSlots[--freeTop];
        Stream s = new Stream(slot, intended, now);
        streams[slot] = s;
        outstanding++;
        Future<QuicStreamChannel> f = Http3.newRequestStream(quic, s);
        if (f.isDone()) {
            s.opened(f);
        } else {
            f.addListener((GenericFutureListener<Future<QuicStreamChannel>>) s::opened);
        }
    }

    /** Netty's QUIC codec writes each stream's frames as they are sent and batches the datagrams of a read burst. */
    @Override
    void flushPending() {
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        worker.flushDirty();
        ctx.fireChannelReadComplete();
    }

    private void release(Stream s) {
        streams[s.slot] = null;
        freeSlots[freeTop++] = s.slot;
        outstanding--;
        s.done = true;
    }

    /** The response on {@code s} ended at {@code now}: verified and counted, its slot refilled. */
    private void complete(Stream s, long now) {
        release(s);
        answered++;
        LoopStats st = worker.stats;
        boolean bodyOk = tpl.expectBody == null || (!s.bodyBad && s.bodyPos == tpl.expectBody.readableBytes());
        if (s.status != tpl.expectStatus) {
            st.unexpectedStatus(s.status, tpl.expectStatus, now);
        } else if (!s.ctOk || !bodyOk) {
            st.wrongBody(now, s.ctOk, s.bodyPos, tpl);
        } else {
            st.ok(now, s.intended, s.sent, s.bodyPos);
        }
        worker.slotFree(this, now);
    }

    /** The request on {@code s} failed with {@code c} at {@code now}; its stream is closed, the connection goes on. */
    private void fail(Stream s, ErrorClass c, String detail, long now) {
        release(s);
        worker.stats.error(c, now, detail);
        if (s.channel != null) {
            s.channel.close();
        }
        if (ready) {
            worker.slotFree(this, now);
            worker.flushDirty();
        }
    }

    @Override
    int sentBefore(long t) {
        int n = 0;
        for (Stream s : streams) {
            n += s != null && s.sent < t ? 1 : 0;
        }
        return n;
    }

    @Override
    void checkTimeouts(long now, long timeoutNanos) {
        for (Stream s : streams) {
            if (s != null && now - s.sent > timeoutNanos) {
                fail(s, ErrorClass.TIMEOUT, worker.timeoutDetail, now);
            }
        }
    }

    @Override
    void failOutstanding(ErrorClass c, long now) {
        for (Stream s : streams) {
            if (s != null) {
                release(s);
                worker.stats.error(c, now, closeDetail);
            }
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof SslHandshakeCompletionEvent e) {
            // success is seen as channelActive (the connection is established); a failure is the handshake's
            if (!e.isSuccess()) {
                worker.connectFailed(this, e.cause(), ErrorClass.HANDSHAKE);
            }
            return;
        }
        if (evt instanceof QuicStreamLimitChangedEvent) {
            // the server allows more streams (right after the handshake, too): use them
            if (ready) {
                worker.slotFree(this, System.nanoTime());
                worker.flushDirty();
            }
            ctx.fireUserEventTriggered(evt);
            return;
        }
        if (evt instanceof QuicConnectionCloseEvent e) {
            // the server's CONNECTION_CLOSE, as it arrives: the connection is over (QUIC only drains it a while), so
            // its requests are counted and the next connection opened now, not after the draining period
            closeReason = ErrorClass.CONNECTION_LOST;
            closeDetail = closedByPeer(e);
            if (!everReady && e.isTlsError()) {
                worker.connectFailed(this, new IllegalStateException(closeDetail), ErrorClass.HANDSHAKE);
            }
            ready = false;
            ctx.fireUserEventTriggered(evt);
            ctx.close();
            return;
        }
        ctx.fireUserEventTriggered(evt);
    }

    /** The server's CONNECTION_CLOSE in words. */
    static String closedByPeer(QuicConnectionCloseEvent e) {
        String reason = e.reason() == null || e.reason().length == 0 ? ""
                : " (\"" + new String(e.reason(), 0, Math.min(200, e.reason().length), StandardCharsets.UTF_8).strip() + "\")";
        String code = e.isTlsError() ? "TLS alert " + QuicConnectionCloseEvent.extractTlsError(e.error())
                : (e.isApplicationClose() ? "application error " : "transport error ") + e.error();
        return "the server closed the QUIC connection: " + code + reason;
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (quic != null && quic.isTimedOut()) {
            closeReason = ErrorClass.CONNECTION_LOST;
            closeDetail = "the QUIC connection timed out: nothing heard from the server for its idle timeout ("
                    + worker.spec.timeout().toMillis() + " ms, --timeout, or the server's if shorter)";
        } else if (closeReason == ErrorClass.RESET) {
            closeReason = ErrorClass.CONNECTION_LOST;
            if (closeDetail == null) {
                closeDetail = "the QUIC connection was closed";
            }
        }
        if (datagram != null) {
            datagram.close();
        }
        super.channelInactive(ctx);
    }

    /**
     * One request: its stream's handler, verifying the response as it arrives. Every callback runs on the
     * connection's event loop; a stream that ended for any reason after its request was counted ({@link #done}) is
     * ignored.
     */
    private final class Stream extends Http3RequestStreamInboundHandler {
        final int slot;
        final long intended;
        final long sent;
        QuicStreamChannel channel;
        int status;
        boolean ctOk = tpl.expectContentType == null;
        long bodyPos;
        boolean bodyBad;
        boolean done;

        Stream(int slot, long intended, long sent) {
            this.slot = slot;
            this.intended = intended;
            this.sent = sent;
        }

        /** The stream is open (or could not be): writes the request and ends the request side. */
        void opened(Future<QuicStreamChannel> f) {
            if (done) {
                if (f.isSuccess()) {
                    f.getNow().close();
                }
                return;
            }
            if (!f.isSuccess()) {
                // the connection cannot carry streams any more: its request fails, and the connection is replaced
                // (not used again, so a failing open cannot refill itself in a loop)
                String detail = "could not open a QUIC stream: " + describe(f.cause());
                ready = false;
                fail(this, ErrorClass.PROTOCOL, detail, System.nanoTime());
                closeWith(ErrorClass.PROTOCOL, detail);
                return;
            }
            channel = f.getNow();
            Http3Headers h = new DefaultHttp3Headers(false);
            h.add(tpl.h3Headers);
            if (tpl.bodyLength > 0) {
                channel.write(new DefaultHttp3HeadersFrame(h));
                channel.writeAndFlush(new DefaultHttp3DataFrame(tpl.h3Body.retainedDuplicate()))
                        .addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
            } else {
                channel.writeAndFlush(new DefaultHttp3HeadersFrame(h)).addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
            }
        }

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
            if (!done && status == 0) {
                CharSequence st = frame.headers().status();
                int code = Math.max(0, ResponseHeadersDecoder.statusCode(st)); // 0: no valid 3-digit status
                if (code < 100 || code >= 200) { // 1xx: interim
                    status = code;
                    if (tpl.expectContentType != null) {
                        CharSequence ct = frame.headers().get("content-type");
                        ctOk = ct != null && H2Conn.contentTypeMatches(ct, tpl.expectContentType);
                    }
                }
            }
        }

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
            ByteBuf data = frame.content();
            int n = data.readableBytes();
            ByteBuf exp = tpl.expectBody;
            if (!done && exp != null && !bodyBad && n > 0) {
                if (bodyPos + n > exp.readableBytes()
                        || !ByteBufUtil.equals(data, data.readerIndex(), exp, (int) bodyPos, n)) {
                    bodyBad = true;
                }
            }
            bodyPos += n;
            frame.release();
        }

        @Override
        protected void channelInputClosed(ChannelHandlerContext ctx) {
            if (!done) {
                complete(this, System.nanoTime());
            }
            ctx.close();
        }

        @Override
        protected void handleQuicException(ChannelHandlerContext ctx, QuicException e) {
            if (!done) {
                if (e instanceof QuicStreamResetException r) {
                    fail(this, ErrorClass.STREAM_RESET, "the server reset the stream (RESET_STREAM, HTTP/3 error "
                            + errorName(r.applicationProtocolCode()) + ")", System.nanoTime());
                } else {
                    fail(this, ErrorClass.PROTOCOL, "QUIC stream error: " + describe(e), System.nanoTime());
                }
            }
            ctx.close();
        }

        @Override
        protected void handleHttp3Exception(ChannelHandlerContext ctx, Http3Exception e) {
            if (!done) {
                fail(this, ErrorClass.PROTOCOL, "an HTTP/3 response fluxlab could not read (" + describe(e) + ")",
                        System.nanoTime());
            }
            ctx.close();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (cause instanceof QuicException || cause instanceof Http3Exception) {
                super.exceptionCaught(ctx, cause);
                return;
            }
            if (!done) {
                fail(this, ErrorClass.PROTOCOL, "an HTTP/3 response fluxlab could not read (" + describe(cause) + ")",
                        System.nanoTime());
            }
            ctx.close();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            // the stream went away without its response's end: when its connection is closing, the connection's close
            // counts it (failOutstanding, which runs after the streams' ends); else it is this stream's own failure
            if (!done) {
                ctx.channel().eventLoop().execute(() -> {
                    if (!done && ready && quic.isActive()) {
                        fail(this, ErrorClass.STREAM_RESET, "the stream closed before its response ended",
                                System.nanoTime());
                    }
                });
            }
            ctx.fireChannelInactive();
        }
    }

    /** An HTTP/3 error code by its RFC 9114 name ({@code H3_REQUEST_REJECTED}), else as a number. */
    static String errorName(long code) {
        for (io.netty.handler.codec.http3.Http3ErrorCode c : io.netty.handler.codec.http3.Http3ErrorCode.values()) {
            if (c.code() == code) {
                return c.name();
            }
        }
        return "0x" + Long.toHexString(code);
    }
}
