package dev.fluxlab.targets.other.netty;

import dev.fluxlab.targets.other.Endpoints;
import dev.fluxlab.targets.other.Router;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.util.ReferenceCountUtil;

/**
 * HTTP/3 on one request stream (QUIC gives each request a stream, so each its own handler): the request's headers
 * are kept, its body frames released, and once the client has closed its side the response goes out as headers and
 * one data frame, after which the server's side of the stream is closed (FIN). The same {@link Router} and headers as
 * over HTTP/1.1 and h2c.
 */
final class Http3Handler extends Http3RequestStreamInboundHandler {

    private final Router router;
    private Http3Headers request;

    Http3Handler(Router router) {
        this.router = router;
    }

    @Override
    protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
        request = frame.headers();
        ReferenceCountUtil.release(frame);
    }

    @Override
    protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
        frame.release();
    }

    @Override
    protected void channelInputClosed(ChannelHandlerContext ctx) {
        CharSequence method = request == null ? null : request.method();
        CharSequence path = request == null ? null : request.path();
        Endpoints.Response r = router.route(method == null ? "GET" : method.toString(),
                path == null ? "/" : path.toString());
        DefaultHttp3HeadersFrame head = new DefaultHttp3HeadersFrame();
        head.headers().status(Integer.toString(r.status()))
                .set(HttpHeaderNames.CONTENT_TYPE, Responses.contentType(r))
                .setInt(HttpHeaderNames.CONTENT_LENGTH, r.body().length)
                .set(HttpHeaderNames.SERVER, Responses.SERVER)
                .set(HttpHeaderNames.DATE, Responses.DATE.value());
        if (r.status() == 405) {
            head.headers().set(HttpHeaderNames.ALLOW, "GET"); // as over HTTP/1.1
        }
        if (method != null && "HEAD".contentEquals(method)) {
            ctx.writeAndFlush(head).addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
            return;
        }
        ctx.write(head, ctx.voidPromise());
        ctx.writeAndFlush(new DefaultHttp3DataFrame(Responses.body(r))).addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // one stream failed (a reset by the client, a connection closed with answers queued): close that stream only
        ctx.close().addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    }
}
