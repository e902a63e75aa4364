package dev.fluxlab.targets.other.netty;

import dev.fluxlab.targets.other.Endpoints;
import dev.fluxlab.targets.other.Router;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2WindowUpdateFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2FrameStreamException;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.collection.IntObjectHashMap;
import io.netty.util.collection.IntObjectMap;

/**
 * HTTP/2 on one connection, at frame level (one handler behind {@code Http2FrameCodec}, no child channel per
 * stream): a stream is answered when its request ends (headers with END_STREAM, or its last data frame), responses
 * are flushed once per read batch.
 */
final class Http2Handler extends ChannelInboundHandlerAdapter {

    private final Router router;
    private final IntObjectMap<Http2Headers> pending = new IntObjectHashMap<>();

    Http2Handler(Router router) {
        this.router = router;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof Http2HeadersFrame h) {
                if (h.isEndStream()) {
                    respond(ctx, h.stream(), h.headers());
                } else {
                    pending.put(h.stream().id(), h.headers());
                }
            } else if (msg instanceof Http2DataFrame d) {
                int consumed = d.initialFlowControlledBytes();
                if (consumed > 0) {
                    ctx.write(new DefaultHttp2WindowUpdateFrame(consumed).stream(d.stream()), ctx.voidPromise());
                }
                if (d.isEndStream()) {
                    Http2Headers h = pending.remove(d.stream().id());
                    if (h != null) {
                        respond(ctx, d.stream(), h);
                    }
                }
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    private void respond(ChannelHandlerContext ctx, Http2FrameStream stream, Http2Headers request) {
        CharSequence method = request.method();
        CharSequence path = request.path();
        Endpoints.Response r = router.route(method == null ? "GET" : method.toString(),
                path == null ? "/" : path.toString());
        Http2Headers h = new DefaultHttp2Headers()
                .status(Integer.toString(r.status()))
                .set(HttpHeaderNames.CONTENT_TYPE, Responses.contentType(r))
                .setInt(HttpHeaderNames.CONTENT_LENGTH, r.body().length)
                .set(HttpHeaderNames.SERVER, Responses.SERVER)
                .set(HttpHeaderNames.DATE, Responses.DATE.value());
        if (r.status() == 405) {
            h.set(HttpHeaderNames.ALLOW, "GET"); // as over HTTP/1.1
        }
        if (method != null && "HEAD".contentEquals(method)) {
            // a HEAD response has no body: a DATA frame after it made clients reset the stream (PROTOCOL_ERROR)
            ctx.write(new DefaultHttp2HeadersFrame(h, true).stream(stream), ctx.voidPromise());
            return;
        }
        ctx.write(new DefaultHttp2HeadersFrame(h).stream(stream), ctx.voidPromise());
        ctx.write(new DefaultHttp2DataFrame(Responses.body(r), true).stream(stream), ctx.voidPromise());
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof Http2FrameStreamException) {
            // one stream failed (typically the client reset it, or closed the connection with answers still queued,
            // as h2load does at the end of its run): the codec has already reset that stream; the connection and
            // its other streams are fine, so neither close nor log
            return;
        }
        if (!(cause instanceof java.io.IOException)) {
            System.err.println("netty target: closing an HTTP/2 connection after " + cause);
            cause.printStackTrace();
        }
        ctx.close();
    }
}
