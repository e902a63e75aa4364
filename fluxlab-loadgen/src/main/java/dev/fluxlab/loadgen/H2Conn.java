package dev.fluxlab.loadgen;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.DefaultHttp2FrameReader;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;

import java.nio.charset.StandardCharsets;

/**
 * HTTP/2 client connection (h2c prior knowledge or h2 over TLS) written directly as frames: HEADERS frames
 * are copied from pre-encoded templates with the stream id patched in, and every frame a read burst or
 * scheduler tick produces (for all streams, plus SETTINGS/PING acks and WINDOW_UPDATEs) goes out in one
 * buffer with one flush. Responses are read with Netty's {@link DefaultHttp2FrameReader} (framing + HPACK).
 *
 * <p>Flow control: we advertise a 1 GiB stream window and raise the connection window by 1 GiB up front,
 * replenishing it as DATA arrives, so responses are never throttled by the injector. Request bodies are at most
 * one initial stream window ({@link LoadSpec#MAX_H2_BODY}); the connection send window is tracked.
 *
 * <p>Hostile servers: a connection is left, its requests failed with the cause named, once the server sends more
 * control frames (SETTINGS, PING, WINDOW_UPDATE, GOAWAY) than {@link #CONTROL_ALLOWANCE} plus a few per stream,
 * a GOAWAY with an error code, or a third GOAWAY; Netty's reader refuses a CONTINUATION flood. Each of these
 * without an answer before makes the next connection wait ({@link Conn#backOff}). A server answering the preface
 * with SETTINGS and GOAWAY frames forever had cost 1.6 cores and ~1 GB within a second, reported as "timeout".
 */
final class H2Conn extends Conn {

    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final int OUR_WINDOW = 1 << 30;
    /** Control frames a connection takes before any is taken for a flood; each stream sent and answered adds 4. */
    static final int CONTROL_ALLOWANCE = 1000;

    private final int wanted;
    private int capacity;
    private final int[] streamOf;     // slot -> stream id (0 = free)
    private final long[] intendedAt;
    private final long[] sentAt;
    private final int[] statusOf;
    private final boolean[] ctOkOf;
    private final long[] bodyPosOf;
    private final boolean[] bodyBadOf;
    private final int[] freeSlots;
    private int freeTop;
    // open-addressing map stream id -> slot
    private final int[] mapKeys;
    private final int[] mapVals;
    private final int mapMask;

    private final DefaultHttp2FrameReader reader = new DefaultHttp2FrameReader(new ResponseHeadersDecoder());
    private final Listener listener = new Listener();
    private final Cumulation cum = new Cumulation();
    private ByteBuf out;
    private int nextStreamId = 1;
    private boolean goAway;
    private boolean exhausted;
    private boolean settingsSeen;
    private boolean useIndexed;
    private boolean firstSent;
    private long sendWindow = 65_535;
    private long serverInitialWindow = 65_535;
    private long consumed;
    private long controlFrames;
    private long answered;
    private long streamsSeen;
    private int goAways;
    private boolean flooded;

    H2Conn(LoopWorker worker, int index, int wanted) {
        super(worker, index);
        this.wanted = wanted;
        this.capacity = wanted;
        streamOf = new int[wanted];
        intendedAt = new long[wanted];
        sentAt = new long[wanted];
        statusOf = new int[wanted];
        ctOkOf = new boolean[wanted];
        bodyPosOf = new long[wanted];
        bodyBadOf = new boolean[wanted];
        freeSlots = new int[wanted];
        for (int i = 0; i < wanted; i++) {
            freeSlots[i] = wanted - 1 - i;
        }
        freeTop = wanted;
        int size = Integer.highestOneBit(Math.max(4, wanted * 4) - 1) << 1;
        mapKeys = new int[size];
        mapVals = new int[size];
        mapMask = size - 1;
    }

    @Override
    void transportReady(ChannelHandlerContext ctx) {
        ByteBuf b = out();
        b.writeBytes(PREFACE);
        // SETTINGS: ENABLE_PUSH=0, MAX_CONCURRENT_STREAMS=0 (no server-initiated streams), INITIAL_WINDOW_SIZE=1GiB
        b.writeMedium(18).writeByte(0x4).writeByte(0).writeInt(0);
        b.writeShort(0x2).writeInt(0);
        b.writeShort(0x3).writeInt(0);
        b.writeShort(0x4).writeInt(OUR_WINDOW);
        windowUpdate(0, OUR_WINDOW);
        flushPending();
    }

    private ByteBuf out() {
        if (out == null) {
            out = ctx.alloc().directBuffer(4096);
        }
        return out;
    }

    private void windowUpdate(int stream, int increment) {
        out().writeMedium(4).writeByte(0x8).writeByte(0).writeInt(stream).writeInt(increment);
    }

    @Override
    boolean canSend() {
        return ready && !goAway && !exhausted && outstanding < capacity && freeTop > 0
                && sendWindow >= tpl.bodyLength;
    }

    @Override
    void send(long intended, long now) {
        int sid = nextStreamId;
        nextStreamId += 2;
        if (nextStreamId < 0 || nextStreamId > Integer.MAX_VALUE - 2) {
            exhausted = true;
        }
        int slot = freeSlots[--freeTop];
        streamOf[slot] = sid;
        intendedAt[slot] = intended;
        sentAt[slot] = now;
        statusOf[slot] = 0;
        ctOkOf[slot] = tpl.expectContentType == null;
        bodyPosOf[slot] = 0;
        bodyBadOf[slot] = false;
        mapPut(sid, slot);
        outstanding++;
        streamsSeen++;
        ByteBuf b = out();
        H2Frames headers = !firstSent ? (useIndexed ? tpl.h2First : tpl.h2Stateless)
                : (useIndexed ? tpl.h2Indexed : tpl.h2Stateless);
        firstSent = true;
        headers.writeTo(b, sid);
        if (tpl.bodyLength > 0) {
            tpl.h2Data.writeTo(b, sid);
            sendWindow -= tpl.bodyLength;
        }
        worker.markDirty(this);
    }

    @Override
    void flushPending() {
        if (out != null && out.isReadable()) {
            ByteBuf b = out;
            out = null;
            ctx.writeAndFlush(b, ctx.voidPromise());
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        ByteBuf buf = cum.append(in);
        listener.now = System.nanoTime();
        try {
            reader.readFrame(ctx, buf, listener);
        } catch (Http2Exception | RuntimeException e) {
            buf.skipBytes(buf.readableBytes());
            if (!flooded) {
                protocolFailure("an HTTP/2 frame fluxlab could not read (" + describe(e) + ")");
            }
        }
        cum.keepRest(ctx.alloc(), in, buf);
    }

    private void protocolFailure(String detail) {
        if (ctx.channel().isActive()) {
            backOff = answered == 0;
            flushPending();
            closeWith(ErrorClass.PROTOCOL, detail);
        }
    }

    /**
     * Counts a control frame of {@code kind}; past the allowance the connection is closed at once (the acknowledgements
     * pending for the flood are dropped, not sent) and the frame's parsing is abandoned by {@link Flooded}.
     */
    private void control(String kind) {
        if (++controlFrames <= CONTROL_ALLOWANCE + 4 * streamsSeen) {
            return;
        }
        flooded = true;
        if (ctx.channel().isActive()) {
            if (out != null) {
                out.release();
                out = null;
            }
            backOff = answered == 0;
            closeWith(ErrorClass.PROTOCOL, "a flood of HTTP/2 " + kind + " frames from the server (" + controlFrames
                    + " control frames for " + streamsSeen + " streams); fluxlab closed the connection");
        }
        throw Flooded.INSTANCE;
    }

    /** Ends the parsing of a read burst from a flooding server: the rest is dropped with the connection. */
    private static final class Flooded extends RuntimeException {
        static final Flooded INSTANCE = new Flooded();

        private Flooded() {
            super("flood", null, false, false);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (consumed >= OUR_WINDOW / 2) {
            windowUpdate(0, (int) consumed);
            consumed = 0;
        }
        flushPending();
        worker.flushDirty();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cum.release();
        if (out != null) {
            out.release();
            out = null;
        }
        reader.close();
        super.channelInactive(ctx);
    }

    private void release(int slot) {
        mapRemove(streamOf[slot]);
        streamOf[slot] = 0;
        freeSlots[freeTop++] = slot;
        outstanding--;
    }

    private void complete(int slot, long now) {
        int status = statusOf[slot];
        boolean ctOk = ctOkOf[slot];
        boolean bodyOk = tpl.expectBody == null
                || (!bodyBadOf[slot] && bodyPosOf[slot] == tpl.expectBody.readableBytes());
        long intended = intendedAt[slot];
        long sent = sentAt[slot];
        long bodyBytes = bodyPosOf[slot];
        release(slot);
        answered++;
        LoopStats st = worker.stats;
        if (status != tpl.expectStatus) {
            st.unexpectedStatus(status, tpl.expectStatus, now);
        } else if (!ctOk || !bodyOk) {
            st.wrongBody(now, ctOk, bodyBytes, tpl);
        } else {
            st.ok(now, intended, sent, bodyBytes);
        }
        afterFree(now);
    }

    private void afterFree(long now) {
        if ((goAway || exhausted) && outstanding == 0) {
            ctx.close();
            return;
        }
        worker.slotFree(this, now);
    }

    @Override
    int sentBefore(long t) {
        int n = 0;
        for (int s = 0; s < wanted; s++) {
            n += streamOf[s] != 0 && sentAt[s] < t ? 1 : 0;
        }
        return n;
    }

    @Override
    void checkTimeouts(long now, long timeoutNanos) {
        if (outstanding == 0) {
            return;
        }
        boolean any = false;
        for (int s = 0; s < wanted; s++) {
            if (streamOf[s] != 0 && now - sentAt[s] > timeoutNanos) {
                // RST_STREAM(CANCEL) and give the slot back; the connection goes on
                out().writeMedium(4).writeByte(0x3).writeByte(0).writeInt(streamOf[s]).writeInt(0x8);
                release(s);
                worker.stats.error(ErrorClass.TIMEOUT, now, worker.timeoutDetail);
                any = true;
            }
        }
        if (any) {
            afterFree(now);
            flushPending();
        }
    }

    @Override
    void failOutstanding(ErrorClass c, long now) {
        for (int s = 0; s < wanted; s++) {
            if (streamOf[s] != 0) {
                release(s);
                worker.stats.error(c, now, closeDetail);
            }
        }
    }

    // --- stream id -> slot, linear probing with backward-shift deletion ---

    private void mapPut(int key, int val) {
        int i = (key >>> 1) & mapMask;
        while (mapKeys[i] != 0) {
            i = (i + 1) & mapMask;
        }
        mapKeys[i] = key;
        mapVals[i] = val;
    }

    private int mapGet(int key) {
        int i = (key >>> 1) & mapMask;
        for (;;) {
            int k = mapKeys[i];
            if (k == key) {
                return mapVals[i];
            }
            if (k == 0) {
                return -1;
            }
            i = (i + 1) & mapMask;
        }
    }

    private void mapRemove(int key) {
        int i = (key >>> 1) & mapMask;
        while (mapKeys[i] != key) {
            if (mapKeys[i] == 0) {
                return;
            }
            i = (i + 1) & mapMask;
        }
        // backward shift
        int j = i;
        for (;;) {
            j = (j + 1) & mapMask;
            int k = mapKeys[j];
            if (k == 0) {
                break;
            }
            int home = (k >>> 1) & mapMask;
            boolean between = i <= j ? (i < home && home <= j) : (i < home || home <= j);
            if (!between) {
                mapKeys[i] = k;
                mapVals[i] = mapVals[j];
                i = j;
            }
        }
        mapKeys[i] = 0;
    }

    /** Frame callbacks; {@code now} is the arrival time of the read burst being parsed. */
    private final class Listener extends Http2FrameAdapter {
        long now;

        @Override
        public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding, boolean endOfStream) {
            int n = data.readableBytes();
            consumed += n + padding;
            int slot = mapGet(streamId);
            if (slot >= 0) {
                ByteBuf exp = tpl.expectBody;
                if (exp != null && !bodyBadOf[slot] && n > 0) {
                    long pos = bodyPosOf[slot];
                    if (pos + n > exp.readableBytes() || !ByteBufUtil.equals(data, data.readerIndex(), exp, (int) pos, n)) {
                        bodyBadOf[slot] = true;
                    }
                }
                bodyPosOf[slot] += n;
                if (endOfStream) {
                    complete(slot, now);
                }
            }
            return n + padding;
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding,
                                  short weight, boolean exclusive, int streamDependency, boolean endOfStream) {
            onHeadersRead(ctx, streamId, headers, padding, endOfStream);
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding,
                                  boolean endOfStream) {
            int slot = mapGet(streamId);
            if (slot < 0) {
                return;
            }
            CharSequence st = ResponseHeadersDecoder.status(headers);
            if (st != null) {
                int code = ResponseHeadersDecoder.statusCode(st);
                if (code >= 100 && code < 200) {
                    return; // interim
                }
                statusOf[slot] = code;
                if (tpl.expectContentType != null) {
                    CharSequence ct = ResponseHeadersDecoder.contentType(headers);
                    ctOkOf[slot] = ct != null && contentTypeMatches(ct, tpl.expectContentType);
                }
            }
            if (endOfStream) {
                complete(slot, now);
            }
        }

        @Override
        public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
            int slot = mapGet(streamId);
            if (slot >= 0) {
                release(slot);
                worker.stats.error(ErrorClass.PROTOCOL, now, "RST_STREAM " + errorName(errorCode) + " from the server");
                afterFree(now);
            }
        }

        @Override
        public void onSettingsRead(ChannelHandlerContext ctx, Http2Settings settings) {
            control("SETTINGS");
            Long mcs = settings.maxConcurrentStreams();
            if (mcs != null) {
                capacity = (int) Math.min(wanted, mcs);
                if (mcs < worker.ctl.serverStreamLimit) {
                    worker.ctl.serverStreamLimit = mcs;
                }
            }
            Integer iw = settings.initialWindowSize();
            if (iw != null) {
                serverInitialWindow = iw;
            }
            Long hts = settings.headerTableSize();
            if (!settingsSeen) {
                useIndexed = hts == null || hts >= tpl.h2TableNeed;
            } else if (hts != null && hts < tpl.h2TableNeed) {
                useIndexed = false;
            }
            out().writeMedium(0).writeByte(0x4).writeByte(0x1).writeInt(0); // SETTINGS ack
            if (!settingsSeen) {
                settingsSeen = true;
                if (tpl.bodyLength > serverInitialWindow) {
                    worker.connectFailed(H2Conn.this, new IllegalStateException("request body of " + tpl.bodyLength
                            + " bytes exceeds the server's initial stream window " + serverInitialWindow), ErrorClass.PROTOCOL);
                    flushPending();
                    ctx.close();
                    return;
                }
                becameReady();
            }
        }

        @Override
        public void onPingRead(ChannelHandlerContext ctx, long data) {
            control("PING");
            out().writeMedium(8).writeByte(0x6).writeByte(0x1).writeInt(0).writeLong(data);
        }

        @Override
        public void onGoAwayRead(ChannelHandlerContext ctx, int lastStreamId, long errorCode, ByteBuf debugData) {
            control("GOAWAY");
            goAway = true;
            String debug = debugData.isReadable()
                    ? debugData.toString(debugData.readerIndex(), Math.min(200, debugData.readableBytes()),
                    StandardCharsets.UTF_8).strip() : "";
            String goAwayFrame = "GOAWAY " + errorName(errorCode) + (debug.isEmpty() ? "" : " (\"" + debug + "\")");
            if (errorCode != Http2Error.NO_ERROR.code() || ++goAways > 2) {
                // an error, or more GOAWAYs than a graceful shutdown's two: nothing more comes on this connection
                backOff = answered == 0;
                flooded = true;
                closeWith(ErrorClass.PROTOCOL, goAwayFrame + " from the server"
                        + (goAways > 2 ? ", " + goAways + " times" : ""));
                throw Flooded.INSTANCE;
            }
            closeDetail = "the server sent " + goAwayFrame + " and closed the connection";
            for (int s = 0; s < wanted; s++) {
                if (streamOf[s] > lastStreamId) {
                    release(s);
                    worker.stats.error(ErrorClass.PROTOCOL, now, goAwayFrame + " from the server");
                }
            }
            if (outstanding == 0) {
                ctx.close();
            }
        }

        @Override
        public void onWindowUpdateRead(ChannelHandlerContext ctx, int streamId, int windowSizeIncrement) {
            control("WINDOW_UPDATE");
            if (streamId == 0) {
                sendWindow += windowSizeIncrement;
                if (tpl.bodyLength > 0) {
                    worker.slotFree(H2Conn.this, now);
                }
            }
        }

        @Override
        public void onPushPromiseRead(ChannelHandlerContext ctx, int streamId, int promisedStreamId,
                                      Http2Headers headers, int padding) {
            protocolFailure("a PUSH_PROMISE, which fluxlab does not accept (its SETTINGS disable push)");
        }
    }

    /** An HTTP/2 error code by its RFC 9113 name ({@code PROTOCOL_ERROR}), else as a number. */
    private static String errorName(long code) {
        Http2Error e = Http2Error.valueOf(code);
        return e != null ? e.name() : "error code " + code;
    }

    static boolean contentTypeMatches(CharSequence ct, byte[] expected) {
        int n = ct.length();
        if (n < expected.length) {
            return false;
        }
        for (int i = 0; i < expected.length; i++) {
            char c = ct.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                c += 32;
            }
            if (c != expected[i]) {
                return false;
            }
        }
        int i = expected.length;
        while (i < n && ct.charAt(i) == ' ') {
            i++;
        }
        return n == expected.length || (i < n && ct.charAt(i) == ';');
    }
}
