package dev.fluxlab.targets.other.netty;

import dev.fluxlab.targets.other.Endpoints;
import dev.fluxlab.targets.other.Router;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;

/**
 * HTTP/1.1 on one connection: answers each request once its body has been read, writes without flushing and flushes
 * once per read batch, so pipelined requests leave in one write. HTTP/1.0 keep-alive is honoured (the reply says
 * {@code Connection: keep-alive}), a request asking to close gets its answer and then the close; a request the codec
 * cannot read gets 400 (414, 431 over its limits) and the close.
 */
final class Http1Handler extends ChannelInboundHandlerAdapter {

    private final Router router;
    private String method;
    private String uri;
    private boolean keepAlive;
    private boolean http10;
    private boolean refused;

    Http1Handler(Router router) {
        this.router = router;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (refused) {
                return; // the decoder discards the rest of a connection it could not read; so does this
            }
            if (msg instanceof HttpObject o && o.decoderResult().isFailure()) {
                refuse(ctx, o.decoderResult().cause());
                return;
            }
            if (msg instanceof HttpRequest req) {
                method = req.method().name();
                uri = req.uri();
                keepAlive = HttpUtil.isKeepAlive(req);
                http10 = req.protocolVersion().equals(HttpVersion.HTTP_1_0);
            }
            if (msg instanceof LastHttpContent && uri != null) {
                respond(ctx, router.route(method, uri));
                uri = null;
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    /**
     * A request the codec could not read (a line or headers over its limits, a malformed request line or length) is
     * answered as the other servers answer it, 414, 431 or 400, and its connection closed: it was left unanswered, the
     * connection open.
     */
    private void refuse(ChannelHandlerContext ctx, Throwable cause) {
        refused = true;
        uri = null;
        HttpResponseStatus status = cause instanceof TooLongHttpLineException ? HttpResponseStatus.REQUEST_URI_TOO_LONG
                : cause instanceof TooLongHttpHeaderException ? HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE
                : HttpResponseStatus.BAD_REQUEST;
        FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.EMPTY_BUFFER, false);
        res.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, 0)
                .set(HttpHeaderNames.SERVER, Responses.SERVER)
                .set(HttpHeaderNames.DATE, Responses.DATE.value())
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        ctx.writeAndFlush(res).addListener(ChannelFutureListener.CLOSE);
    }

    private void respond(ChannelHandlerContext ctx, Endpoints.Response r) {
        FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(r.status()),
                Responses.body(r), false);
        HttpHeaders h = res.headers();
        h.set(HttpHeaderNames.CONTENT_TYPE, Responses.contentType(r))
                .setInt(HttpHeaderNames.CONTENT_LENGTH, r.body().length)
                .set(HttpHeaderNames.SERVER, Responses.SERVER)
                .set(HttpHeaderNames.DATE, Responses.DATE.value());
        if (r.status() == 405) {
            h.set(HttpHeaderNames.ALLOW, "GET");
        }
        if (!keepAlive) {
            h.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(res).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        if (http10) {
            h.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
        ctx.write(res, ctx.voidPromise());
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // a peer reset under load is not the target's fault; anything else is logged for the runner's log scan
        if (!(cause instanceof java.io.IOException)) {
            System.err.println("netty target: closing a connection after " + cause);
            cause.printStackTrace();
        }
        ctx.close();
    }
}
