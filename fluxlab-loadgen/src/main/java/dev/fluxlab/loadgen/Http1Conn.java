package dev.fluxlab.loadgen;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;

/**
 * HTTP/1.1 connection: keep-alive with optional pipelining, or one request per connection ({@code --keep-alive
 * false}), closed once its response is complete. Requests are slices of one pre-encoded direct
 * buffer (zero copy, no allocation per request); responses are parsed in place by a small state machine
 * (status line, Content-Length, chunked encoding, Content-Type and Connection headers) without building
 * header objects. Whatever a read burst completes is refilled and flushed once in channelReadComplete; a pipelined
 * connection refills once half its depth is free ({@link #refillDue(int, int)}).
 */
final class Http1Conn extends Conn {

    private static final int STATUS = 0, HEADERS = 1, BODY = 2, CHUNK_SIZE = 3, CHUNK_DATA = 4, CHUNK_END = 5,
            TRAILERS = 6, BODY_EOF = 7;
    private static final int MAX_LINE = 16 * 1024;

    private final int cap;
    private final long[] intendedAt;
    private final long[] sentAt;
    private int head;
    private int pendingWrites;
    private final ByteBuf batch;
    private final int reqLen;
    private final Cumulation cum = new Cumulation();
    private byte[] line = new byte[512];

    private int state = STATUS;
    private int status;
    private long contentLength;
    private boolean chunked;
    private boolean ctOk;
    private boolean connClose;
    private long remaining;
    private long bodyPos;
    private boolean bodyBad;
    private boolean draining;

    Http1Conn(LoopWorker worker, int index, int cap, ByteBuf batch) {
        super(worker, index);
        this.cap = cap;
        this.intendedAt = new long[cap];
        this.sentAt = new long[cap];
        this.batch = batch;
        this.reqLen = tpl.http1.length;
    }

    @Override
    void transportReady(ChannelHandlerContext ctx) {
        becameReady();
    }

    @Override
    boolean canSend() {
        return ready && !draining && outstanding < cap;
    }

    @Override
    boolean refillDue() {
        return refillDue(cap, outstanding);
    }

    /**
     * Whether a pipelined connection of {@code depth} with {@code outstanding} requests writes its refill now: once half
     * its depth is free (at depth 1 and 2: at once). A server that answers pipelined requests one write per response
     * (Reactor Netty does) would otherwise get one refill request per response, each its own write and TCP segment
     * (measured at depth 16: 0.72 writes per response; with this rule 0.09, and 8x fewer segments for the server).
     */
    static boolean refillDue(int depth, int outstanding) {
        return depth - outstanding >= refillAt(depth);
    }

    /** The fewest requests a busy pipelined connection of {@code depth} has in flight: just before its refill. */
    static int leastInFlight(int depth) {
        return Math.max(1, depth - refillAt(depth));
    }

    private static int refillAt(int depth) {
        return Math.max(1, depth / 2);
    }

    @Override
    void send(long intended, long now) {
        int i = head + outstanding;
        if (i >= cap) {
            i -= cap;
        }
        intendedAt[i] = intended;
        sentAt[i] = now;
        outstanding++;
        pendingWrites++;
        worker.markDirty(this);
    }

    @Override
    void flushPending() {
        if (pendingWrites > 0) {
            int n = pendingWrites;
            pendingWrites = 0;
            ctx.writeAndFlush(batch.slice(0, n * reqLen), ctx.voidPromise());
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        long now = System.nanoTime();
        ByteBuf buf = cum.append(in);
        try {
            parse(buf, now);
        } catch (IllegalStateException e) {
            buf.skipBytes(buf.readableBytes());
            closeWith(ErrorClass.PROTOCOL, "a malformed HTTP/1.1 response (" + e.getMessage() + ")");
        }
        cum.keepRest(ctx.alloc(), in, buf);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        flushPending();
        worker.flushDirty();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (state == BODY_EOF && outstanding > 0) {
            complete(System.nanoTime());
        }
        cum.release();
        super.channelInactive(ctx);
    }

    private void parse(ByteBuf buf, long now) {
        for (;;) {
            switch (state) {
                case STATUS -> {
                    if (fastHead(buf, now)) {
                        continue;
                    }
                    int lf = lineEnd(buf);
                    if (lf < 0) {
                        return;
                    }
                    int n = copyLine(buf, lf);
                    byte[] l = line;
                    if (outstanding == 0 || n < 12 || l[0] != 'H' || l[4] != '/' || l[8] != ' ') {
                        throw new IllegalStateException("malformed status line");
                    }
                    status = digit(l[9]) * 100 + digit(l[10]) * 10 + digit(l[11]);
                    contentLength = -1;
                    chunked = false;
                    connClose = false;
                    ctOk = tpl.expectContentType == null;
                    state = HEADERS;
                }
                case HEADERS -> {
                    int lf = lineEnd(buf);
                    if (lf < 0) {
                        return;
                    }
                    int n = copyLine(buf, lf);
                    if (n == 0) {
                        headersDone(now);
                    } else {
                        header(line, n);
                    }
                }
                case BODY, CHUNK_DATA -> {
                    int n = (int) Math.min(buf.readableBytes(), remaining);
                    if (n == 0) {
                        return;
                    }
                    checkBody(buf, buf.readerIndex(), n);
                    buf.skipBytes(n);
                    remaining -= n;
                    if (remaining == 0) {
                        if (state == BODY) {
                            complete(now);
                        } else {
                            state = CHUNK_END;
                        }
                    }
                }
                case CHUNK_SIZE -> {
                    int lf = lineEnd(buf);
                    if (lf < 0) {
                        return;
                    }
                    int n = copyLine(buf, lf);
                    long size = 0;
                    int digits = 0;
                    for (int i = 0; i < n; i++) {
                        int v = Character.digit(line[i], 16);
                        if (v < 0) {
                            break;
                        }
                        size = size * 16 + v;
                        if (++digits > 15) {
                            throw new IllegalStateException("chunk too large");
                        }
                    }
                    if (digits == 0) {
                        throw new IllegalStateException("malformed chunk size");
                    }
                    if (size == 0) {
                        state = TRAILERS;
                    } else {
                        remaining = size;
                        state = CHUNK_DATA;
                    }
                }
                case CHUNK_END -> {
                    int lf = lineEnd(buf);
                    if (lf < 0) {
                        return;
                    }
                    if (copyLine(buf, lf) != 0) {
                        throw new IllegalStateException("malformed chunk end");
                    }
                    state = CHUNK_SIZE;
                }
                case TRAILERS -> {
                    int lf = lineEnd(buf);
                    if (lf < 0) {
                        return;
                    }
                    if (copyLine(buf, lf) == 0) {
                        complete(now);
                    }
                }
                case BODY_EOF -> {
                    int n = buf.readableBytes();
                    if (n == 0) {
                        return;
                    }
                    checkBody(buf, buf.readerIndex(), n);
                    buf.skipBytes(n);
                    return;
                }
                default -> throw new IllegalStateException("parser state " + state);
            }
        }
    }

    private static int lineEnd(ByteBuf buf) {
        int lf = buf.indexOf(buf.readerIndex(), buf.writerIndex(), (byte) '\n');
        if (lf < 0 && buf.readableBytes() > MAX_LINE) {
            throw new IllegalStateException("line too long");
        }
        return lf;
    }

    /**
     * Fast path for the common case: the whole response head (status line and headers) is already buffered.
     * One bulk copy into {@link #line}, then lines are scanned in the array. Returns false (nothing consumed)
     * when the head is incomplete or unusual, and the line-by-line path takes over.
     */
    private boolean fastHead(ByteBuf buf, long now) {
        int r = buf.readerIndex();
        int k = Math.min(buf.readableBytes(), line.length);
        if (k < 16 || outstanding == 0) {
            return false;
        }
        byte[] l = line;
        buf.getBytes(r, l, 0, k);
        int lf = indexOf(l, 0, k, (byte) '\n');
        if (lf < 13 || l[lf - 1] != '\r' || l[0] != 'H' || l[4] != '/' || l[8] != ' ') {
            return false;
        }
        int st0 = l[9] - '0', st1 = l[10] - '0', st2 = l[11] - '0';
        if (st0 < 0 || st0 > 9 || st1 < 0 || st1 > 9 || st2 < 0 || st2 > 9) {
            return false;
        }
        // find the end of the head before touching any state
        int start = lf + 1;
        int end = -1;
        for (int i = start; i < k; ) {
            int e = indexOf(l, i, k, (byte) '\n');
            if (e < 0) {
                return false;
            }
            if (e == i || (e == i + 1 && l[i] == '\r')) {
                end = e + 1;
                break;
            }
            i = e + 1;
        }
        if (end < 0) {
            return false;
        }
        status = st0 * 100 + st1 * 10 + st2;
        contentLength = -1;
        chunked = false;
        connClose = false;
        ctOk = tpl.expectContentType == null;
        for (int i = start; ; ) {
            int e = indexOf(l, i, end, (byte) '\n');
            int le = e > i && l[e - 1] == '\r' ? e - 1 : e;
            if (le == i) {
                break;
            }
            headerIn(l, i, le);
            i = e + 1;
        }
        buf.readerIndex(r + end);
        state = HEADERS;
        headersDone(now);
        return true;
    }

    private static int indexOf(byte[] a, int from, int to, byte b) {
        for (int i = from; i < to; i++) {
            if (a[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** Copies the line ending at {@code lf} (without CR LF) into {@link #line} in one bulk read; returns its length. */
    private int copyLine(ByteBuf buf, int lf) {
        int r = buf.readerIndex();
        int n = lf - r;
        if (n > 0 && buf.getByte(lf - 1) == '\r') {
            n--;
        }
        if (n > line.length) {
            line = new byte[Math.max(n, line.length * 2)];
        }
        buf.getBytes(r, line, 0, n);
        buf.readerIndex(lf + 1);
        return n;
    }

    private static int digit(byte b) {
        int c = b - '0';
        if (c < 0 || c > 9) {
            throw new IllegalStateException("malformed status code");
        }
        return c;
    }

    private void headersDone(long now) {
        if (status >= 100 && status < 200) {
            state = STATUS; // interim response (100 Continue): the final one follows
            return;
        }
        bodyPos = 0;
        bodyBad = false;
        if (status == 204 || status == 304) {
            complete(now);
        } else if (chunked) {
            state = CHUNK_SIZE;
        } else if (contentLength >= 0) {
            if (contentLength == 0) {
                complete(now);
            } else {
                remaining = contentLength;
                state = BODY;
            }
        } else {
            state = BODY_EOF;
            connClose = true;
        }
    }

    private void header(byte[] l, int end) {
        headerIn(l, 0, end);
    }

    /** Parses the header line {@code l[off, end)}. */
    private void headerIn(byte[] l, int off, int end) {
        int colon = -1;
        for (int i = off; i < end; i++) {
            if (l[i] == ':') {
                colon = i;
                break;
            }
        }
        if (colon < 0) {
            throw new IllegalStateException("malformed header line");
        }
        int v = colon + 1;
        while (v < end && (l[v] == ' ' || l[v] == '\t')) {
            v++;
        }
        int ve = end;
        while (ve > v && (l[ve - 1] == ' ' || l[ve - 1] == '\t')) {
            ve--;
        }
        switch (colon - off) {
            case 14 -> {
                if (nameIs(l, off, "content-length")) {
                    long n = 0;
                    if (v == ve) {
                        throw new IllegalStateException("malformed Content-Length");
                    }
                    for (int i = v; i < ve; i++) {
                        int d = l[i] - '0';
                        if (d < 0 || d > 9 || n > Long.MAX_VALUE / 20) {
                            throw new IllegalStateException("malformed Content-Length");
                        }
                        n = n * 10 + d;
                    }
                    contentLength = n;
                }
            }
            case 17 -> {
                if (nameIs(l, off, "transfer-encoding")) {
                    chunked = containsIgnoreCase(l, v, ve, "chunked");
                }
            }
            case 12 -> {
                if (tpl.expectContentType != null && nameIs(l, off, "content-type")) {
                    ctOk = contentTypeMatches(l, v, ve, tpl.expectContentType);
                }
            }
            case 10 -> {
                if (nameIs(l, off, "connection")) {
                    connClose = containsIgnoreCase(l, v, ve, "close");
                }
            }
            default -> {
            }
        }
    }

    /** Matches {@code expected} exactly or followed by parameters ({@code text/plain; charset=utf-8}), ignoring case. */
    static boolean contentTypeMatches(byte[] l, int v, int ve, byte[] expected) {
        int n = ve - v;
        if (n < expected.length) {
            return false;
        }
        for (int i = 0; i < expected.length; i++) {
            if (lower(l[v + i]) != expected[i]) {
                return false;
            }
        }
        if (n == expected.length) {
            return true;
        }
        int i = v + expected.length;
        while (i < ve && l[i] == ' ') {
            i++;
        }
        return i < ve && l[i] == ';';
    }

    private static boolean nameIs(byte[] l, int off, String lowerName) {
        for (int i = 0; i < lowerName.length(); i++) {
            if (lower(l[off + i]) != lowerName.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean containsIgnoreCase(byte[] l, int from, int to, String lowerWord) {
        int n = lowerWord.length();
        for (int s = from; s + n <= to; s++) {
            int i = 0;
            while (i < n && lower(l[s + i]) == lowerWord.charAt(i)) {
                i++;
            }
            if (i == n) {
                return true;
            }
        }
        return false;
    }

    private static byte lower(byte b) {
        return b >= 'A' && b <= 'Z' ? (byte) (b + 32) : b;
    }

    /** Counts {@code n} body bytes at {@code idx} of {@code buf} and, with {@code --expect-body}, compares them. */
    private void checkBody(ByteBuf buf, int idx, int n) {
        ByteBuf exp = tpl.expectBody;
        if (exp != null && !bodyBad
                && (bodyPos + n > exp.readableBytes() || !ByteBufUtil.equals(buf, idx, exp, (int) bodyPos, n))) {
            bodyBad = true;
        }
        bodyPos += n;
    }

    private void complete(long now) {
        state = STATUS;
        int i = head;
        head = head + 1 == cap ? 0 : head + 1;
        outstanding--;
        LoopStats st = worker.stats;
        if (status != tpl.expectStatus) {
            st.unexpectedStatus(status, tpl.expectStatus, now);
        } else if (!ctOk || (tpl.expectBody != null && (bodyBad || bodyPos != tpl.expectBody.readableBytes()))) {
            st.wrongBody(now, ctOk, bodyPos, tpl);
        } else if (worker.spec.keepAlive()) {
            st.ok(now, intendedAt[i], sentAt[i], bodyPos);
        } else {
            st.okOwnConnection(now, intendedAt[i], sentAt[i], bodyPos, connectNanos);
        }
        if (connClose || !worker.spec.keepAlive()) {
            // the server will close (or, without keep-alive, the request is done with its connection): send nothing
            // more here; outstanding pipelined requests will count as reset
            draining = true;
            ready = false;
            if (outstanding == 0) {
                ctx.close();
            }
            return;
        }
        worker.slotFree(this, now);
    }

    @Override
    int sentBefore(long t) {
        int n = 0;
        for (int k = 0, i = head; k < outstanding; k++, i = i + 1 == cap ? 0 : i + 1) {
            n += sentAt[i] < t ? 1 : 0;
        }
        return n;
    }

    @Override
    void checkTimeouts(long now, long timeoutNanos) {
        if (outstanding > 0 && now - sentAt[head] > timeoutNanos) {
            closeWith(ErrorClass.TIMEOUT, worker.timeoutDetail);
        }
    }

    @Override
    void failOutstanding(ErrorClass c, long now) {
        LoopStats st = worker.stats;
        for (; outstanding > 0; outstanding--) {
            st.error(c, now, closeDetail);
        }
        pendingWrites = 0;
    }
}
