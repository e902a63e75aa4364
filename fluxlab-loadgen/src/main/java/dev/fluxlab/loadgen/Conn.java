package dev.fluxlab.loadgen;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;

/**
 * One injector connection: a handler that owns its request slots (pipeline depth or concurrent streams) and
 * all their timestamps in primitive arrays. Everything runs on the connection's event loop; requests are
 * buffered by {@link #send} and written with one flush per read burst or scheduler tick.
 */
abstract class Conn extends ChannelInboundHandlerAdapter {

    final LoopWorker worker;
    final int index;
    final RequestTemplate tpl;
    ChannelHandlerContext ctx;
    /** Ready to carry requests (connected, TLS done, HTTP/2 settings received). */
    boolean ready;
    boolean everReady;
    /** The first attempt of this connection slot, whose outcome the start-up waits for. */
    boolean initialAttempt;
    boolean outcomeReported;
    /** Already queued for a flush by {@link LoopWorker#markDirty}. */
    boolean dirtyMarked;
    int outstanding;
    /** When the connect call was made, and how long it took until the socket was established (nanoseconds). */
    long connectStart;
    long connectNanos;
    /** How outstanding requests are counted when the channel goes away: RESET unless we closed it for a reason. */
    ErrorClass closeReason = ErrorClass.RESET;
    /**
     * Why the connection ends, in words, once known (what we found wrong, the I/O error, the server's GOAWAY); the
     * requests it fails keep it as their cause. Null: the server closed it without saying why.
     */
    String closeDetail;
    /**
     * The server broke this connection before it answered anything on it (a protocol failure, a flood, an error
     * GOAWAY): the next one is opened after a pause, as after a failed connect, not at once in a tight loop.
     */
    boolean backOff;

    Conn(LoopWorker worker, int index) {
        this.worker = worker;
        this.index = index;
        this.tpl = worker.tpl;
    }

    /** Whether a new request can be sent right now. */
    abstract boolean canSend();

    /**
     * Closed model: whether the requests a completion freed room for should be sent now, or wait for more room
     * (see {@link Http1Conn}); every connection refills at once unless it says otherwise.
     */
    boolean refillDue() {
        return true;
    }

    /** Buffers one request (no flush): intended and actual send times in nanoseconds. */
    abstract void send(long intended, long now);

    /** Writes and flushes whatever {@link #send} buffered. */
    abstract void flushPending();

    /** Fails requests older than {@code timeoutNanos}. */
    abstract void checkTimeouts(long now, long timeoutNanos);

    /** Requests in flight on this connection that were written before {@code t} ({@link System#nanoTime()}). */
    abstract int sentBefore(long t);

    /** Called once the transport (TCP, and TLS when used) is established. */
    abstract void transportReady(ChannelHandlerContext ctx);

    /** Fails every outstanding request with {@code c} (on close). */
    abstract void failOutstanding(ErrorClass c, long now);

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        connectNanos = System.nanoTime() - connectStart;
        if (ctx.pipeline().get(SslHandler.class) == null) {
            transportReady(ctx);
        }
        super.channelActive(ctx);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof SslHandshakeCompletionEvent e) {
            if (e.isSuccess()) {
                String alpn = ctx.pipeline().get(SslHandler.class).applicationProtocol();
                boolean h2 = this instanceof H2Conn;
                if (h2 && !"h2".equals(alpn)) {
                    worker.connectFailed(this, new IllegalStateException(
                            "the server did not negotiate h2 by ALPN (got " + alpn + ")"), ErrorClass.PROTOCOL);
                    ctx.close();
                    return;
                }
                transportReady(ctx);
            } else {
                worker.connectFailed(this, e.cause(), ErrorClass.CONNECT);
                ctx.close();
            }
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    /** The connection can carry requests now. */
    final void becameReady() {
        ready = true;
        everReady = true;
        worker.connReady(this);
    }

    /** Closes the channel; outstanding requests will be counted as {@code reason}, with {@code detail} as cause. */
    final void closeWith(ErrorClass reason, String detail) {
        closeReason = reason;
        closeDetail = detail;
        ready = false;
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        ready = false;
        long now = System.nanoTime();
        if (closeDetail == null && closeReason == ErrorClass.RESET) {
            closeDetail = "the server closed the connection";
        }
        failOutstanding(closeReason, now);
        worker.connClosed(this);
    }

    /** A failure's cause in words: its message, else its type. */
    static String describe(Throwable cause) {
        return cause.getMessage() != null && !cause.getMessage().isBlank() ? cause.getMessage()
                : cause.getClass().getSimpleName();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // I/O errors (connection reset by peer...) end the connection; channelInactive counts what was lost
        if (closeDetail == null) {
            closeDetail = "the connection failed: " + describe(cause);
        }
        if (!everReady) {
            worker.connectFailed(this, cause, ErrorClass.CONNECT);
        }
        ready = false;
        ctx.close();
    }
}
