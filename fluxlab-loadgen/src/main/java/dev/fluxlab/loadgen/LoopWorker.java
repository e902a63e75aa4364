package dev.fluxlab.loadgen;

import dev.fluxlab.model.http.WireProtocol;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * Everything one event loop drives: its share of the connections, their (re)connection, the open-model
 * scheduler, timeout checks and the loop's {@link LoopStats}. All methods run on {@link #loop} except where noted.
 *
 * <p>Open model: {@link SendSchedule} says when each request of this loop is intended and when the loop's timer
 * fires (coalesced: at most one wake-up per {@link SendSchedule#COALESCE_NANOS}, not one per request). At each wake-up,
 * and at each completion, every due request is sent on a connection with a free slot; when none is free the request
 * waits, and its corrected latency (from the intended time) includes that wait. The schedule never slows down: what is
 * still unsent when the phase ends is counted as missed.
 */
final class LoopWorker {

    final EventLoop loop;
    final LoadSpec spec;
    final RunControl ctl;
    final LoopStats stats;
    final RequestTemplate tpl;
    private final Bootstrap bootstrap;
    private final SslContext ssl;
    /** HTTP/3: opens the QUIC connections; null for the TCP protocols. */
    private final QuicDialer quic;
    private final InitialConnects initial;
    private final Conn[] conns;
    private final ByteBuf http1Batch;
    private final Conn[] dirty;
    private int dirtyCount;
    private final long timeoutNanos;
    /** The cause a timed-out request is counted with (built once, not per error). */
    final String timeoutDetail;

    private boolean started;
    private long startedAt;
    private int cursor;
    // open model
    private final SendSchedule schedule;
    private boolean timerArmed;
    private final Runnable timerTask = this::timerFired;
    private long lateSendsAfterEnd;

    LoopWorker(EventLoop loop, int connections, LoadSpec spec, RunControl ctl, RequestTemplate tpl, ClientTransport transport,
               SslContext ssl, QuicDialer quic, InetSocketAddress address, InitialConnects initial, double loopRate) {
        this.loop = loop;
        this.spec = spec;
        this.ctl = ctl;
        this.tpl = tpl;
        this.stats = new LoopStats(ctl, spec.measuredBuckets());
        this.ssl = ssl;
        this.quic = quic;
        this.initial = initial;
        this.conns = new Conn[connections];
        this.dirty = new Conn[connections];
        this.timeoutNanos = spec.timeout().toNanos();
        this.timeoutDetail = "no complete response within " + spec.timeout().toMillis() + " ms (--timeout)";
        this.schedule = new SendSchedule(loopRate);
        this.http1Batch = spec.protocol() == WireProtocol.HTTP11 ? tpl.http1Batch(spec.inFlight()) : null;
        this.bootstrap = new Bootstrap()
                .group(loop)
                .channel(transport.channelClass())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, spec.timeout().toMillis()))
                .remoteAddress(address);
    }

    int connectionCount() {
        return conns.length;
    }

    /** Opens every connection (first attempts report to {@link InitialConnects}). Runs on the loop. */
    void connectAll() {
        for (int i = 0; i < conns.length; i++) {
            connect(i, true);
        }
        long period = Math.max(10, Math.min(250, spec.timeout().toMillis() / 4));
        loop.scheduleAtFixedRate(this::timeoutTick, period, period, TimeUnit.MILLISECONDS);
    }

    private Conn newConn(int i) {
        return switch (spec.protocol()) {
            case H3 -> new H3Conn(this, i, spec.inFlight());
            case H2, H2C -> new H2Conn(this, i, spec.inFlight());
            case HTTP11 -> new Http1Conn(this, i, spec.inFlight(), http1Batch);
        };
    }

    private void connect(int i) {
        connect(i, false);
    }

    private void connect(int i, boolean initialAttempt) {
        if (ctl.stopping) {
            return;
        }
        Conn c = newConn(i);
        c.initialAttempt = initialAttempt;
        c.connectStart = System.nanoTime();
        conns[i] = c;
        if (quic != null) {
            quic.dial((H3Conn) c, loop, (cause, cls) -> {
                connectFailed(c, cause, cls);
                if (conns[i] == c) {
                    conns[i] = null;
                }
                scheduleReconnect(i, 100);
            });
            return;
        }
        Bootstrap b = bootstrap.clone().handler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.pipeline().addLast(new BytesIn(stats));
                if (ssl != null) {
                    SslHandler h = ssl.newHandler(ch.alloc(), spec.host(), spec.port());
                    ch.pipeline().addLast(h);
                }
                ch.pipeline().addLast(c);
            }
        });
        b.connect().addListener((ChannelFutureListener) f -> {
            if (!f.isSuccess()) {
                connectFailed(c, f.cause(), ErrorClass.CONNECT);
                if (conns[i] == c) {
                    conns[i] = null;
                }
                scheduleReconnect(i, 100);
            }
        });
    }

    private void scheduleReconnect(int i, long delayMs) {
        if (ctl.stopping || !started) {
            return;
        }
        loop.schedule(() -> {
            if (conns[i] == null) {
                connect(i);
            }
        }, delayMs, TimeUnit.MILLISECONDS);
    }

    /** A connection attempt failed before the connection was usable. */
    void connectFailed(Conn c, Throwable cause, ErrorClass cls) {
        if (c.outcomeReported) {
            return;
        }
        c.outcomeReported = true;
        if (c.initialAttempt) {
            initial.failed(cause);
        }
        stats.error(cls, System.nanoTime(), Conn.describe(cause));
    }

    void connReady(Conn c) {
        if (c.initialAttempt && !c.outcomeReported) {
            initial.ready();
        }
        c.outcomeReported = true;
        if (started) {
            fill(c);
        }
    }

    void connClosed(Conn c) {
        if (conns[c.index] == c) {
            conns[c.index] = null;
            if (!ctl.stopping && started) {
                scheduleReconnect(c.index, c.everReady && c.closeReason != ErrorClass.CONNECT && !c.backOff ? 0 : 100);
            }
        }
        if (!c.everReady) {
            connectFailed(c, new IllegalStateException("the server closed the connection before it was usable"), ErrorClass.CONNECT);
        }
    }

    /** Starts issuing requests (closed model) or the schedule (open model) from {@code start}. Runs on the loop. */
    void start(long start) {
        started = true;
        startedAt = System.nanoTime();
        for (int i = 0; i < conns.length; i++) {
            if (conns[i] == null) {
                connect(i);
            }
        }
        if (schedule.active()) {
            schedule.start(start);
            tick();
        } else {
            for (Conn c : conns) {
                if (c != null && c.ready) {
                    fill(c);
                }
            }
            flushDirty();
        }
    }

    private void fill(Conn c) {
        if (schedule.active()) {
            dispatchDue(System.nanoTime());
            flushDirty();
            return;
        }
        long now = System.nanoTime();
        // without keep-alive the request's time starts with its connect (as ab's "Total"), unless the connection
        // was opened before the load started
        long t0 = spec.keepAlive() || c.connectStart < startedAt ? now : c.connectStart;
        while (!ctl.stopping && c.canSend()) {
            c.send(t0, t0);
        }
        c.flushPending();
    }

    /** A request finished on {@code c} at {@code now}; called from the connection's read path (flush follows). */
    void slotFree(Conn c, long now) {
        if (ctl.stopping || !started) {
            return;
        }
        if (schedule.active()) {
            dispatchDue(now);
        } else if (c.refillDue()) {
            while (c.canSend()) {
                c.send(now, now);
            }
        }
    }

    void markDirty(Conn c) {
        // connections flush themselves in channelReadComplete; the list covers sends made on other connections
        if (!c.dirtyMarked) {
            c.dirtyMarked = true;
            dirty[dirtyCount++] = c;
        }
    }

    void flushDirty() {
        for (int i = 0; i < dirtyCount; i++) {
            Conn c = dirty[i];
            dirty[i] = null;
            c.dirtyMarked = false;
            if (c.ctx != null && c.ctx.channel().isActive()) {
                c.flushPending();
            }
        }
        dirtyCount = 0;
    }

    private void dispatchDue(long now) {
        long start = ctl.measureStart;
        long end = ctl.measureEnd;
        while (!ctl.stopping) {
            long t = schedule.nextIntended();
            if (t - end >= 0) {
                // intended at or after the window's end: never sent, nor is the timer armed for it. The loops stop
                // here by themselves, at the end a fixed window set when it opened (or the one a count or a stop
                // set since); the coordinator's word ('stopping') came up to 160 ms late on a loaded machine, and
                // the server got that long of unmeasured sends
                return;
            }
            if (t > now) {
                schedule.caughtUp();
                break;
            }
            Conn c = freeConn();
            if (c == null) {
                schedule.blocked();
                break; // no free slot: the request waits, its corrected latency grows
            }
            if (SendSchedule.missedAtEnd(t, now, start, end)) {
                lateSendsAfterEnd++;
            }
            c.send(t, now);
            stats.sent(now, t, schedule.waitedForConnection());
            schedule.sent();
        }
        armTimer(now);
    }

    private Conn freeConn() {
        int n = conns.length;
        for (int k = 0; k < n; k++) {
            int i = cursor + k;
            if (i >= n) {
                i -= n;
            }
            Conn c = conns[i];
            if (c != null && c.canSend()) {
                cursor = i + 1 == n ? 0 : i + 1;
                return c;
            }
        }
        return null;
    }

    private void armTimer(long now) {
        if (timerArmed || ctl.stopping) {
            return;
        }
        if (!schedule.due(now)) {
            timerArmed = true;
            loop.schedule(timerTask, schedule.wakeAt(now) - now, TimeUnit.NANOSECONDS);
        }
        // else: requests are due but no slot is free; a completion or reconnect will dispatch them
    }

    private void timerFired() {
        timerArmed = false;
        tick();
    }

    private void tick() {
        dispatchDue(System.nanoTime());
        flushDirty();
    }

    private void timeoutTick() {
        long now = System.nanoTime();
        for (Conn c : conns) {
            if (c != null && c.ctx != null && c.outstanding > 0 && c.ctx.channel().isActive()) {
                c.checkTimeouts(now, timeoutNanos);
            }
        }
        if (schedule.active() && started) {
            dispatchDue(now);
        }
        flushDirty();
    }

    /** Runs on the loop after the measured phase: open-model requests intended in it and never sent before it ended. */
    long missedAt(long measureStart, long measureEnd) {
        if (!schedule.active() || measureEnd == Long.MAX_VALUE) {
            return 0;
        }
        return schedule.unsentBetween(measureStart, measureEnd) + lateSendsAfterEnd;
    }

    /**
     * Runs on the loop at the measured phase's start {@code t}: drops the open-model requests intended before it and
     * not sent yet (a backlog the warm-up left), so the measured phase's sends follow its own schedule; returns how
     * many were dropped. Without a warm-up the loop has not started yet, so there is no backlog: its schedule would
     * count from 0 and call every request since the machine booted one (--warmup 0 warned of millions dropped).
     */
    long dropBacklog(long t) {
        return schedule.active() && started ? schedule.skipBefore(t) : 0;
    }

    /**
     * Runs on the loop after the measured phase: requests still unanswered that were written before {@code t}, e.g.
     * the measured phase's start (a server that stopped answering leaves them; none of them counts anywhere else).
     */
    long unansweredSince(long t) {
        long n = 0;
        for (Conn c : conns) {
            if (c != null && c.outstanding > 0) {
                n += c.sentBefore(t);
            }
        }
        return n;
    }

    /**
     * HTTP/3: the smallest receive and send buffers ({@code SO_RCVBUF}, {@code SO_SNDBUF}) the connections' UDP
     * channels report, 0 when none is open. Runs on the loop.
     */
    int[] udpBuffers() {
        int rcv = 0, snd = 0;
        for (Conn c : conns) {
            if (c instanceof H3Conn h && h.datagram != null && h.datagram.isActive()
                    && h.datagram.config() instanceof io.netty.channel.socket.DatagramChannelConfig d) {
                int r = d.getReceiveBufferSize(), s = d.getSendBufferSize();
                rcv = rcv == 0 ? r : Math.min(rcv, r);
                snd = snd == 0 ? s : Math.min(snd, s);
            }
        }
        return new int[] {rcv, snd};
    }

    /** Stops sending and closes every connection. Runs on the loop. */
    void stop() {
        for (Conn c : conns) {
            if (c != null && c.ctx != null) {
                c.ready = false;
                c.ctx.channel().close();
            }
            if (c instanceof H3Conn h && h.datagram != null) {
                h.datagram.close();
            }
        }
    }
}
